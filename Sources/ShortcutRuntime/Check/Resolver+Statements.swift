import ShortcutSyntax

extension Resolver {
    /// A bare `.member` that nothing gives a type: the expression itself, or the first of an array literal's when each
    /// of its elements is one (`[.a, .b]`).
    static func contextlessMember(_ e: Expr) -> (String, Expr)? {
        switch e.kind {
        case .implicitMember(let name): return (name, e)
        case .array(let elements):
            guard let first = elements.first, elements.allSatisfy({ if case .implicitMember = $0.kind { true } else { false } }) else { return nil }
            return contextlessMember(first)
        default: return nil
        }
    }

    func statements(_ list: [Stmt]) -> [Statement] {
        // `defer` wraps the rest of its scope, so its block runs however the scope is left.
        if let i = list.firstIndex(where: { if case .defer = $0.kind { return true }; return false }), case .defer(let cleanup) = list[i].kind {
            let before = list[..<i].flatMap { statement($0) }
            let cleanupCode = deferredBlock(cleanup)
            return before + [.deferred(statements(Array(list[(i + 1)...])), cleanup: cleanupCode)]
        }
        return forwardDeclareFunctions(list) + list.flatMap { statement($0) }
    }

    /// A `defer` body: it may not leave its block with `return`, `break` or `continue`, as in Swift.
    func deferredBlock(_ b: Block) -> [Statement] {
        let saved = (context.allowsReturn, context.loopDepth, context.switchDepth, context.labels, context.fallthroughTarget)
        context.allowsReturn = false
        context.loopDepth = 0
        context.switchDepth = 0
        context.labels = []
        context.fallthroughTarget = nil
        defer { (context.allowsReturn, context.loopDepth, context.switchDepth, context.labels, context.fallthroughTarget) = saved }
        return block(b)
    }

    /// A block in its own scope.
    func block(_ b: Block) -> [Statement] {
        pushScope()
        defer { popScope() }
        return statements(b.statements) + endOfScope(at: b.range)
    }

