import ShortcutSyntax

extension Resolver {
    // MARK: Pass 2: bodies

    func resolveBodies(_ unit: SourceUnit, isMain: Bool) {
        var topLevel: [Stmt] = []
        for item in unit.items {
            guard case .declaration(let d) = item.kind else {
                topLevel.append(item)
                continue
            }
            switch d.kind {
            case .app, .importFile, .importModule, .typeAlias, .protocolDecl:
                break
            case .function(let f):
                let key = functionKeys[d.nameRange] ?? f.name
                if case .function(let slot, _, _)? = globals[key], let code = functionCodes[key], !code.isComplete {
                    resolveFunction(f, name: code.name, selfKind: nil, range: d.nameRange, completing: code, signature: functionSignatures[key])
                    program.functionSlots.append((slot, code))
                }
            case .intent(let i):
                owning(i.name) { if let type = program.intents[i.name] { resolveIntent(type, i) }; resolveStatics(of: i.name, Resolver.intentStatics(i.members)) }
            case .view(let v):
                if let type = program.views[v.name] {
                    if let r = type.selfRecord, let t = v.swiftFormStruct { resolveRecordMembers(r, t) }
                    resolveView(type, v, range: d.nameRange)
                }
            case .enumeration(let e):
                owning(e.name) { if let type = program.enums[e.name] { resolveEnumMembers(type, e) }; resolveStatics(of: e.name, e.members) }
            case .type(let t):
                owning(t.name) { if let type = program.records[t.name] { withTypesInside(type, t) { resolveRecordMembers(type, t) } }; resolveStatics(of: t.name, staticMembers(of: t)) }
            case .extension(let e):
                owning(e.name) { resolveStatics(of: e.name, e.members) }
            case .flow(let title, let body):
                unsavedWriter = "shortcut '\(title)'"
                let code = resolveBlockFunction(body, name: "shortcut \"\(title)\"", range: d.nameRange)
                unsavedWriter = nil
                program.flows.removeAll { $0.title == title }
                program.flows.append((title, code))
            case .test(let name, let body):
                let code = resolveBlockFunction(body, name: "test \"\(name)\"", range: d.nameRange)
                program.tests.append((name, code))
            case .mainApp(let a):
                guard let r = appRecords[a.name] else { break }
                resolveRecordMembers(r, a.selfStruct)
                if let initializer = a.initializer { program.importedInitializers.append(resolveAppInit(initializer, record: r, name: a.name)) }
            case .appShortcuts(let body):
                resolveAppShortcuts(body)
            }
        }
        let hasStatements = topLevel.contains { if case .variable = $0.kind { return false }; return true }
        // An imported file contributes declarations and variables; its other statements do not run.
        if !isMain { topLevel = topLevel.filter { if case .variable = $0.kind { return true }; return false } }
        guard !topLevel.isEmpty else { return }
        let saved = declaredGlobals
        resolvingMainTopLevel = isMain && !allowsRedefinition
        unsavedWriter = resolvingMainTopLevel ? "top-level code" : nil
        defer { resolvingMainTopLevel = false; unsavedWriter = nil }
        let (layout, statements, _) = withFunction(kind: .topLevel, name: "top level", selfKind: nil, parameters: [], scanning: topLevel) {
            context.allowsReturn = false
            // A top-level `defer` runs when the top-level code ends, as in a Swift script.
            return self.statements(topLevel)
        }
        if !isMain { declaredGlobals = saved.union(declaredGlobals) }
        let code = FunctionCode(name: "top level", parameterLabels: [], parameterChecks: [], defaults: [], returnCheck: nil, hasSelf: false,
                                isMutating: false, captureSlots: layout.captureSlots, frameSize: layout.frameSize, body: statements,
                                range: topLevel.first?.range ?? .none, codeOptions: globalCodeOptions)
        if isMain {
            program.topLevel = code
            program.hasTopLevelStatements = hasStatements
            program.mainVariables = variablesOnly(topLevel)
        } else {
            program.importedInitializers.append(code)
        }
    }

    /// `fib(_:)`, `greet(_:loud:)`: how traces name a function.
    func functionSignature(_ f: FunctionDecl) -> String {
        Resolver.extensionMemberSignature(f) ?? compoundName(f.name, f.parameters.map(\.label))
    }

