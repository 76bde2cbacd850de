import ShortcutSyntax

extension Resolver {
    /// Resolves a whole program: `units[0]` is the main file, the rest are its imports.
    public func resolve(units: [SourceUnit]) -> Program {
        let given = StandardTypes.added(to: entriesAndGetters(units), alsoWanted: alsoWanted)   // `Result`, when the program names it
        program.files = given.map(\.file)
        let (extended, extensionDiagnostics) = Extensions.merged(loweringWrappers(NestedTypes.hoisted(given)))
        report(extensionDiagnostics)
        let (inherited, inheritanceDiagnostics) = Inheritance.lowered(boxedStatics(extended), known: &classDecls)
        report(inheritanceDiagnostics)
        completedRecords = []
        let (conformed, protocolDiagnostics) = Protocols.lowered(inherited, known: &protocols)
        protocolNames = Set(protocols.keys)
        report(protocolDiagnostics)
        let (classified, classDiagnostics) = ClassKinds.resolved(conformed)
        report(classDiagnostics)
        let (units, queryDiagnostics) = EntityQueries.lowered(classified)
        report(queryDiagnostics + RecursiveValueTypes.diagnostics(units))
        noteClasses(units)
        for unit in units.reversed() { declare(unit) }
        foldConstantGlobals(units)
        for unit in units.reversed() { completeTypes(unit) }
        typeBoxedGlobals()
        for unit in units.reversed() { inferLazyTypes(unit); inferGlobalTypes(unit) }
        for (i, unit) in units.enumerated().reversed() { resolveBodies(unit, isMain: i == 0) }
        inheritMembers()
        finishSpecializations()
        return program
    }

    /// Adds one more unit to a live program (the REPL). Its top-level code becomes `program.topLevel`.
    /// A single expression statement becomes code that returns its value, so the REPL can print it.
    public func resolveIncrement(_ input: SourceUnit, asMain: Bool = true) -> [Diagnostic] {
        if Int(input.fileIndex) >= program.files.count { program.files.append(input.file) }
        let before = diagnostics.count
        // A class the program's intents already name as a dependency is a store here too.
        let wrapped = loweringWrappers(NestedTypes.hoisted(entriesAndGetters([input])))
        let (inherited, inheritanceDiagnostics) = Inheritance.lowered(boxedStatics(wrapped), known: &classDecls)
        report(inheritanceDiagnostics)
        completedRecords = []
        let (conformed, protocolDiagnostics) = Protocols.lowered(inherited, known: &protocols,
                                                                 declaredBefore: Set(typeAliases.keys).union(globals.keys))
        protocolNames = Set(protocols.keys)
        existentials = [:]   // an input may extend a protocol: its values' members are worked out again
        report(protocolDiagnostics)
        let (classified, classDiagnostics) = ClassKinds.resolved(conformed, alsoNamed: Set(program.intents.values.flatMap { $0.dependencies.map(\.store.name) }))
        report(classDiagnostics + RecursiveValueTypes.diagnostics(classified))
        let unit = classified[0]
        noteClasses(classified)
        declare(unit)
        foldConstantGlobals([unit])
        completeTypes(unit)
        typeBoxedGlobals()
        program.topLevel = nil
        program.importedInitializers = []
        program.functionSlots = []
        program.isExpressionInput = false
        program.expressionType = nil
        if asMain, unit.items.count == 1, case .expression(let e) = unit.items[0].kind {
            var type = ScriptType.any
            let (layout, body, _) = withFunction(kind: .topLevel, name: "top level", selfKind: nil, parameters: [], scanning: unit.items) {
                let t = typed(e)
                type = t.type
                return [.return(t.node, e.range)]
            }
            program.expressionType = type
            program.topLevel = FunctionCode(name: "top level", parameterLabels: [], parameterChecks: [], defaults: [], returnCheck: nil,
                                            hasSelf: false, isMutating: false, captureSlots: layout.captureSlots, frameSize: layout.frameSize,
                                            body: body, range: e.range, codeOptions: codeOptions)
            program.isExpressionInput = true
        } else {
            resolveBodies(unit, isMain: asMain)
        }
        inheritMembers()
        finishSpecializations()
        return Array(diagnostics[before...])
    }

    /// The next file index for an increment.
    public var nextFileIndex: Int32 { Int32(program.files.count) }

    // MARK: Pass 1: declare
    func newGlobalSlot(_ name: String, at range: SourceRange = .none) -> Int {
        if program.globalNames.count >= Limits.maximumGlobals {
            if program.globalNames.count == Limits.maximumGlobals {
                error(.tooManyGlobals(limit: Limits.maximumGlobals), at: range)
                program.globalNames.append(name)
            }
            return Limits.maximumGlobals - 1
        }
        program.globalNames.append(name)
        return program.globalNames.count - 1
    }