    func resolvedStatement(_ s: Stmt) -> [Statement] {
        switch s.kind {
        case .expression(let e):
            // `self.init(x: v, y: v)` in an initialiser: self becomes the value that initialiser makes.
            if case .call(let callee, let args) = e.kind, case .member(let base, "init", _) = callee.kind, case .self = base.kind,
               case .record(let r)? = selfKind(), let place = lvalue(base) {
                let made = typedCall(Expr(.identifier(r.name), callee.range), args, expected: .record(r), range: e.range)
                delegatesInitialization()
                return [.assign(place, made.node, e.range)]
            }
            // `swap(&a, &b)`: the standard library's, as the tuple assignment `(a, b) = (b, a)`.
            if case .call(let callee, let args) = e.kind, case .identifier("swap") = callee.kind, isUndeclared("swap"), args.count == 2,
               case .inoutArgument(let a) = args[0].value.kind, case .inoutArgument(let b) = args[1].value.kind {
                // Two elements of one collection overlap, as Swift's exclusivity rule says (`swapAt` is the way).
                if case .subscript(let x, _) = a.kind, case .subscript(let y, _) = b.kind, case .identifier(let n) = x.kind, case .identifier(n) = y.kind {
                    error(.overlappingAccess(n), at: args[0].value.range)
                }
                return statement(Stmt(.assign(Expr(.tuple([a, b]), e.range), .assign, Expr(.tuple([b, a]), e.range)), s.range))
            }
            let node = expr(e)
            if let slot = context.builderSlot { return [.buildAppend(slot: slot, node, e.range)] }
            return [.expression(node)]
        case .assign(let target, let op, let value):
            if op == .assign, case .tuple(let targets) = target.kind {
                defer { assignsProperty(target, at: operatorRange("=", after: target, before: value)) }
                return tupleAssignment(targets, value, s.range)
            }
            if let call = subscriptSetterCall(target, op, value, range: s.range) { return statement(Stmt(.expression(call), s.range)) }
            // `v += w` where v's type declares `+=`: a call of it.
            if let call = userCompoundAssignment(target, op, value, range: s.range) { return statement(Stmt(.expression(call), s.range)) }
            warnIfStoreWrite(target, detail: "an assignment")
            // `q = value` where `q` was declared without one: its first assignment, allowed for a `let` too.
            let equals = op == .assign ? operatorRange("=", after: target, before: value) : target.range
            let initializes = op == .assign ? initialization(of: target, at: equals) : nil
            let operatorAt = op == .assign ? nil : operatorRange(op.rawValue, after: target, before: value)
            changing(by: operatorAt) { checkConstantRoot(target); checkStandardProperty(target); checkSelfAssignment(target) }
            let valueNode = changing(by: operatorAt) { typedKept(value) { assignedValue(value, to: target, op: op, range: s.range) } }
            if let initializes { uninitialized.remove(initializes) }   // a join marks it where another way left it pending
            if op == .assign { assignsProperty(target, at: equals); checkNotEscaping(value, .assigned, at: equals) }
            guard let place = changing(by: operatorAt, { lvalue(target, reportErrors: initializes == nil) }) else { return [] }
            switch op {
            case .assign: return [.assign(place, valueNode, s.range)] + notReadingLazyProperty(at: target.range)
            case .add: return [.compoundAssign(place, .add, valueNode, s.range)]
            case .subtract: return [.compoundAssign(place, .subtract, valueNode, s.range)]
            case .multiply: return [.compoundAssign(place, .multiply, valueNode, s.range)]
            case .divide: return [.compoundAssign(place, .divide, valueNode, s.range)]
            case .remainder: return [.compoundAssign(place, .remainder, valueNode, s.range)]
            case .bitAnd: return [.compoundAssign(place, .bitAnd, valueNode, s.range)]
            case .bitOr: return [.compoundAssign(place, .bitOr, valueNode, s.range)]
            case .bitXor: return [.compoundAssign(place, .bitXor, valueNode, s.range)]
            case .shiftLeft: return [.compoundAssign(place, .shiftLeft, valueNode, s.range)]
            case .shiftRight: return [.compoundAssign(place, .shiftRight, valueNode, s.range)]
            case .wrappingAdd: return [.compoundAssign(place, .wrappingAdd, valueNode, s.range)]
            case .wrappingSubtract: return [.compoundAssign(place, .wrappingSubtract, valueNode, s.range)]
            case .wrappingMultiply: return [.compoundAssign(place, .wrappingMultiply, valueNode, s.range)]
            case .maskingShiftLeft: return [.compoundAssign(place, .maskingShiftLeft, valueNode, s.range)]
            case .maskingShiftRight: return [.compoundAssign(place, .maskingShiftRight, valueNode, s.range)]
            }
        case .variable(let v):
            return variable(v, s.range)
        case .if(let conditions, let body, let elseBranch):
            // In the order written (a closure's first `return` gives its result type): the conditions, the body, then
            // the `else`, from what the conditions left assigned.
            let before = uninitialized
            func otherwise(after conditions: Set<SourceRange>) -> [Statement] {
                let afterThen = (state: uninitialized, exits: alwaysExits(body.statements, leavingLoops: true))
                uninitialized = conditions
                var code: [Statement] = []
                if let elseBranch {
                    if case .block(let b) = elseBranch.kind { code = block(b) } else { code = statement(elseBranch) }
                }
                let afterElse = (state: uninitialized, exits: elseBranch.map { alwaysExits([$0], leavingLoops: true) } ?? false)
                joinBranches(from: before, [afterElse, afterThen])
                return code
            }
            if conditions.count == 1, case .expression(let c) = conditions[0] {
                let conditionNode = condition(c)
                let afterConditions = uninitialized
                let then = block(body)
                return [.if(conditionNode, then, otherwise(after: afterConditions), c.range)]
            }
            pushScope()
            let codes = self.conditions(conditions)
            let afterConditions = uninitialized
            let then = block(body)
            popScope()
            return [.ifConditions(codes, then, otherwise(after: afterConditions))]
        case .guard(let conditions, let body):
            checkGuardExits(body)
            let before = uninitialized
            let elseBody = block(body)
            uninitialized = before
            let codes = self.conditions(conditions, shadowing: true)
            return [.guard(codes, elseBody, s.range)]
        case .forIn(let pattern, let sequence, let whereClause, let body):
            if let loop = iteratorLoop(pattern, sequence, whereClause, body, at: s.range) { return loop }
            let sequenceTyped = typed(sequence), sequenceNode = sequenceTyped.node
            // The body may not run: what it assigns is not assigned after the loop.
            let before = uninitialized
            defer { uninitialized = before }
            let element: ScriptType
            if let e = sequenceTyped.type.elementType { element = e } else {
                error(.notASequence(type: sequenceTyped.type.description), at: sequence.range,
                      notes: ["'for … in' goes through an array, a range, a string or a dictionary"])
                element = .any
            }
            pushScope()
            defer { popScope() }
            var nested: [Statement] = []
            let bindings = declarePattern(pattern, isConstant: true, type: element, nested: &nested, sequence: sequence)
            var whereNode = whereClause.map { condition($0) }
            context.loopDepth += 1
            var bodyCode = block(body)
            context.loopDepth -= 1
            if !nested.isEmpty {
                // The nested tuples taken apart first, then the `where` (which may read their names) tested.
                if let test = whereNode { bodyCode = [.if(test, bodyCode, [.continue(levels: nil)], sequence.range)] }
                (bodyCode, whereNode) = (nested + bodyCode, nil)
            }
            if case .binary(let op, let lo, let hi) = sequence.kind, op == .halfOpenRange || op == .closedRange,
               bindings.count == 1, whereNode == nil, !isTuplePattern(pattern) {
                return [.forRange(bindings[0], expr(lo), expr(hi), closed: op == .closedRange, bodyCode, sequence.range)]
            }
            return [.forEach(bindings, sequenceNode, where: whereNode, bodyCode, sequence.range)]
        case .while(let conditions, let body):
            pushScope()
            let before = uninitialized, forever = enterLoop(conditions)
            defer {
                popScope()
                uninitialized = leaveLoop(forever: forever, before: before)
            }
            let codes = self.conditions(conditions)
            context.loopDepth += 1
            defer { context.loopDepth -= 1 }
            return [.while(codes, block(body))]
        case .repeat(let body, let condition):
            context.loopDepth += 1
            let bodyCode = block(body)
            context.loopDepth -= 1
            return [.repeatWhile(bodyCode, self.condition(condition), condition.range)]
        case .switch(let subject, let cases):
            let subjectTyped = typed(subject)
            warnIfNestedOptional(subjectTyped.type, at: subject.range)
            let subjectNode = subjectTyped.node
            context.switchDepth += 1
            defer { context.switchDepth -= 1 }
            var codes: [SwitchCaseCode] = [], patternsFailed = false
            let before = uninitialized
            var outcomes: [(state: Set<SourceRange>, exits: Bool)] = []
            let outerFallthrough = context.fallthroughTarget
            defer { context.fallthroughTarget = outerFallthrough }
            for (i, c) in cases.enumerated() {
                uninitialized = before
                pushScope()
                let reported = diagnostics.count
                let patterns = c.patterns.map { casePattern($0, subjectTyped.type) }
                checkBoundInEveryPattern(c.patterns)
                patternsFailed = patternsFailed || diagnostics[reported...].contains { $0.severity == .error }
                let guardNode = c.guardExpr.map { condition($0) }
                context.fallthroughTarget = fallthroughTarget(after: i, of: cases)
                let body = block(c.body)   // a scope of its own: it may shadow a pattern's name (`case let x: let x = x + 1`)
                popScope()
                codes.append(SwitchCaseCode(patterns: patterns, guardNode: guardNode, body: body))
                outcomes.append((uninitialized, alwaysExits(c.body.statements, leavingLoops: true)))
            }
            joinBranches(from: before, outcomes)
            // At `switch`, as swiftc; not after a pattern that is an error (swiftc says nothing more of the switch then).
            if !patternsFailed { checkExhaustive(cases, subjectTyped.type, at: s.range.prefix(6)) }
            return [.switch(subjectNode, codes, s.range)]
        case .return(let value):
            guard context.allowsReturn else { error(.returnOutsideFunction, at: s.range); return [] }
            if let returned = initializerReturn(value, range: s.range) { return [returned] }
            guard let value else {
                if context.isInitializer { checkReturnFromInitializer(at: s.range.prefix(6)) }
                if let type = context.returnType, !type.isUnknown, !type.agrees(with: .void) {
                    error(context.kind == .closure ? .missingReturnValue(type: type.description) : .returnWithoutValue, at: s.range)
                } else if context.returnType == nil, context.inferredReturnType == nil { context.inferredReturnType = .void }   // `{ return }`
                return [.return(nil, s.range)]
            }
            return [returnStatement(value, range: s.range, implicit: false)]
        case .break, .continue, .fallthrough:
            return jump(s)
        case .labeled(let label, let inner):
            var isLoop = true
            if case .switch = inner.kind { isLoop = false }
            context.labels.append((label.name, context.loopDepth + context.switchDepth, isLoop))
            defer { context.labels.removeLast() }
            return statement(inner)
        case .throw(let value):
            requireHandled(at: s.range, isThrow: true)
            // In a function declared `throws(BankError)` (outside a `do`) or a `do throws(BankError)`, what is thrown is one of those.
            if let declared = typedThrowContext {
                noteThrown(declared)
                return [.throw(fit(typed(value, declared), to: declared, site: .thrown, at: value.range), s.range)]
            }
            noteThrown(.error)
            return [.throw(expr(value), s.range)]
        case .do(let body, let catches):
            return doCatch(body, catches)
        case .show(let value):
            return [.show(expr(value), s.range)]
        case .block(let b):
            return [.block(block(b))]
        case .declaration(let d):
            return nestedDeclaration(d)
        case .defer(let b):
            // Reached only through `statement` alone (a defer as the whole body of an `if`): it runs at once, at that scope's end.
            return deferredBlock(b)
        }
    }