    /// A function's code; `completing` a declared top-level function's, or a new one.
    @discardableResult
    func resolveFunction(_ f: FunctionDecl, name: String, selfKind: SelfKind?, range: SourceRange, completing declared: FunctionCode? = nil,
                         signature known: FunctionSignature? = nil, unannotatedResult: ScriptType = .void, isMethod: Bool = false) -> FunctionCode {
        let sig = known.flatMap { $0.types.count == f.parameters.count ? $0 : nil } ?? signature(of: f, unannotatedResult: unannotatedResult)
        let checks: [ScriptType?] = zip(f.parameters, sig.types).map { p, t in p.type == nil ? nil : t }
        let defaults: [FunctionCode?] = zip(f.parameters, sig.types).map { p, t in
            p.defaultValue.map { resolveExpressionFunction($0, name: "default value of '\(p.name)'", type: t) }
        }
        // `inout` parameters are variables, whose values the function returns beside its result (`inoutCall`).
        let inouts = sig.inouts
        // A top-level function's (`declared`) or a struct's, an enum's or a class's method (`isMethod`).
        if !inouts.isEmpty, !isMethod, declared == nil || selfKind != nil { error(.inoutOnlyInFunctions, at: range) }
        let returnCheck = f.returnType == nil || !inouts.isEmpty ? nil : sig.result
        var inoutReads: [Node] = []
        let (outerErrors, outerContext, outerThrown) = (thrownErrors, asyncContext, (thrownTypes, declaredThrownType))
        (thrownErrors, asyncContext) = (f.isThrowing ? .passedOn : .unhandled, f.isAsync ? .async : .sync)
        (thrownTypes, declaredThrownType) = ([], sig.thrownType)
        defer { (thrownErrors, asyncContext, (thrownTypes, declaredThrownType)) = (outerErrors, outerContext, outerThrown) }
        let inside = typesInside(f, sig)   // `func f<T: Shape>(_ x: T)`: x is a Shape in the body (`Resolver+GenericTypes`)
        let outerGenerics = (functionGenerics, metatypeConstraints)
        functionGenerics.formUnion(f.generics.map(\.name))
        defer { (functionGenerics, metatypeConstraints) = outerGenerics }
        let (layout, body, _) = withSubstitutions(inside.substitutions) { withFunction(kind: .function, name: name, selfKind: selfKind,
            isMutating: f.isMutating, parameters: f.parameters.map { ($0.name, $0.range) }, types: inside.types, variables: inouts,
            returnType: inside.result, scanning: f.body.statements) {
            (context.isInitializer, context.isFailableInitializer) = (f.name == "init" && selfKind != nil, f.isFailable)
            beginInitializerFlow(); noteClosureParameters(f.parameters)
            context.opaqueResult = opaqueResult(of: f, at: range)
            nameMetatypes(of: f)
            guard !inouts.isEmpty else { defer { checkInitializerEnd(f.body) }; return functionBody(f.body) }
            inoutReads = inouts.sorted().compactMap { i in lookupLocal(f.parameters[i].name).map { read($0.binding) } }
            return inoutBody(f.body, reads: &inoutReads, range: range)
        } }
        let code = declared ?? FunctionCode(declaring: name, range: range)
        code.inoutReads = inoutReads
        code.codeOptions = codeOptions
        code.complete(parameterLabels: f.parameters.map(\.label), parameterChecks: checks, defaults: defaults,
                      returnCheck: returnCheck, hasSelf: selfKind != nil, isMutating: f.isMutating, captureSlots: layout.captureSlots,
                      frameSize: layout.frameSize, body: body)
        return code
    }

    /// A body whose single expression is its value (Swift's implicit return).
    func functionBody(_ block: Block) -> [Statement] {
        // The body is a scope inside the parameters' one, so `guard let x` may shadow parameter `x`.
        pushScope()
        defer { popScope() }
        if block.statements.count == 1, case .expression(let e) = block.statements[0].kind {
            if case .void? = context.returnType { return statement(block.statements[0]) }
            return [returnStatement(e, range: e.range, implicit: true)]
        }
        // `switch self { case .a: "A" … }` and `if c { x } else { y }` as the whole body are expressions (Swift 5.9):
        // each branch's value is returned.
        if block.statements.count == 1, let type = context.returnType, !type.isUnknown, !type.agrees(with: .void),
           let returning = Resolver.returningBranches(block.statements[0]) {
            return statements([returning])
        }
        let body = statements(block.statements)
        if let type = context.returnType, !type.isUnknown, !type.agrees(with: .void), !alwaysExits(block.statements) {
            error(.missingReturnValue(type: type.description), at: block.range.lastByte)
        }
        return body
    }