    func register(_ name: String, _ entry: GlobalEntry) {
        if let previous = globals[name], !allowsRedefinition {
            error(.duplicateDeclaration(entry.declarationName(key: name), previousLine: line(of: previous.range)), at: entry.range)
            return
        }
        // A standard type (`StandardTypes`) is not one of the program's declarations to list.
        if globals[name] == nil, !StandardTypes.isStandard(entry.range, program) { program.declarationOrder.append(name) }
        globals[name] = entry
    }

    /// Slot of a global, reusing the old one when the REPL redefines a name.
    func globalSlot(for name: String) -> Int {
        switch globals[name] {
        case .variable(let slot, _, _)?, .function(let slot, _, _)?: return slot
        default: return newGlobalSlot(name)
        }
    }

    func declare(_ unit: SourceUnit) {
        for item in unit.items {
            switch item.kind {
            case .variable(let v):
                for (name, range) in Resolver.patternNames(v.pattern, v.nameRange) {
                    register(name, .variable(slot: globalSlot(for: name), isConstant: v.isConstant, range: range))
                }
            case .declaration(let d):
                declare(d)
            default:
                break
            }
        }
    }

    /// The names a variable's pattern binds (`let (a, (b, c)) = …`), each with its range.
    static func patternNames(_ pattern: Pattern, _ range: SourceRange) -> [(String, SourceRange)] {
        switch pattern {
        case .name(let n, let r): return [(n, r)]
        case .wildcard: return []
        case .tuple(let parts): return parts.flatMap { patternNames($0, range) }
        }
    }

    func declare(_ d: Decl) {
        switch d.kind {
        case .app(let name):
            if program.hasAppDeclaration, !allowsRedefinition {
                error(.multipleApps, at: d.range)
            }
            program.appName = name
            program.hasAppDeclaration = true
        case .importFile, .importModule:
            break
        case .function(let f):
            let key = overloadKey(f, at: d.nameRange)
            register(key, .function(slot: globalSlot(for: key), decl: f, range: d.nameRange))
            if functionCodes[key] == nil || allowsRedefinition {
                let code = FunctionCode(declaring: functionSignature(f), range: d.nameRange)
                functionCodes[key] = code
                program.declaredFunctions.append(code)
                if key == f.name, Resolver.extensionMemberSignature(f) != nil { program.extensionMembers[key] = code }
            }
            if f.isMutating { mutatingMethodNames.insert(f.name) }
        case .intent(let i):
            let type = IntentType(name: i.name, isSnippet: i.isSnippet, range: d.nameRange)
            type.title = splitWords(i.name)
            program.intents[i.name] = type
            register(i.name, .intent(type, i, range: d.nameRange))
            declareStatics(of: i.name, Resolver.intentStatics(i.members))   // `static var choices: [IntentChoiceOption] { … }`
        case .view(let v):
            let type = ViewType(name: v.name)
            if v.members != nil { type.selfRecord = RecordType(name: v.name, kind: .struct) }
            program.views[v.name] = type
            register(v.name, .view(type, v, range: d.nameRange))
        case .enumeration(let e):
            let type = EnumType(name: e.name)
            type.genericParameters = e.generics.map(\.name)
            if program.files.indices.contains(Int(d.range.file)) { type.module = program.files[Int(d.range.file)].moduleName }
            program.enums[e.name] = type
            register(e.name, .enumeration(type, e, range: d.nameRange))
            declareStatics(of: e.name, e.members)
            for f in e.members.functions { if case .function(let fd) = f.kind, fd.isMutating { mutatingMethodNames.insert(fd.name) } }
        case .type(let t):
            let type = RecordType(name: t.name, kind: t.kind, isFinal: t.isFinal)
            type.genericParameters = t.generics.map(\.name)
            if program.files.indices.contains(Int(d.range.file)) { type.module = program.files[Int(d.range.file)].moduleName }
            program.records[t.name] = type
            register(t.name, .record(type, t, range: d.nameRange))
            declareStatics(of: t.name, staticMembers(of: t))
            for f in t.members.functions { if case .function(let fd) = f.kind, fd.isMutating { noteMutating(fd.name, at: f.range, ofClass: t.kind == .class) } }
        case .flow(let title, _):
            if program.flows.contains(where: { $0.title == title }), !allowsRedefinition {
                error(.duplicateDeclaration("shortcut \"\(title)\"", previousLine: 0), at: d.nameRange)
            }
        case .extension(let e):
            // What is left of an extension of a standard type once merged: its statics and protocols (`StandardExtensions`).
            declareStatics(of: e.name, e.members)
            program.standardConformances[e.name, default: []].formUnion(e.conformances)
        case .test, .appShortcuts, .protocolDecl:
            break
        case .typeAlias(let name, let type):
            if typeAliases[name] != nil || globals[name] != nil || BuiltinType(rawValue: name) != nil {
                error(.duplicateDeclaration(name, previousLine: 0), at: d.nameRange)
            } else {
                typeAliases[name] = type
            }
        case .mainApp(let a):
            // Without an `app "…"`, the `@main` type names the app as Xcode does (SPEC §5.1).
            if !program.hasAppDeclaration { program.appName = a.derivedAppName }
            appRecords[a.name] = RecordType(name: a.name, kind: .struct)
        }
        if case .view = d.kind, ViewCatalog.views.contains(d.name) {
            error(.duplicateDeclaration(d.name, previousLine: 0), at: d.nameRange, notes: ["'\(d.name)' is a built-in view"])
        }
    }