    func variable(_ v: VarDecl, _ range: SourceRange) -> [Statement] {
        // A wrapper is lowered on a type's property (`PropertyWrappers`), here on a body's variable (swiftc takes a global's too).
        if let use = v.wrapper {
            if case .record(let r, _, _)? = globals[use.name], memberType(.record(r), "wrappedValue") != nil {
                if !atGlobalScope, !v.isConstant { return localWrapped(v, use, range) }
                error(.swiftism(found: "@\(use.name) var \(v.name)", suggestion: "a property wrapper is supported on a type's property and a body's variable"), at: use.range)
            } else {
                error(.unknownAttribute(use.name), at: use.range.droppingFirstByte)
            }
        }
        if !atGlobalScope, !v.isConstant, v.setter != nil || v.isObserved { return localWithAccessors(v, range) }
        if v.ownership != nil, let held = weakLocal(v, range) { return held }
        if let each = tupleWithoutValue(v, range) { return each }
        let annotation = v.type.map { resolveType($0) }
        checkOwnership(v, annotation)
        var value: Node
        var type = annotation ?? .any
        var valueIsKnown = true
        var throwsOnRead = false
        if let initializer = v.initializer {
            let t = keepsErrorForReads(v) ? asyncLetValue(initializer, annotation, throwsOnRead: &throwsOnRead) : typedKept(initializer) { typed(initializer, annotation) }
            valueIsKnown = !t.type.isUnknown
            if let annotation {
                value = fit(t, to: annotation, site: .specified, at: initializer.range)
                if case .set(.any) = annotation, case .set = t.type { type = t.type }   // `let s: Set = [1, 2]` is a Set<Int>
            } else {
                value = t.node
                type = t.type
                // `let x = nil` (not `let v = anyDictionary["a"]`, an `Any?` of its own).
                if case .nil = initializer.kind { error(.nilNeedsContext, at: initializer.range) }
                if case .identifier(let name) = initializer.kind, lookupLocal(name) == nil, case .function(_, let f, _)? = globals[name],
                   let g = f.generics.first { error(.genericParameterNotInferred(g.name), at: initializer.range) }   // `let g = identity`
                // `let f = { x in x }`: a parameter neither the context nor the body gives a type.
                if case .closure(let c) = initializer.kind {
                    for i in Resolver.uninferableParameters(c) { error(.closureParameterNeedsType(c.parameters[i]), at: c.parameterRanges[i]) }
                }
                // `let x = .zero`, `let xs = [.a, .b]`: nothing says whose member it is.
                if let (member, e) = Resolver.contextlessMember(initializer), t.type.isUnknown || t.type.agrees(with: .array(.any)) {
                    error(.memberNeedsContext(member), at: e.range.droppingFirstByte)
                }
                if case .void = t.type, case .call = initializer.kind {
                    warning(.inferredVoid(v.isConstant ? "constant" : "variable", name: v.name), at: v.nameRange)
                }
            }
        } else {
            value = .constant(.null)
        }
        if !atGlobalScope, let getter = v.getter { return localGetter(v, getter) }   // a `let`'s setter: the parser said
        if rejectsAccessors(v) { return [] }
        // A value whose type the checker knows was checked here (and is only asserted when it runs); one it does not know is
        // checked when it runs. A variable with no value holds none until assigned.
        let check: Annotation?
        if v.initializer == nil || throwsOnRead { check = nil } else if let annotation, !valueIsKnown { check = Annotation(type: annotation, isEnforced: true) } else if type.isUnknown { check = nil } else {
            check = Annotation(type: type, isEnforced: false)
        }
        if case .tuple = v.pattern {
            var nested: [Statement] = []
            let bindings = declarePattern(v.pattern, isConstant: v.isConstant, type: type, nested: &nested, value: v.initializer, annotated: annotation != nil)
            return [.destructure(bindings, value, range)] + nested
        }
        let name = v.name
        // `var q: Int` with no value must be assigned before it is read; `var q: Int?` starts as nil.
        if v.initializer == nil, let annotation, v.isConstant || annotation.wrapped == nil { declaredWithoutValue(v) }
        if !isFrameLocal(name), case .variable(let slot, _, _)? = globals[name] {
            if declaredGlobals.contains(name), !allowsRedefinition {
                error(.duplicateDeclaration(name, previousLine: line(of: globals[name]?.range ?? .none)), at: v.nameRange)
            }
            declaredGlobals.insert(name)
            globals[name] = .variable(slot: slot, isConstant: v.isConstant, range: v.nameRange)
            if boxedGlobals[name] == nil { globalTypes[name] = type }   // else its property's (`typeBoxedGlobals`)
            return [.initGlobal(slot, value, check, name: name, range)]
        }
        let binding = declareLocal(name, isConstant: v.isConstant, range: v.nameRange, type: type)
        // A closure that throws (`let risky = { x in if x < 0 { throw E.bad }; return x }`): its calls need `try`.
        // A variable of a throwing function type (`let f: () throws -> Int`) too.
        let closureThrows = if case .closure = v.initializer?.kind, let closure = v.initializer?.range { throwingClosures.contains(closure) } else { false }
        if closureThrows || v.type?.isThrowing == true, let throwing = throwingFunction(type) {
            context.scopes[context.scopes.count - 1][name]?.nested = throwing
        }
        if v.isAsyncLet { context.scopes[context.scopes.count - 1][name]?.isAsyncLet = true }
        if throwsOnRead { context.scopes[context.scopes.count - 1][name]?.throwsOnRead = true }
        noteFoldedLet(name, v.initializer, isConstant: v.isConstant, type: type)
        noteSlice(name, v.initializer, type: type)
        if let initializer = v.initializer { checkNotThrowing(initializer, into: v.type) }
        switch binding {
        case .slot(let s): return [.initLocal(s, value, check, name: name, range)]
        case .cell(let s): return [.initCell(s, value, check, name: name, range)]
        case .discard: return [.expression(value)]
        }
    }