    /// An `if`/`switch` statement whose every branch is one expression (or such a statement, or a `throw`), with each
    /// expression made a `return`; nil when a branch is anything else.
    static func returningBranches(_ s: Stmt) -> Stmt? {
        func branch(_ b: Block) -> Block? {
            guard b.statements.count == 1 else { return nil }
            let only = b.statements[0]
            switch only.kind {
            case .expression(let e): return Block([Stmt(.return(e), only.range)], b.range)
            case .throw: return b
            default: return returningBranches(only).map { Block([$0], b.range) }
            }
        }
        switch s.kind {
        case .switch(let subject, let cases):
            var rewritten: [SwitchCase] = []
            for c in cases {
                guard let body = branch(c.body) else { return nil }
                var c = c
                c.body = body
                rewritten.append(c)
            }
            return Stmt(.switch(subject, rewritten), s.range)
        case .if(let conditions, let body, let elseBranch?):
            guard let then = branch(body) else { return nil }
            let otherwise: Stmt?
            if case .block(let b) = elseBranch.kind { otherwise = branch(b).map { Stmt(.block($0), elseBranch.range) } } else { otherwise = returningBranches(elseBranch) }
            guard let otherwise else { return nil }
            return Stmt(.if(conditions, then, else: otherwise), s.range)
        default:
            return nil
        }
    }

    /// A type's methods, by key (an overload has a key of its own): the same labels and types twice, or one without parameters named as a stored property, is a redeclaration.
    func resolveMethods(_ functions: [Decl], owner: String, selfKind: SelfKind, members: MemberTypes, isStore: Bool = false,
                        fields: Set<String> = []) -> [String: FunctionCode] {
        var methods: [String: FunctionCode] = [:]
        var first: [String: SourceRange] = [:]
        for f in functions {
            guard case .function(let fd) = f.kind else { continue }
            let key = methodKeys[owner]?[MethodSite(fd.name, f.nameRange)] ?? fd.name
            if let previous = first[key] {
                error(.duplicateDeclaration(declarationName(fd.name, fd.parameters.map(\.label)), previousLine: line(of: previous)), at: f.nameRange)
                continue
            }
            if fields.contains(fd.name), fd.parameters.isEmpty {   // `func trails(with:)` beside `var trails` is another name
                error(.duplicateDeclaration(fd.name + "()", previousLine: 0), at: f.nameRange, notes: ["'\(fd.name)' is a stored property"])
            }
            first[key] = f.nameRange
            if isStore, fd.isMutating {
                warning(.swiftism(found: "mutating", suggestion: "a store is a reference: its methods may change it without 'mutating'"), at: f.range)
            }
            methods[key] = withExtendedProtocol(fd.extendedProtocol) { resolveFunction(fd, name: "\(owner).\(functionSignature(fd))", selfKind: selfKind,
                                                                                       range: f.nameRange, signature: members.methods[key], isMethod: true) }
        }
        return methods
    }

    /// A value computed with no frame of its own (defaults, metadata).
    /// `site`: what a value that does not fit `type` is (a parameter's default argument, or a property's initial value).
    func resolveExpressionFunction(_ e: Expr, name: String, selfKind: SelfKind? = nil, type: ScriptType? = nil, site: ConversionSite = .defaultValue) -> FunctionCode {
        let (layout, body, _) = withFunction(kind: .function, name: name, selfKind: selfKind, parameters: [], scanning: [Stmt(.expression(e), e.range)]) {
            guard let type else { return [.return(expr(e), e.range)] }
            return [.return(fit(typed(e, type), to: type, site: site, at: e.range), e.range)]
        }
        return FunctionCode(name: name, parameterLabels: [], parameterChecks: [], defaults: [], returnCheck: nil, hasSelf: selfKind != nil,
                            isMutating: false, captureSlots: layout.captureSlots, frameSize: layout.frameSize, body: body, range: e.range,
                            codeOptions: codeOptions)
    }