    // MARK: Pass 1b: fields, cases, parameters

    func completeTypes(_ unit: SourceUnit) {
        for item in unit.items {
            // A top-level variable's type, where its annotation or literal says it, is known to every
            // function (their bodies are resolved before the top-level statements that declare it).
            if case .variable(let v) = item.kind, case .name(let name, _) = v.pattern, globalTypes[name] == nil || allowsRedefinition {
                if let t = v.type.map({ resolveTypeQuietly($0) }) ?? v.initializer.flatMap({ literalType($0) }) { globalTypes[name] = t }
            }
            guard case .declaration(let d) = item.kind else { continue }
            switch d.kind {
            case .enumeration(let e):
                if let type = program.enums[e.name] { completeEnum(type, e); checkLibraryConformances(e.name, e.conformances, type.memberTypes, at: d.nameRange) }
                completeStatics(of: e.name, e.members)
            case .type(let t):
                if let type = program.records[t.name] { completeRecord(type, t, at: d.nameRange); checkLibraryConformances(t.name, t.conformances, type.memberTypes, at: d.nameRange) }
                completeStatics(of: t.name, staticMembers(of: t))
            case .intent(let i): if let type = program.intents[i.name] { completeIntent(type, i) }; completeStatics(of: i.name, Resolver.intentStatics(i.members))
            case .mainApp(let a): if let r = appRecords[a.name] { completeRecord(r, a.selfStruct) }
            case .view(let v):
                if let type = program.views[v.name], let r = type.selfRecord, let t = v.swiftFormStruct { completeRecord(r, t) }
                // Reported where the view itself is resolved; here only its types are wanted.
                viewSignatures[v.name] = FunctionSignature(labels: v.parameters.map { $0.label ?? $0.name },
                                                           types: v.parameters.map { $0.type.map { resolveTypeQuietly($0) } ?? .any },
                                                           hasDefault: v.parameters.map { $0.defaultValue != nil }, result: .view)
            case .function(let f):
                // A redeclaration is an error; calls go to the first declaration (as `globals` does).
                let key = functionKeys[d.nameRange] ?? f.name
                if functionSignatures[key] == nil || allowsRedefinition { functionSignatures[key] = signature(of: f) }
            case .typeAlias(_, let type): _ = resolveType(type)   // its errors reported once, used or not
            case .extension(let e): completeStatics(of: e.name, e.members)
            default: break
            }
        }
    }