    /// An `if`'s, `while`'s or `guard`'s conditions; a `guard`'s names may be `shadowing` those of its scope
    /// (`declaresGuardBindings`, set around each declaration only: not in a closure its values hold).
    func conditions(_ list: [Condition], shadowing: Bool = false) -> [ConditionCode] {
        list.map { c -> ConditionCode in
            switch c {
            case .expression(let e):
                return .test(condition(e), e.range)
            case .binding(let isVar, let name, let nameRange, let value):
                let t = value.map { typed($0) } ?? typedIdentifier(name, at: nameRange)
                warnIfNestedOptional(t.type, at: value?.range ?? nameRange)
                let wrapped: ScriptType
                switch t.type {
                case .optional(let w): wrapped = w
                case .any: wrapped = .any
                default:
                    error(.bindingNotOptional(type: t.type.description), at: bindingKeywordRange(before: nameRange))
                    wrapped = t.type
                }
                declaresGuardBindings = shadowing
                defer { declaresGuardBindings = false }
                return .bind(declareLocal(name, isConstant: !isVar, range: nameRange, type: wrapped), t.node, nil)
            case .pattern(let pattern, let value):
                let t = typed(value)
                warnIfNestedOptional(t.type, at: value.range)   // `if case .some(.none) = maybe` of an `Int??`: one optional here
                declaresGuardBindings = shadowing
                defer { declaresGuardBindings = false }
                return .match(casePattern(pattern, t.type), t.node, value.range)
            }
        }
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

