import ShortcutSyntax

extension Resolver {
    /// Resolves a whole program: `units[0]` is the main file, the rest are its imports.
    public func resolve(units: [SourceUnit]) -> Program {
        program.files = units.map(\.file)
        for unit in units.reversed() { declare(unit) }
        for unit in units.reversed() { completeTypes(unit) }
        for (i, unit) in units.enumerated().reversed() { resolveBodies(unit, isMain: i == 0) }
        return program
    }

    /// Adds one more unit to a live program (the REPL). Its top-level code becomes `program.topLevel`.
    /// A single expression statement becomes code that returns its value, so the REPL can print it.
    public func resolveIncrement(_ unit: SourceUnit, asMain: Bool = true) -> [Diagnostic] {
        if Int(unit.fileIndex) >= program.files.count { program.files.append(unit.file) }
        let before = diagnostics.count
        declare(unit)
        completeTypes(unit)
        program.topLevel = nil
        program.importedInitializers = []
        program.functionSlots = []
        program.isExpressionInput = false
        if asMain, unit.items.count == 1, case .expression(let e) = unit.items[0].kind {
            let (layout, body, _) = withFunction(kind: .topLevel, name: "top level", selfKind: nil, parameters: [], scanning: unit.items) {
                [.return(expr(e), e.range)]
            }
            program.topLevel = FunctionCode(name: "top level", parameterLabels: [], parameterChecks: [], defaults: [], returnCheck: nil,
                                            hasSelf: false, isMutating: false, captureSlots: layout.captureSlots, frameSize: layout.frameSize,
                                            body: body, range: e.range)
            program.isExpressionInput = true
        } else {
            resolveBodies(unit, isMain: asMain)
        }
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
            error(.duplicateDeclaration(name, previousLine: line(of: previous.range)), at: entry.range)
            return
        }
        if globals[name] == nil { program.declarationOrder.append(name) }
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
                for (name, range) in patternNames(v.pattern, v.nameRange) {
                    register(name, .variable(slot: globalSlot(for: name), isConstant: v.isConstant, range: range))
                }
            case .declaration(let d):
                declare(d)
            default:
                break
            }
        }
    }

    func patternNames(_ pattern: Pattern, _ range: SourceRange) -> [(String, SourceRange)] {
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
        case .importFile:
            break
        case .function(let f):
            register(f.name, .function(slot: globalSlot(for: f.name), decl: f, range: d.nameRange))
            if functionCodes[f.name] == nil || allowsRedefinition { functionCodes[f.name] = .placeholder(name: f.name, range: d.nameRange) }
            if f.isMutating { mutatingMethodNames.insert(f.name) }
        case .intent(let i):
            let type = IntentType(name: i.name, isSnippet: i.isSnippet, range: d.nameRange)
            type.title = splitWords(i.name)
            program.intents[i.name] = type
            register(i.name, .intent(type, i, range: d.nameRange))
        case .view(let v):
            let type = ViewType(name: v.name)
            program.views[v.name] = type
            register(v.name, .view(type, v, range: d.nameRange))
        case .enumeration(let e):
            let type = EnumType(name: e.name)
            program.enums[e.name] = type
            register(e.name, .enumeration(type, e, range: d.nameRange))
        case .type(let t):
            let type = RecordType(name: t.name, kind: t.kind)
            program.records[t.name] = type
            register(t.name, .record(type, t, range: d.nameRange))
            for f in t.members.functions { if case .function(let fd) = f.kind, fd.isMutating { mutatingMethodNames.insert(fd.name) } }
        case .flow(let title, _):
            if program.flows.contains(where: { $0.title == title }), !allowsRedefinition {
                error(.duplicateDeclaration("shortcut \"\(title)\"", previousLine: 0), at: d.nameRange)
            }
        case .test, .appShortcuts:
            break
        }
        if case .view = d.kind, ViewCatalog.views.contains(d.name) {
            error(.duplicateDeclaration(d.name, previousLine: 0), at: d.nameRange, notes: ["'\(d.name)' is a built-in view"])
        }
    }

    // MARK: Pass 1b: fields, cases, parameters

    func completeTypes(_ unit: SourceUnit) {
        for item in unit.items {
            guard case .declaration(let d) = item.kind else { continue }
            switch d.kind {
            case .enumeration(let e): if let type = program.enums[e.name] { completeEnum(type, e) }
            case .type(let t): if let type = program.records[t.name] { completeRecord(type, t) }
            case .intent(let i): if let type = program.intents[i.name] { completeIntent(type, i) }
            default: break
            }
        }
    }

    func completeEnum(_ type: EnumType, _ e: EnumDecl) {
        type.rawType = e.rawType.map { resolveType($0) }
        type.cases = []
        type.caseIndex = [:]
        var nextInt = 0
        for (i, c) in e.cases.enumerated() {
            var raw: Value = .string(c.name)
            if case .int? = type.rawType { raw = .int(nextInt) }
            if let r = c.rawValue {
                switch r.kind {
                case .integer(let v):
                    raw = .int(v)
                case .string(let parts):
                    if parts.count == 1, case .text(let t) = parts[0] { raw = .string(t) }
                default:
                    error(.expected("a literal raw value", found: "an expression"), at: r.range)
                }
            }
            if case .int(let v) = raw { nextInt = v &+ 1 }
            if type.caseIndex[c.name] != nil {
                error(.duplicateDeclaration(c.name, previousLine: line(of: c.range)), at: c.range)
                continue
            }
            type.caseIndex[c.name] = type.cases.count
            type.cases.append(EnumCase(type: type, name: c.name, index: i, rawValue: raw, title: c.title ?? titleCase(c.name)))
        }
        if let title = stringMetadata(e.members.metadata, "title") { type.title = title }
    }

    func completeRecord(_ type: RecordType, _ t: TypeDecl) {
        type.fields = []
        type.fieldIndex = [:]
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
            type.fields.append(FieldInfo(name: name, type: v.type.map { resolveType($0) }, isConstant: v.isConstant, defaultValue: nil,
                                         hasDefault: v.initializer != nil))
        }
        if t.kind == .store {
            let fields = Set(type.fields.map(\.name))
            storeMethodsThatWrite[t.name] = Set(t.members.functions.compactMap { d -> String? in
                guard case .function(let f) = d.kind else { return nil }
                return StoreWriteScanner.writes(f.body.statements, fields: fields, mutating: mutatingMethodNames) ? f.name : nil
            })
        }
        if t.kind == .entity, type.fieldIndex["id"] == nil {
            error(.missingArgument(label: "id", callee: t.name), at: .none, notes: ["an entity needs a stored 'id' property"])
        }
        if let title = stringMetadata(t.members.metadata, "title") { type.title = title }
    }

    func completeIntent(_ type: IntentType, _ i: IntentDecl) {
        type.parameters = []
        type.parameterIndex = [:]
        type.dependencies = []
        let knownOptions = ["title", "description", "default", "requestValueDialog", "inputOptions", "supportedValues"]
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
        if let m = i.members.metadata.first(where: { $0.key == "isDiscoverable" }) {
            if case .bool(let b) = m.value.kind { type.isDiscoverable = b } else {
                error(.expected("true or false for isDiscoverable", found: "an expression"), at: m.value.range)
            }
        }
    }

    func stringMetadata(_ metadata: [Metadata], _ key: String) -> String? {
        guard let m = metadata.first(where: { $0.key == key }), case .string(let parts) = m.value.kind,
              parts.count == 1, case .text(let t) = parts[0] else { return nil }
        return t
    }

    /// Turns an annotation into a check. Unknown types are diagnosed and checked as `Any`.
    func resolveType(_ t: TypeRef) -> TypeCheck {
        switch t.kind {
        case .named(let name):
            switch name {
            case "Int": return .int
            case "Double", "Float", "CGFloat": return .double
            case "String": return .string
            case "Bool": return .bool
            case "Date": return .date
            case "Void": return .void
            case "Any": return .any
            case "View", "some View": return .view
            default: break
            }
            switch globals[name] {
            case .enumeration(let e, _, _)?: return .enumeration(e)
            case .record(let r, _, _)?: return .record(r)
            case .intent(let i, _, _)?: return .intent(i)
            case .view?: return .view
            default:
                let known = ["Int", "Double", "String", "Bool", "Date", "Void", "Any"] + Array(program.enums.keys) + Array(program.records.keys) + Array(program.intents.keys)
                error(.unknownType(name, suggestion: closestMatch(to: name, in: known)), at: t.range)
                return .any
            }
        case .array(let e): return .array(resolveType(e))
        case .dictionary(let k, let v): return .dictionary(resolveType(k), resolveType(v))
        case .optional(let w): return .optional(resolveType(w))
        case .function(let ps, let r):
            for p in ps { _ = resolveType(p) }
            _ = resolveType(r)
            return .function
        case .tuple(let ts):
            for x in ts { _ = resolveType(x) }
            return .tuple(ts.count)
        }
    }

    // MARK: Pass 2: bodies

    func resolveBodies(_ unit: SourceUnit, isMain: Bool) {
        var topLevel: [Stmt] = []
        for item in unit.items {
            guard case .declaration(let d) = item.kind else {
                topLevel.append(item)
                continue
            }
            switch d.kind {
            case .app, .importFile:
                break
            case .function(let f):
                if case .function(let slot, _, _)? = globals[f.name], let shell = functionCodes[f.name] {
                    shell.become(resolveFunction(f, name: functionSignature(f), selfKind: nil, range: d.nameRange))
                    program.functionSlots.append((slot, shell))
                }
            case .intent(let i):
                if let type = program.intents[i.name] { resolveIntent(type, i) }
            case .view(let v):
                if let type = program.views[v.name] { resolveView(type, v, range: d.nameRange) }
            case .enumeration(let e):
                if let type = program.enums[e.name] { resolveEnumMembers(type, e) }
            case .type(let t):
                if let type = program.records[t.name] { resolveRecordMembers(type, t) }
            case .flow(let title, let body):
                let code = resolveBlockFunction(body, name: "shortcut \"\(title)\"", range: d.nameRange)
                program.flows.removeAll { $0.title == title }
                program.flows.append((title, code))
            case .test(let name, let body):
                let code = resolveBlockFunction(body, name: "test \"\(name)\"", range: d.nameRange)
                program.tests.append((name, code))
            case .appShortcuts(let body):
                resolveAppShortcuts(body)
            }
        }
        let hasStatements = topLevel.contains { if case .variable = $0.kind { return false }; return true }
        // An imported file contributes declarations and variables; its other statements do not run.
        if !isMain { topLevel = topLevel.filter { if case .variable = $0.kind { return true }; return false } }
        guard !topLevel.isEmpty else { return }
        let saved = declaredGlobals
        let (layout, statements, _) = withFunction(kind: .topLevel, name: "top level", selfKind: nil, parameters: [], scanning: topLevel) {
            context.allowsReturn = false
            return topLevel.flatMap { statement($0) }
        }
        if !isMain { declaredGlobals = saved.union(declaredGlobals) }
        let code = FunctionCode(name: "top level", parameterLabels: [], parameterChecks: [], defaults: [], returnCheck: nil, hasSelf: false,
                                isMutating: false, captureSlots: layout.captureSlots, frameSize: layout.frameSize, body: statements,
                                range: topLevel.first?.range ?? .none)
        if isMain {
            program.topLevel = code
            program.hasTopLevelStatements = hasStatements
        } else {
            program.importedInitializers.append(code)
        }
    }

    /// `fib(_:)`, `greet(_:loud:)`: how traces name a function.
    func functionSignature(_ f: FunctionDecl) -> String {
        "\(f.name)(\(f.parameters.map { "\($0.label ?? "_"):" }.joined()))"
    }

    func resolveFunction(_ f: FunctionDecl, name: String, selfKind: SelfKind?, range: SourceRange) -> FunctionCode {
        let checks = f.parameters.map { $0.type.map { resolveType($0) } }
        let defaults: [FunctionCode?] = f.parameters.map { p in
            p.defaultValue.map { resolveExpressionFunction($0, name: "default value of '\(p.name)'") }
        }
        let returnCheck = f.returnType.map { resolveType($0) }
        let (layout, body, _) = withFunction(kind: .function, name: name, selfKind: selfKind, isMutating: f.isMutating,
                                             parameters: f.parameters.map { ($0.name, $0.range) }, scanning: f.body.statements) {
            functionBody(f.body)
        }
        return FunctionCode(name: name, parameterLabels: f.parameters.map(\.label), parameterChecks: checks, defaults: defaults,
                            returnCheck: returnCheck, hasSelf: selfKind != nil, isMutating: f.isMutating, captureSlots: layout.captureSlots,
                            frameSize: layout.frameSize, body: body, range: range)
    }

    /// A body whose single expression is its value (Swift's implicit return).
    func functionBody(_ block: Block) -> [Statement] {
        // The body is a scope inside the parameters' one, so `guard let x` may shadow parameter `x`.
        pushScope()
        defer { popScope() }
        if block.statements.count == 1, case .expression(let e) = block.statements[0].kind {
            return [.return(expr(e), e.range)]
        }
        return statements(block.statements)
    }

    /// A value computed with no frame of its own (defaults, metadata).
    func resolveExpressionFunction(_ e: Expr, name: String, selfKind: SelfKind? = nil) -> FunctionCode {
        let (layout, body, _) = withFunction(kind: .function, name: name, selfKind: selfKind, parameters: [], scanning: [Stmt(.expression(e), e.range)]) {
            [.return(expr(e), e.range)]
        }
        return FunctionCode(name: name, parameterLabels: [], parameterChecks: [], defaults: [], returnCheck: nil, hasSelf: selfKind != nil,
                            isMutating: false, captureSlots: layout.captureSlots, frameSize: layout.frameSize, body: body, range: e.range)
    }

    /// Flows, tests: a block run as a function of no parameters.
    func resolveBlockFunction(_ block: Block, name: String, range: SourceRange) -> FunctionCode {
        let (layout, body, _) = withFunction(kind: .function, name: name, selfKind: nil, parameters: [], scanning: block.statements) {
            statements(block.statements)
        }
        return FunctionCode(name: name, parameterLabels: [], parameterChecks: [], defaults: [], returnCheck: nil, hasSelf: false,
                            isMutating: false, captureSlots: layout.captureSlots, frameSize: layout.frameSize, body: body, range: range)
    }

    func resolveRecordMembers(_ type: RecordType, _ t: TypeDecl) {
        for p in t.members.properties {
            guard case .variable(let v) = p.kind else { continue }
            if let getter = v.getter {
                let f = FunctionDecl(name: v.name, parameters: [], returnType: v.type, body: getter, isMutating: false, isThrowing: false)
                type.computed[v.name] = resolveFunction(f, name: "\(t.name).\(v.name)", selfKind: .record(type), range: v.nameRange)
            } else if let i = type.fieldIndex[v.name], let initial = v.initializer {
                type.fields[i].defaultValue = resolveExpressionFunction(initial, name: "default value of '\(t.name).\(v.name)'")
            }
        }
        for f in t.members.functions {
            guard case .function(let fd) = f.kind else { continue }
            if type.methods[fd.name] != nil || type.fieldIndex[fd.name] != nil {
                error(.duplicateDeclaration(fd.name, previousLine: 0), at: f.nameRange)
            }
            if t.kind == .store, fd.isMutating {
                warning(.swiftism(found: "mutating", suggestion: "a store is a reference: its methods may change it without 'mutating'"), at: f.range)
            }
            let code = resolveFunction(fd, name: "\(t.name).\(functionSignature(fd))", selfKind: .record(type), range: f.nameRange)
            type.methods[fd.name] = code
        }
        if let display = t.members.metadata.first(where: { $0.key == "display" }) {
            type.display = resolveExpressionFunction(display.value, name: "\(t.name).display", selfKind: .record(type))
        }
        if let q = t.query {
            if let s = q.suggested {
                let f = FunctionDecl(name: "suggested", parameters: [], returnType: nil, body: s, isMutating: false, isThrowing: false)
                type.query["suggested"] = resolveFunction(f, name: "\(t.name).query.suggested", selfKind: nil, range: s.range)
            }
            for (key, part) in [("matching", q.matching), ("byIDs", q.byIDs)] {
                guard let part else { continue }
                let f = FunctionDecl(name: key, parameters: [Parameter(label: nil, name: part.parameter, type: nil, defaultValue: nil, range: part.body.range)],
                                     returnType: nil, body: part.body, isMutating: false, isThrowing: false)
                type.query[key] = resolveFunction(f, name: "\(t.name).query.\(key)", selfKind: nil, range: part.body.range)
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
            let f = FunctionDecl(name: v.name, parameters: [], returnType: v.type, body: getter, isMutating: false, isThrowing: false)
            type.computed[v.name] = resolveFunction(f, name: "\(e.name).\(v.name)", selfKind: .enumeration(type), range: v.nameRange)
        }
        for f in e.members.functions {
            guard case .function(let fd) = f.kind else { continue }
            type.methods[fd.name] = resolveFunction(fd, name: "\(e.name).\(functionSignature(fd))", selfKind: .enumeration(type), range: f.nameRange)
        }
    }

    func resolveIntent(_ type: IntentType, _ i: IntentDecl) {
        for m in i.members.metadata {
            // A parameter summary is a template: its `\(name)`s name parameters and are checked, not run.
            if m.key == "parameterSummary" {
                checkParameterSummary(m.value, type)
                continue
            }
            type.metadata[m.key] = resolveExpressionFunction(m.value, name: "\(i.name).\(m.key)")
        }
        for p in i.parameters {
            guard let index = type.parameterIndex[p.name] else { continue }
            for option in p.options where option.label == "default" {
                type.parameters[index].defaultValue = resolveExpressionFunction(option.value, name: "default of '\(p.name)'")
            }
            for option in p.options where option.label != "default" {
                let code = resolveExpressionFunction(option.value, name: "option of '\(p.name)'")
                if option.label == "requestValueDialog" { type.parameters[index].requestDialog = code }
            }
        }
        for prop in i.members.properties {
            guard case .variable(let v) = prop.kind else { continue }
            if let initial = v.initializer {
                type.constants.append((v.name, resolveExpressionFunction(initial, name: "\(i.name).\(v.name)")))
            } else if let getter = v.getter {
                let f = FunctionDecl(name: v.name, parameters: [], returnType: v.type, body: getter, isMutating: false, isThrowing: false)
                type.constants.append((v.name, resolveFunction(f, name: "\(i.name).\(v.name)", selfKind: .intent(type), range: v.nameRange)))
            } else {
                error(.expected("a value for '\(v.name)'", found: "none"), at: v.nameRange)
            }
        }
        for f in i.members.functions {
            guard case .function(let fd) = f.kind else { continue }
            type.methods[fd.name] = resolveFunction(fd, name: "\(i.name).\(functionSignature(fd))", selfKind: .intent(type), range: f.nameRange)
        }
        if let perform = i.perform {
            let f = FunctionDecl(name: "perform", parameters: [], returnType: nil, body: perform, isMutating: false, isThrowing: true)
            snippetPerform = i.isSnippet ? type : nil
            defer { snippetPerform = nil }
            type.perform = resolveFunction(f, name: "\(i.name).perform", selfKind: .intent(type), range: perform.range)
        }
    }

    /// `appShortcuts { AppShortcut(intent: X(), phrases: [...], shortTitle: "…", systemImageName: "…") }`.
    /// A phrase's `\(name)` names a parameter of the intent, and `\(.applicationName)` the app.
    func resolveAppShortcuts(_ body: Block) {
        for statement in body.statements {
            guard case .expression(let e) = statement.kind, case .call(let callee, let args) = e.kind,
                  case .identifier("AppShortcut") = callee.kind else {
                error(.expected("AppShortcut(intent:phrases:shortTitle:systemImageName:)", found: "something else"), at: statement.range)
                continue
            }
            let known = ["intent", "phrases", "shortTitle", "systemImageName"]
            var intent: IntentType?
            var phraseExprs: [Expr] = []
            var shortTitle: String?, image: String?
            for a in args {
                switch a.label {
                case "intent":
                    _ = expr(a.value)
                    if case .call(let c, _) = a.value.kind, case .identifier(let n) = c.kind {
                        intent = program.intents[n]
                        // An unknown name was reported already; a known one that is no intent is reported here.
                        if intent == nil, globals[n] != nil { error(.notAnIntent(n), at: c.range) }
                    } else {
                        error(.expected("an intent such as LogIntent()", found: "something else"), at: a.value.range)
                    }
                case "phrases":
                    if case .array(let items) = a.value.kind { phraseExprs = items } else {
                        error(.expected("an array of phrases", found: "something else"), at: a.value.range)
                    }
                case "shortTitle", "systemImageName":
                    guard case .string(let parts) = a.value.kind, parts.count == 1, case .text(let t) = parts[0] else {
                        error(.expected("a plain string for \(a.label ?? "")", found: "something else"), at: a.value.range)
                        continue
                    }
                    if a.label == "shortTitle" { shortTitle = t } else { image = t }
                default:
                    error(.unknownArgument(label: a.label ?? "_", callee: "AppShortcut", kind: "argument", known: known,
                                           suggestion: a.label.flatMap { closestMatch(to: $0, in: known) }), at: a.labelRange ?? a.value.range)
                }
            }
            guard let intent else { continue }
            var phrases: [[AppShortcutInfo.PhrasePart]] = []
            for p in phraseExprs {
                guard case .string(let parts) = p.kind else {
                    error(.expected("a phrase string", found: "something else"), at: p.range)
                    continue
                }
                var phrase: [AppShortcutInfo.PhrasePart] = []
                for part in parts {
                    switch part {
                    case .text(let t): phrase.append(.text(t))
                    case .interpolation(let x):
                        switch x.kind {
                        case .implicitMember("applicationName"): phrase.append(.applicationName)
                        case .identifier(let name) where intent.parameterIndex[name] != nil: phrase.append(.parameter(name))
                        case .identifier(let name):
                            error(.unknownArgument(label: name, callee: intent.name, kind: "parameter", known: intent.parameters.map(\.name),
                                                   suggestion: closestMatch(to: name, in: intent.parameters.map(\.name))), at: x.range)
                        default:
                            error(.expected("\\(.applicationName) or a parameter name in a phrase", found: "an expression"), at: x.range)
                        }
                    }
                }
                // Apple's rules: every phrase names the app and holds at most one parameter slot.
                if !phrase.contains(.applicationName) {
                    error(.appShortcutRule("every phrase must include \\(.applicationName)"), at: p.range)
                }
                if phrase.filter({ if case .parameter = $0 { return true }; return false }).count > 1 {
                    error(.appShortcutRule("a phrase may hold at most one parameter"), at: p.range)
                }
                phrases.append(phrase)
            }
            if !intent.isDiscoverable {
                error(.appShortcutRule("the intent '\(intent.name)' of an App Shortcut must be discoverable"), at: statement.range)
            }
            program.appShortcuts.append(AppShortcutInfo(intent: intent, phrases: phrases, shortTitle: shortTitle, systemImageName: image))
        }
    }

    /// `parameterSummary: "Log \(shots)"`: each `\(name)` must name a parameter.
    func checkParameterSummary(_ value: Expr, _ type: IntentType) {
        guard case .string(let parts) = value.kind else { return }
        for part in parts {
            if case .interpolation(let e) = part, case .identifier(let n) = e.kind, type.parameterIndex[n] == nil {
                error(.unknownArgument(label: n, callee: type.name, kind: "parameter", known: type.parameters.map(\.name),
                                       suggestion: closestMatch(to: n, in: type.parameters.map(\.name))), at: e.range)
            }
        }
    }

    func resolveView(_ type: ViewType, _ v: ViewDecl, range: SourceRange) {
        let checks = v.parameters.map { $0.type.map { resolveType($0) } }
        let defaults: [FunctionCode?] = v.parameters.map { p in p.defaultValue.map { resolveExpressionFunction($0, name: "default of '\(p.name)'") } }
        let (layout, body, _) = withFunction(kind: .function, name: v.name, selfKind: nil, parameters: v.parameters.map { ($0.name, $0.range) },
                                             scanning: v.body.statements) {
            [.return(builderBlock(v.body.statements), v.body.range)]
        }
        // A view's parameters are labelled by their names, as a memberwise initialiser.
        type.code = FunctionCode(name: v.name, parameterLabels: v.parameters.map { $0.label ?? $0.name }, parameterChecks: checks, defaults: defaults,
                                 returnCheck: nil, hasSelf: false, isMutating: false, captureSlots: layout.captureSlots,
                                 frameSize: layout.frameSize, body: body, range: range)
    }
}

/// `LogEspressoIntent` → `Log Espresso Intent`.
func splitWords(_ name: String) -> String {
    var out = ""
    var previous: Character?
    for c in name {
        if let p = previous, c.isUppercase, p.isLowercase || p.isNumber { out.append(" ") }
        out.append(c)
        previous = c
    }
    return out
}

/// `tripleShot` → `Triple Shot`: the title a case or parameter gets when it is given none.
public func titleCase(_ name: String) -> String {
    let words = splitWords(name)
    guard let first = words.first else { return words }
    return first.uppercased() + words.dropFirst()
}