    func completeEnum(_ type: EnumType, _ e: EnumDecl) {
        let outerType = declaringType   // a use of a generic type is completed inside another's declaration
        declaringType = .enumeration(type)
        defer { declaringType = outerType }
        type.describesItself = e.conformances.contains("CustomStringConvertible") || e.conformances.contains("CustomDebugStringConvertible")
        type.isError = e.conformances.contains("Error") || e.conformances.contains("LocalizedError")
        type.protocols = Set(e.conformances).intersection(protocolNames)
        type.rawType = e.rawType.map { resolveType($0) }
        type.cases = []
        type.caseIndex = [:]
        var nextInt = 0
        var rawLines: [String: Int] = [:]   // a raw value (as Swift would print it) → the line of its first case
        for (i, c) in e.cases.enumerated() {
            var raw: Value = .string(c.name)
            if case .int? = type.rawType { raw = .int(nextInt) }
            if let r = c.rawValue {
                if let value = Resolver.rawLiteral(r, asDouble: type.rawType?.isDouble == true) { raw = value } else {
                    error(.expected("a literal raw value", found: "an expression"), at: r.range)
                }
                // `case a = "x"` in an `Int` enum, `case a = 1` in a `String` one: Swift's error.
                switch (type.rawType, raw) {
                case (.int?, .string), (.string?, .int), (.int?, .double), (.string?, .double), (.double?, .string):
                    error(.cannotConvert(actual: raw.typeName, expected: type.rawType?.description ?? "", site: .rawType), at: r.range)
                default: break
                }
            }
            if case .int(let v) = raw { nextInt = v &+ 1 }
            if type.rawType != nil {
                let key = raw.debugDescription
                if let previous = rawLines[key] {
                    error(.duplicateRawValue(previousLine: previous), at: c.rawValue?.range ?? c.range)
                }
                rawLines[key] = rawLines[key] ?? line(of: c.range)
            }
            if type.caseIndex[c.name] != nil {
                error(.duplicateDeclaration(c.name, previousLine: line(of: c.range)), at: c.range)
                continue
            }
            type.caseIndex[c.name] = type.cases.count
            let declared = EnumCase.declared(type: type, name: c.name, index: i, rawValue: raw, title: c.title ?? titleCase(c.name))
            if let payload = c.payload {
                declared.payloadTypes = payload.map { resolveType($0.type) }
                declared.payloadLabels = payload.map(\.label)
            }
            type.cases.append(declared)
        }
        if let title = stringMetadata(e.members.metadata, "title") { type.title = title }
        type.memberTypes = memberTypes(of: e.members, owner: e.name)
        if type.initializers.isEmpty { type.initializers = declaredInitializers(e.members.initializers) }   // once: uses share them
    }

    func completeRecord(_ type: RecordType, _ t: TypeDecl, at range: SourceRange = .none) {
        guard completedRecords.insert(ObjectIdentifier(type)).inserted else { return }
        let outerType = declaringType   // a use of a generic type is completed inside another's declaration
        declaringType = .record(type)
        defer { declaringType = outerType }
        type.describesItself = t.conformances.contains("CustomStringConvertible") || t.conformances.contains("CustomDebugStringConvertible")
        (type.isActor, type.nonisolated) = (t.isActor, t.members.nonisolated)
        type.isError = t.conformances.contains("Error") || t.conformances.contains("LocalizedError")
        type.protocols = Set(t.conformances).intersection(protocolNames)
        type.comparesEqual = t.kind != .class || conformsToStandard(.record(type), "Equatable")   // SPEC §13
        // Declared `init`s are known (by their signatures) before any body that calls them is resolved.
        type.hasMemberwiseInitializer = !t.members.initializersReplaceMemberwise
        // Once: a use of a generic type shares these codes, and an input of the REPL completes the type again.
        if type.initializers.isEmpty { type.initializers = declaredInitializers(t.members.initializers) }
        // Completed again by a later input, a type keeps the defaults its own input resolved (`K<String>` first used then).
        let resolvedDefaults = Dictionary(type.fields.map { ($0.name, $0.defaultValue) }, uniquingKeysWith: { first, _ in first })
        (type.fields, type.fieldIndex, type.lazyProperties) = ([], FieldIndex(), [:])
        reportRedeclaredComputedProperties(t.members)
        for p in t.members.properties {
            guard case .variable(let v) = p.kind, v.getter == nil else { continue }
            let name = v.name
            if type.fieldIndex[name] != nil {
                error(.duplicateDeclaration(name, previousLine: line(of: v.nameRange)), at: v.nameRange)
                continue
            }
            if t.kind == .store, !v.isConstant, v.type == nil, v.initializer == nil {
                error(.expected("a type or a default value for stored field '\(name)'", found: "neither"), at: v.nameRange)
            }
            type.fieldIndex[name] = type.fields.count
            let fieldType = lazyField(v, v.type.map { resolveType($0) } ?? v.initializer.flatMap { literalType($0) }, of: type, kind: t.kind)
            checkOwnership(v, fieldType)
            if t.kind == .store, let fieldType, let reason = fieldType.unsavedReason {
                error(.unsavedStoreField(field: name, type: fieldType.description, reason: reason), at: v.nameRange)
            }
            type.fields.append(FieldInfo(name: name, type: fieldType, isConstant: v.isConstant, defaultValue: resolvedDefaults[name] ?? nil,
                                         hasDefault: v.initializer != nil, isObserved: v.isObserved))
        }
        if t.kind == .store {
            let fields = Set(type.fields.map(\.name))
            storeMethodsThatWrite[t.name] = Set(t.members.functions.compactMap { d -> String? in
                guard case .function(let f) = d.kind else { return nil }
                return StoreWriteScanner.writes(f.body.statements, fields: fields, mutating: mutatingMethodNames) ? f.name : nil
            })
        }
        // A class without an `init` is made from its defaults, so each stored property needs one (or is optional).
        if t.kind == .class, t.superclass == nil, t.members.initializers.isEmpty, let field = type.fieldNeedingInitializer() {
            error(.classWithoutInitializers(t.name, property: field.name), at: range)
        }
        // An entity's `id` is stored, or computed from what is (`var id: Int { landmark.id }`), as `Identifiable` allows.
        let computesID = t.members.properties.contains { if case .variable(let v) = $0.kind { return v.name == "id" && v.getter != nil }; return false }
        if t.kind == .entity, type.fieldIndex["id"] == nil, !computesID, !t.isTransient {   // a transient one has none
            error(.doesNotConform(type: t.name, protocol: "Identifiable"), at: range, notes: ["an entity needs an 'id' property"])
        }
        if let title = stringMetadata(t.members.metadata, "title") { type.title = title }
        type.memberTypes = memberTypes(of: t.members, owner: t.name)
        completeSuperclass(type, t, at: range)
    }

