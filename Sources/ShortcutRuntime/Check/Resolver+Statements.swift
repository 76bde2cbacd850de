import ShortcutSyntax

extension Resolver {
    func statements(_ list: [Stmt]) -> [Statement] {
        list.flatMap { statement($0) }
    }

    /// A block in its own scope.
    func block(_ b: Block) -> [Statement] {
        pushScope()
        defer { popScope() }
        return statements(b.statements)
    }

    func statement(_ s: Stmt) -> [Statement] {
        switch s.kind {
        case .expression(let e):
            let node = expr(e)
            if let slot = context.builderSlot { return [.buildAppend(slot: slot, node, e.range)] }
            return [.expression(node)]
        case .assign(let target, let op, let value):
            warnIfSnippetWrites(target, detail: "an assignment")
            let valueNode = expr(value)
            guard let place = lvalue(target) else { return [] }
            switch op {
            case .assign: return [.assign(place, valueNode, s.range)]
            case .add: return [.compoundAssign(place, .add, valueNode, s.range)]
            case .subtract: return [.compoundAssign(place, .subtract, valueNode, s.range)]
            case .multiply: return [.compoundAssign(place, .multiply, valueNode, s.range)]
            case .divide: return [.compoundAssign(place, .divide, valueNode, s.range)]
            case .remainder: return [.compoundAssign(place, .remainder, valueNode, s.range)]
            }
        case .variable(let v):
            return variable(v, s.range)
        case .if(let conditions, let body, let elseBranch):
            let elseCode: [Statement]
            if let elseBranch {
                if case .block(let b) = elseBranch.kind { elseCode = block(b) } else { elseCode = statement(elseBranch) }
            } else {
                elseCode = []
            }
            if conditions.count == 1, case .expression(let c) = conditions[0] {
                return [.if(expr(c), block(body), elseCode, c.range)]
            }
            pushScope()
            let codes = self.conditions(conditions)
            let then = block(body)
            popScope()
            return [.ifConditions(codes, then, elseCode)]
        case .guard(let conditions, let body):
            let elseBody = block(body)
            let codes = self.conditions(conditions)
            return [.guard(codes, elseBody, s.range)]
        case .forIn(let pattern, let sequence, let whereClause, let body):
            let sequenceNode = expr(sequence)
            pushScope()
            defer { popScope() }
            let bindings = declarePattern(pattern, isConstant: true)
            let whereNode = whereClause.map { expr($0) }
            context.loopDepth += 1
            let bodyCode = block(body)
            context.loopDepth -= 1
            if case .binary(let op, let lo, let hi) = sequence.kind, op == .halfOpenRange || op == .closedRange,
               bindings.count == 1, whereNode == nil, !isTuplePattern(pattern) {
                return [.forRange(bindings[0], expr(lo), expr(hi), closed: op == .closedRange, bodyCode, sequence.range)]
            }
            return [.forEach(bindings, sequenceNode, where: whereNode, bodyCode, sequence.range)]
        case .while(let conditions, let body):
            pushScope()
            defer { popScope() }
            let codes = self.conditions(conditions)
            context.loopDepth += 1
            defer { context.loopDepth -= 1 }
            return [.while(codes, block(body))]
        case .repeat(let body, let condition):
            context.loopDepth += 1
            let bodyCode = block(body)
            context.loopDepth -= 1
            return [.repeatWhile(bodyCode, expr(condition), condition.range)]
        case .switch(let subject, let cases):
            let subjectNode = expr(subject)
            context.switchDepth += 1
            defer { context.switchDepth -= 1 }
            var codes: [SwitchCaseCode] = []
            for c in cases {
                pushScope()
                let patterns = c.patterns.map { expr($0) }
                let guardNode = c.guardExpr.map { expr($0) }
                let body = statements(c.body.statements)
                popScope()
                codes.append(SwitchCaseCode(patterns: patterns, guardNode: guardNode, body: body))
            }
            return [.switch(subjectNode, codes, s.range)]
        case .return(let value):
            if !context.allowsReturn {
                error(.returnOutsideFunction, at: s.range)
                return []
            }
            return [.return(value.map { expr($0) }, s.range)]
        case .break:
            if context.loopDepth == 0, context.switchDepth == 0 {
                error(.breakOutsideLoop("break"), at: s.range)
                return []
            }
            return [.break]
        case .continue:
            if context.loopDepth == 0 {
                error(.breakOutsideLoop("continue"), at: s.range)
                return []
            }
            return [.continue]
        case .throw(let value):
            return [.throw(expr(value), s.range)]
        case .do(let body, let catchName, let catchBody):
            let bodyCode = block(body)
            pushScope()
            defer { popScope() }
            let binding = declareLocal(catchName ?? "error", isConstant: true, range: s.range)
            let catchCode = catchBody.map { block($0) } ?? []
            return [.doCatch(bodyCode, catchSlot: binding, catchCode)]
        case .show(let value):
            return [.show(expr(value), s.range)]
        case .block(let b):
            return [.block(block(b))]
        case .declaration(let d):
            return nestedDeclaration(d)
        }
    }

    func isTuplePattern(_ p: Pattern) -> Bool {
        if case .tuple = p { return true }
        return false
    }