    /// Declares `self`, a struct made from `values` (nil: the field's default), for a body that is not a method:
    /// a `struct V: View`'s body, an app's `init`.
    func selfPrologue(_ r: RecordType, values: [Node?], range: SourceRange) -> [Statement] {
        let made = Node.construct(r, values, range)
        context.selfKind = .record(r)
        switch declareLocal("self", isConstant: true, range: range, type: .record(r)) {
        case .slot(let s): return [.initLocal(s, made, nil, name: "self", range)]
        case .cell(let s): return [.initCell(s, made, nil, name: "self", range)]
        case .discard: return []
        }
    }

    /// Flows, tests: a block run as a function of no parameters.
    func resolveBlockFunction(_ block: Block, name: String, range: SourceRange) -> FunctionCode {
        let (layout, body, _) = withFunction(kind: .function, name: name, selfKind: nil, parameters: [], scanning: block.statements) {
            statements(block.statements)
        }
        return FunctionCode(name: name, parameterLabels: [], parameterChecks: [], defaults: [], returnCheck: nil, hasSelf: false,
                            isMutating: false, captureSlots: layout.captureSlots, frameSize: layout.frameSize, body: body, range: range, codeOptions: codeOptions)
    }

    func resolveRecordMembers(_ type: RecordType, _ t: TypeDecl) {
        // A static property's hidden class (`boxedStatics`): its accessors' bare names find the type's statics.
        let savedOwner = staticOwner
        if let owner = boxOwners[t.name] { staticOwner = owner }
        defer { staticOwner = savedOwner }
        type.requiredProperties = Resolver.requiredProperties(of: t, type)
        for (code, f, sig) in type.initializers where !code.isComplete && !type.inheritsInitializers {
            resolveFunction(f, name: "\(t.name).init", selfKind: .record(type), range: f.body.range, completing: code, signature: sig)
        }
        for p in t.members.properties {
            guard case .variable(let v) = p.kind else { continue }
            if let getter = v.getter {
                var f = FunctionDecl(name: v.name, parameters: [], returnType: v.type, body: getter, isMutating: false, isThrowing: false)
                f.outerRequirements = v.outerRequirements
                type.computed[v.name] = resolveFunction(f, name: ComputedGlobals.functionName(t.name, v.name), selfKind: .record(type), range: v.nameRange,
                                                        signature: .property(type.memberTypes.computed[v.name]))
                if let setter = v.setter {
                    type.setters[v.name] = resolveAccessor(setter, v.name + ".set", type.memberTypes.computed[v.name] ?? .any, of: v, in: type, owner: t.name)
                }
            } else if let i = type.fieldIndex[v.name] {
                if type.lazyProperties[v.name] == nil, let initial = v.initializer {
                    type.fields[i].defaultValue = resolveExpressionFunction(initial, name: "default value of '\(ComputedGlobals.functionName(t.name, v.name))'", type: type.fields[i].type,
                                                                                   site: .specified)
                }
                if v.isObserved { type.observers[v.name] = resolveObservers(of: v, type.fields[i].type ?? .any, in: type, owner: t.name) }
            }
        }
        type.methods = resolveMethods(t.members.functions, owner: t.name, selfKind: .record(type), members: type.memberTypes,
                                      isStore: t.kind == .store, fields: Set(type.fields.map(\.name)))
        if type.memberTypes.methods["hash"]?.labels == ["into"] { type.hashInto = type.methods["hash"] }
        type.deinitializer = t.deinitializer.map { resolveDeinitializer($0, of: type, owner: t.name) }
        for case .variable(let v) in t.members.properties.map(\.kind) where v.isLazy { resolveLazyProperty(v, in: type, owner: t.name) }
        if let display = t.members.metadata.first(where: { $0.key == "display" }) {
            type.display = resolveExpressionFunction(display.value, name: "\(t.name).display", selfKind: .record(type))
        }
        if let q = t.query {
            let savedOwner = staticOwner
            staticOwner = q.owner
            defer { staticOwner = savedOwner }
            if let s = q.suggested {
                let f = FunctionDecl.asynchronous(name: "suggested", parameters: [], body: s)
                // A query gives entities of its type (SPEC §5.6): `matching` gets the text typed, `byIDs` the ids.
                type.query["suggested"] = resolveFunction(f, name: "\(t.name).query.suggested", selfKind: nil, range: s.range,
                                                          signature: FunctionSignature(labels: [], types: [], hasDefault: [], result: .array(.record(type))))
            }
            for (key, part) in [("matching", q.matching), ("byIDs", q.byIDs)] {
                guard let part else { continue }
                let f = FunctionDecl.asynchronous(name: key, parameters: [Parameter(label: nil, name: part.parameter, type: nil, defaultValue: nil,
                                                                                     range: part.body.range)], body: part.body)
                let idType = type.fieldIndex["id"].flatMap { type.fields[$0].type } ?? memberType(.record(type), "id") ?? .any
                let parameter: ScriptType = key == "matching" ? .string : .array(idType)
                type.query[key] = resolveFunction(f, name: "\(t.name).query.\(key)", selfKind: nil, range: part.body.range,
                                                  signature: FunctionSignature(labels: [nil], types: [parameter], hasDefault: [false], result: .array(.record(type))))
            }
        }
    }