    func completeIntent(_ type: IntentType, _ i: IntentDecl) {
        let outerType = declaringType   // a use of a generic type is completed inside another's declaration
        declaringType = .intent(type)
        defer { declaringType = outerType }
        type.parameters = []
        type.parameterIndex = [:]
        type.dependencies = []
        // `controlStyle:`, `inputConnectionBehavior:`, `requestDisambiguationDialog:`, `inputOptions:` and `size:` shape a
        // device's controls only: accepted, and nothing here reads them (docs/Swift.md).
        let knownOptions = ["title", "description", "default", "requestValueDialog", "inputOptions", "supportedValues", "inclusiveRange",
                            "optionsProvider", "controlStyle", "inputConnectionBehavior", "requestDisambiguationDialog", "defaultUnit",
                            "defaultUnitAdjustForLocale", "supportsNegativeNumbers", "displayName", "size"]
        for p in i.parameters {
            if type.parameterIndex[p.name] != nil {
                error(.duplicateDeclaration(p.name, previousLine: line(of: p.nameRange)), at: p.nameRange)
                continue
            }
            var title = titleCase(p.name)
            var hasDefault = false
            for option in p.options {
                guard let label = option.label, knownOptions.contains(label) else {
                    error(.unknownArgument(label: option.label ?? "_", callee: "@Parameter", kind: "option", known: knownOptions,
                                           suggestion: option.label.flatMap { closestMatch(to: $0, in: knownOptions) }),
                          at: option.labelRange ?? option.value.range)
                    continue
                }
                if label == "title", case .string(let parts) = option.value.kind, parts.count == 1, case .text(let t) = parts[0] { title = t }
                if label == "default" { hasDefault = true }
            }
            let check = resolveType(p.type)
            var isOptional = false
            if case .optional = check { isOptional = true }
            type.parameterIndex[p.name] = type.parameters.count
            type.parameters.append(IntentParameter(name: p.name, type: check, title: title, defaultValue: nil, requestDialog: nil,
                                                   isRequired: !isOptional && !hasDefault))
        }
        for dep in i.dependencies {
            let check = resolveType(dep.type)
            guard case .record(let store) = check, store.kind == .store else {
                if case .named(let n) = dep.type.kind, program.records[n] != nil || program.enums[n] != nil {
                    error(.expected("a store type for @Dependency", found: "'\(n)'"), at: dep.type.range)
                }
                continue
            }
            type.dependencies.append((dep.name, store))
        }
        if let title = stringMetadata(i.members.metadata, "title") { type.title = title }
        type.memberTypes = memberTypes(of: i.members, owner: i.name)
        // `try await intent.perform()` (a test of it, as Xcode's would write): its `perform`, with no system around it.
        if i.perform != nil, type.memberTypes.methods["perform"] == nil {
            type.memberTypes.methods["perform"] = FunctionSignature(labels: [], types: [], hasDefault: [], result: .any, isThrowing: true, isAsync: true)
        }
        for p in i.members.properties {
            guard case .variable(let v) = p.kind, v.getter == nil else { continue }
            type.memberTypes.computed[v.name] = v.type.map { resolveType($0) } ?? v.initializer.flatMap { literalType($0) } ?? .any
        }
        if let m = i.members.metadata.first(where: { $0.key == "isDiscoverable" }) {
            if case .bool(let b) = m.value.kind { type.isDiscoverable = b } else {
                error(.expected("true or false for isDiscoverable", found: "an expression"), at: m.value.range)
            }
        }
    }
}