    /// Declares the names a pattern binds; one binding per name, in order.
    func declarePattern(_ pattern: Pattern, isConstant: Bool) -> [Binding] {
        switch pattern {
        case .name(let n, let r): return [declareLocal(n, isConstant: isConstant, range: r)]
        case .wildcard: return [.discard]
        case .tuple(let parts): return parts.flatMap { declarePattern($0, isConstant: isConstant) }
        }
    }

    func variable(_ v: VarDecl, _ range: SourceRange) -> [Statement] {
        let check = v.type.map { resolveType($0) }
        var value: Node
        if let initializer = v.initializer {
            value = expr(initializer)
            if let check { staticCheck(initializer, against: check, declaration: v.name) }
        } else {
            value = .constant(.null)
        }
        if v.getter != nil {
            error(.expected("a computed property only in a type", found: "'{'"), at: v.nameRange)
            return []
        }
        if case .tuple = v.pattern {
            let bindings = declarePattern(v.pattern, isConstant: v.isConstant)
            return [.destructure(bindings, value, range)]
        }
        let name = v.name
        if atGlobalScope, case .variable(let slot, _, _)? = globals[name] {
            if declaredGlobals.contains(name), !allowsRedefinition {
                error(.duplicateDeclaration(name, previousLine: line(of: globals[name]?.range ?? .none)), at: v.nameRange)
            }
            declaredGlobals.insert(name)
            globals[name] = .variable(slot: slot, isConstant: v.isConstant, range: v.nameRange)
            return [.initGlobal(slot, value, check, name: name, range)]
        }
        switch declareLocal(name, isConstant: v.isConstant, range: v.nameRange) {
        case .slot(let s): return [.initLocal(s, value, check, name: name, range)]
        case .cell(let s): return [.initCell(s, value, check, name: name, range)]
        case .discard: return [.expression(value)]
        }
    }

    /// Reports literal mismatches that are certain without running (`let x: Int = "a"`).
    func staticCheck(_ e: Expr, against check: TypeCheck, declaration: String) {
        let actual: String
        switch e.kind {
        case .integer: actual = "Int"
        case .double: actual = "Double"
        case .string: actual = "String"
        case .bool: actual = "Bool"
        default: return
        }
        var target = check
        if case .optional(let inner) = check { target = inner }
        let fits: Bool
        switch target {
        case .any: fits = true
        case .int: fits = actual == "Int"
        case .double: fits = actual == "Int" || actual == "Double"
        case .string: fits = actual == "String"
        case .bool: fits = actual == "Bool"
        default: fits = false
        }
        if !fits { error(.typeMismatch(declaration: declaration, expected: check.description, actual: actual), at: e.range) }
    }

    func conditions(_ list: [Condition]) -> [ConditionCode] {
        list.map { c -> ConditionCode in
            switch c {
            case .expression(let e):
                return .test(expr(e), e.range)
            case .binding(let isVar, let name, let nameRange, let value):
                let node: Node
                if let value {
                    node = expr(value)
                } else {
                    node = identifier(name, at: nameRange)
                }
                let binding = declareLocal(name, isConstant: !isVar, range: nameRange)
                return .bind(binding, node, nil)
            }
        }
    }

    /// Declarations inside a body: functions become local closures; the rest must be at the top level.
    func nestedDeclaration(_ d: Decl) -> [Statement] {
        if atGlobalScope { return [] }   // resolved in their own pass
        guard case .function(let f) = d.kind else {
            error(.declarationNotAtTopLevel(d.name), at: d.nameRange, notes: ["only 'func' may be declared inside a body"])
            return []
        }
        let binding = declareLocal(f.name, isConstant: true, range: d.nameRange)
        let node = closureNode(f, name: functionSignature(f), range: d.nameRange)
        switch binding {
        case .slot(let s): return [.initLocal(s, node, nil, name: f.name, d.range)]
        case .cell(let s): return [.initCell(s, node, nil, name: f.name, d.range)]
        case .discard: return []
        }
    }

    /// A nested function: a closure with labels and defaults.
    func closureNode(_ f: FunctionDecl, name: String, range: SourceRange) -> Node {
        let checks = f.parameters.map { $0.type.map { resolveType($0) } }
        let defaults: [FunctionCode?] = f.parameters.map { p in p.defaultValue.map { resolveExpressionFunction($0, name: "default of '\(p.name)'") } }
        let returnCheck = f.returnType.map { resolveType($0) }
        let (layout, body, captures) = withFunction(kind: .closure, name: name, selfKind: nil, parameters: f.parameters.map { ($0.name, $0.range) },
                                                    scanning: f.body.statements) {
            functionBody(f.body)
        }
        let code = FunctionCode(name: name, parameterLabels: f.parameters.map(\.label), parameterChecks: checks, defaults: defaults,
                                returnCheck: returnCheck, hasSelf: false, isMutating: false, captureSlots: layout.captureSlots,
                                frameSize: layout.frameSize, body: body, range: range)
        return .closure(code, captures)
    }

    /// A view-builder body: expression statements become children of the result.
    func builderBlock(_ list: [Stmt]) -> Node {
        let slot = context.allocate()
        let saved = context.builderSlot
        context.builderSlot = slot
        defer { context.builderSlot = saved }
        pushScope()
        defer { popScope() }
        return .build(slot: slot, statements(list))
    }
}