    func resolveEnumMembers(_ type: EnumType, _ e: EnumDecl) {
        for p in e.members.properties {
            guard case .variable(let v) = p.kind else { continue }
            guard let getter = v.getter else {
                error(.expected("a computed property in enum '\(e.name)'", found: "a stored property"), at: v.nameRange)
                continue
            }
            if v.setter != nil { error(.expected("a read-only computed property in enum '\(e.name)'", found: "'set'"), at: v.nameRange) }
            let f = FunctionDecl(name: v.name, parameters: [], returnType: v.type, body: getter, isMutating: false, isThrowing: false)
            type.computed[v.name] = resolveFunction(f, name: "\(e.name).\(v.name)", selfKind: .enumeration(type), range: v.nameRange,
                                                    signature: .property(type.memberTypes.computed[v.name]))
        }
        type.methods = resolveMethods(e.members.functions, owner: e.name, selfKind: .enumeration(type), members: type.memberTypes)
        for (code, f, sig) in type.initializers where !code.isComplete {
            resolveFunction(f, name: "\(e.name).init", selfKind: .enumeration(type), range: f.body.range, completing: code, signature: sig)
        }
    }

    func resolveIntent(_ type: IntentType, _ i: IntentDecl) {
        for m in i.members.metadata {
            // A parameter summary is a template: its `\(name)`s name parameters and are checked, not run.
            if m.key == "parameterSummary" {
                checkParameterSummary(m.value, type)
                continue
            }
            // Where a device runs the intent (foreground, background): nothing to run here; `list` shows it.
            if m.key == "supportedModes" {
                type.supportedModes = sourceText(m.value.range)
                continue
            }
            // Whether a device must be unlocked first: nothing to unlock here; `list` shows it.
            if m.key == "authenticationPolicy" {
                type.authenticationPolicy = sourceText(m.value.range)
                continue
            }
            type.metadata[m.key] = resolveExpressionFunction(m.value, name: "\(i.name).\(m.key)")
        }
        for p in i.parameters {
            guard let index = type.parameterIndex[p.name] else { continue }
            for option in p.options where option.label == "default" {
                type.parameters[index].defaultValue = resolveExpressionFunction(measured(option.value, p.options), name: "default of '\(p.name)'",
                                                                                type: type.parameters[index].type)
            }
            let valueType = type.parameters[index].type.wrapped ?? type.parameters[index].type
            for option in p.options where option.label != "default" {
                let name = "\(option.label ?? "option") of '\(p.name)'"
                switch option.label {
                case "requestValueDialog": type.parameters[index].requestDialog = resolveExpressionFunction(option.value, name: name)
                case "inclusiveRange":
                    guard valueType.isNumeric else {
                        error(.expected("an Int or Double parameter for 'inclusiveRange:'", found: "'\(valueType)'"), at: option.labelRange ?? option.value.range)
                        continue
                    }
                    type.parameters[index].inclusiveRange = resolveExpressionFunction(option.value, name: name, type: .tuple([valueType, valueType]))
                case "supportedValues":
                    type.parameters[index].offered = resolveExpressionFunction(option.value, name: name, type: .array(valueType))
                case "optionsProvider":
                    // `struct P: DynamicOptionsProvider { func results() async throws -> [T] }`: its results are offered.
                    let r = option.value.range
                    let call = Expr(.call(Expr(.member(option.value, "results", nameRange: r), r), []), r)
                    let results = Expr(.await(Expr(.try(call, optional: false, forced: true), r)), r)
                    type.parameters[index].offered = resolveExpressionFunction(results, name: name, type: .array(valueType))
                case "displayName": type.parameters[index].boolTitles = boolTitles(option.value, for: valueType)
                case "defaultUnit": type.parameters[index].fromNumber = measurementOfNumber(p.options, type: valueType, range: option.value.range)
                default: _ = resolveExpressionFunction(option.value, name: name)
                }
            }
        }
        for prop in i.members.properties {
            guard case .variable(let v) = prop.kind else { continue }
            rejectsObservers(v, in: "an intent's property")
            if let initial = v.initializer {
                let annotated = v.type == nil ? nil : type.memberTypes.computed[v.name]
                type.constants.append((v.name, resolveExpressionFunction(initial, name: "\(i.name).\(v.name)", type: annotated), isStored: true))
            } else if let getter = v.getter {
                if v.setter != nil { error(.expected("a read-only computed property in intent '\(i.name)'", found: "'set'"), at: v.nameRange) }
                let f = FunctionDecl(name: v.name, parameters: [], returnType: v.type, body: getter, isMutating: false, isThrowing: false)
                type.constants.append((v.name, resolveFunction(f, name: "\(i.name).\(v.name)", selfKind: .intent(type), range: v.nameRange,
                                                               signature: .property(type.memberTypes.computed[v.name])), isStored: false))
            } else {
                error(.expected("a value for '\(v.name)'", found: "none"), at: v.nameRange)
            }
        }
        type.methods = resolveMethods(i.members.functions, owner: i.name, selfKind: .intent(type), members: type.memberTypes)
        if let perform = i.perform {
            let f = FunctionDecl.asynchronous(name: "perform", parameters: [], body: perform)
            snippetPerform = i.isSnippet ? type : nil
            defer { snippetPerform = nil }
            resultCalls = []
            promisedResultValue = promisedValueType(i.resultProtocols)
            defer { promisedResultValue = nil }
            if let promised = promisedResultValue { type.valueType = promised }
            type.perform = resolveFunction(f, name: "\(i.name).perform", selfKind: .intent(type), range: perform.range, unannotatedResult: .any)
            if !i.resultProtocols.isEmpty { checkResultProtocols(i.resultProtocols) }
        }
    }

    func resolveView(_ type: ViewType, _ v: ViewDecl, range: SourceRange) {
        let checks = v.parameters.map { $0.type.map { resolveType($0) } }
        let defaults: [FunctionCode?] = zip(v.parameters, checks).map { p, t in
            p.defaultValue.map { resolveExpressionFunction($0, name: "default of '\(p.name)'", type: t) }
        }
        let (layout, body, _) = withFunction(kind: .function, name: v.name, selfKind: nil, parameters: v.parameters.map { ($0.name, $0.range) },
                                             types: checks.map { $0 ?? .any }, scanning: v.body.statements) {
            // `struct V: View`: the body runs with `self`, the struct made from the parameters, so its
            // computed properties and methods are members as in any struct.
            var prologue: [Statement] = []
            if let r = type.selfRecord {
                let values = r.fields.map { f -> Node? in
                    guard v.parameters.contains(where: { $0.name == f.name }), let local = lookupLocal(f.name) else { return nil }
                    return read(local.binding)
                }
                prologue = selfPrologue(r, values: values, range: range)
            }
            return prologue + [.return(builderBlock(v.body.statements), v.body.range)]
        }
        // A view's parameters are labelled by their names, as a memberwise initialiser.
        type.code = FunctionCode(name: v.name, parameterLabels: v.parameters.map { $0.label ?? $0.name }, parameterChecks: checks, defaults: defaults,
                                 returnCheck: nil, hasSelf: false, isMutating: false, captureSlots: layout.captureSlots,
                                 frameSize: layout.frameSize, body: body, range: range, codeOptions: codeOptions)
    }
}
