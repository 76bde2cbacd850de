/// A generic function that uses its generic parameter as a value (`T.zero`, `M.empty`, `T.self`, `T()`), as Swift allows:
/// Swift passes the type; here a call passes it too, as a parameter the program cannot name (`T.self: T.Type`, after the
/// written ones, with a default of nil for a call through a function value). In the body, `T` as a value is that
/// parameter, as it is for a function that takes `_ type: T.Type` itself (`Resolver.nameMetatypes`); each call passes
/// the type its arguments bind `T` to (`Resolver.boundTypeArguments`).
public enum GenericMetatypes {
    /// The hidden parameter's name and label for generic parameter `name`: no identifier has a `.` in it.
    public static func parameterName(_ name: String) -> String { name + ".self" }

    /// Whether a parameter is one this lowering added.
    public static func isHidden(_ label: String?) -> Bool { label?.hasSuffix(".self") ?? false }

    /// The generic parameter (or standard type's part) a hidden parameter passes (`T` of `T.self`).
    public static func passedType(_ name: String) -> String { String(name.dropLast(".self".count)) }

    /// The units with each top-level generic function that uses a generic parameter as a value given its hidden parameter,
    /// and each type's static one. A generic function that calls one of these by name (`func outer<T: Numeric>(_ xs: [T]) ->
    /// T { sum(xs) }`) is given them for all its generic parameters too, so it has its own to pass on. Which do is found
    /// first, over the functions' calls (each body read once), then the functions are given them: time linear in the text.
    public static func lowered(_ units: [SourceUnit]) -> [SourceUnit] {
        let required = genericRequirementNames(units)
        let passing = functionsPassingTypes(units).union(required)
        return units.map { unit in
            var unit = unit
            unit.items = unit.items.map { item in
                guard case .declaration(var decl) = item.kind else { return item }
                switch decl.kind {
                case .function(let f):
                    guard let given = given(f, in: unit.file, passing) else { return item }
                    decl.kind = .function(given)
                // A type's static functions (`Stats.total(_:)`), called by their type's name.
                case .type(var t):
                    guard let members = givenMembers(t.members, in: unit.file, passing, required: required) else { return item }
                    t.members = members
                    decl.kind = .type(t)
                case .enumeration(var e):
                    guard let members = givenMembers(e.members, in: unit.file, passing, required: required) else { return item }
                    e.members = members
                    decl.kind = .enumeration(e)
                case .extension(var e):
                    let statics = givenMembers(e.members, in: unit.file, passing, required: required)
                    e.members = statics ?? e.members
                    let parts = givenParts(e, in: unit.file)
                    guard statics != nil || parts != nil else { return item }
                    e.members.functions = parts ?? e.members.functions
                    decl.kind = .extension(e)
                // A generic requirement is given its types too, so a call through the protocol's value passes them.
                case .protocolDecl(var p):
                    guard p.requirements.contains(where: { !($0.function?.generics.isEmpty ?? true) }) else { return item }
                    for i in p.requirements.indices {
                        guard let f = p.requirements[i].function, !f.generics.isEmpty else { continue }
                        p.requirements[i].function = withHiddenParameters(f, for: f.generics.map(\.name))
                    }
                    decl.kind = .protocolDecl(p)
                default:
                    return item
                }
                return Stmt(.declaration(decl), item.range)
            }
            return unit
        }
    }

    /// The names of the generic functions (top-level, and types' statics) that pass types: those whose body uses a generic
    /// parameter as a value, and those that call one that passes, found by following the calls back from the first.
    static func functionsPassingTypes(_ units: [SourceUnit]) -> Set<String> {
        var callers: [String: [String]] = [:], pending: [String] = []
        for unit in units {
            for item in unit.items {
                guard case .declaration(let d) = item.kind else { continue }
                var functions: [FunctionDecl] = []
                switch d.kind {
                case .function(let f): functions = [f]
                case .type(let t): functions = memberFunctions(t.members)
                case .enumeration(let e): functions = memberFunctions(e.members)
                case .extension(let e) where standardParts[e.name] == nil: functions = memberFunctions(e.members)
                default: continue
                }
                for f in functions where !f.generics.isEmpty {
                    let body = Array(unit.file.text(f.body.range).utf8)
                    if f.generics.contains(where: { usesAsValue($0.name, body) }) { pending.append(f.name) }
                    for callee in calledNames(body) { callers[callee, default: []].append(f.name) }
                }
            }
        }
        var passing: Set<String> = []
        while let name = pending.popLast() {
            guard passing.insert(name).inserted else { continue }
            pending += callers[name] ?? []
        }
        return passing
    }

    /// The names of the protocols' generic function requirements: every generic method of those names passes all its types,
    /// whether its body uses them or not, so a call through a protocol's value, which passes them, fits any of them.
    static func genericRequirementNames(_ units: [SourceUnit]) -> Set<String> {
        var names: Set<String> = []
        for unit in units {
            for item in unit.items {
                guard case .declaration(let d) = item.kind, case .protocolDecl(let p) = d.kind else { continue }
                for r in p.requirements where !(r.function?.generics.isEmpty ?? true) { names.insert(r.name) }
            }
        }
        return names
    }

    private static func memberFunctions(_ members: Members) -> [FunctionDecl] {
        (members.staticFunctions + members.functions).compactMap { if case .function(let f) = $0.kind { f } else { nil } }
    }

    /// `f` given its hidden parameters when it passes types (`passing`); nil when it needs none it has not.
    private static func given(_ f: FunctionDecl, in file: SourceFile, _ passing: Set<String>, required: Set<String> = []) -> FunctionDecl? {
        guard !f.generics.isEmpty, passing.contains(f.name) else { return nil }
        let given = withTypeParameters(f, in: file, calling: passing, required: required)
        return given.parameters.count != f.parameters.count ? given : nil
    }

    /// The members with their generic functions, static or not, given their hidden parameters; nil when none needs one.
    private static func givenMembers(_ members: Members, in file: SourceFile, _ passing: Set<String>, required: Set<String>) -> Members? {
        var members = members, changed = false
        for (i, d) in members.staticFunctions.enumerated() {
            guard case .function(let f) = d.kind, let g = given(f, in: file, passing) else { continue }
            members.staticFunctions[i].kind = .function(g)
            changed = true
        }
        for (i, d) in members.functions.enumerated() {
            guard case .function(let f) = d.kind, let g = given(f, in: file, passing, required: required) else { continue }
            members.functions[i].kind = .function(g)
            changed = true
        }
        return changed ? members : nil
    }

    /// The parts of a standard generic type an extension's methods may use as values (`Element.zero` in `extension Array
    /// where Element: Numeric`), by the extended type's name.
    static let standardParts: [String: [String]] = [
        "Array": ["Element"], "Set": ["Element"], "Sequence": ["Element"], "Collection": ["Element"],
        "Dictionary": ["Key", "Value"], "Optional": ["Wrapped"],
    ]

    /// An extension of a standard generic type with its methods given a hidden parameter for each part they use as a value;
    /// nil when none does.
    private static func givenParts(_ e: ExtensionDecl, in file: SourceFile) -> [Decl]? {
        guard let parts = standardParts[e.name] else { return nil }
        var functions = e.members.functions, changed = false
        for (i, d) in functions.enumerated() {
            guard case .function(var f) = d.kind else { continue }
            let body = Array(file.text(f.body.range).utf8)
            for part in parts where usesAsValue(part, body) && !f.parameters.contains(where: { $0.label == parameterName(part) }) {
                f.parameters.append(Parameter(label: parameterName(part), name: parameterName(part), type: TypeRef(.named(part + ".Type"), f.body.range),
                                              defaultValue: Expr(.nil, f.body.range), range: f.body.range))
                changed = true
            }
            functions[i].kind = .function(f)
        }
        return changed ? functions : nil
    }

    /// `f` with a hidden parameter for each generic parameter its body uses as a value, or each when it calls a function
    /// of `passing`, that no parameter gives as a type.
    static func withTypeParameters(_ f: FunctionDecl, in file: SourceFile, calling passing: Set<String>, required: Set<String> = []) -> FunctionDecl {
        let body = Array(file.text(f.body.range).utf8)
        let passes = required.contains(f.name) || !calledNames(body).isDisjoint(with: passing)
        return withHiddenParameters(f, for: f.generics.map(\.name).filter { passes || usesAsValue($0, body) })
    }

    /// `f` with a hidden parameter for each of `names` that it has not and takes no `T.Type` for.
    static func withHiddenParameters(_ f: FunctionDecl, for names: [String]) -> FunctionDecl {
        var f = f
        for name in names {
            guard !f.parameters.contains(where: { $0.label == parameterName(name) }) else { continue }
            let given = f.parameters.contains { if case .named(let n)? = $0.type?.kind { n == name + ".Type" } else { false } }
            guard !given else { continue }
            let at = f.body.range
            f.parameters.append(Parameter(label: parameterName(name), name: parameterName(name), type: TypeRef(.named(name + ".Type"), at),
                                          defaultValue: Expr(.nil, at), range: at))
        }
        return f
    }

    /// Whether `name` stands in `text` as a value: followed by `(` or by `.` and a member starting with a lower-case
    /// letter (`T.zero`, `T.self`, `T()`), not as a type (`[T]`, `T.Element`, `T.Type`).
    static func usesAsValue(_ name: String, _ text: [UInt8]) -> Bool {
        followed(name, in: text) { after in
            after.first == UInt8(ascii: "(") || (after.count > 1 && after[after.startIndex] == UInt8(ascii: ".") && after[after.startIndex + 1] >= 97 && after[after.startIndex + 1] <= 122)
        }
    }

    /// The names `text` calls (`sum` of `sum(xs)`), read in one pass.
    static func calledNames(_ text: [UInt8]) -> Set<String> {
        var names: Set<String> = [], i = 0
        while i < text.count {
            guard isIdentifier(text[i]), i == 0 || !isIdentifier(text[i - 1]) else { i += 1; continue }
            var end = i
            while end < text.count, isIdentifier(text[end]) { end += 1 }
            var j = end
            while j < text.count, text[j] == UInt8(ascii: " ") { j += 1 }
            if j < text.count, text[j] == UInt8(ascii: "(") { names.insert(String(decoding: text[i..<end], as: UTF8.self)) }
            i = end
        }
        return names
    }

    static func isIdentifier(_ c: UInt8) -> Bool { c == UInt8(ascii: "_") || (c >= 48 && c <= 57) || (c | 0x20 >= 97 && c | 0x20 <= 122) || c >= 0x80 }

    /// Whether `name` stands in `text` as a word followed (after spaces) by what `test` accepts.
    static func followed(_ name: String, in text: [UInt8], by test: (ArraySlice<UInt8>) -> Bool) -> Bool {
        let word = Array(name.utf8)
        var i = 0
        while i + word.count <= text.count {
            defer { i += 1 }
            guard text[i..<i + word.count].elementsEqual(word), i == 0 || !isIdentifier(text[i - 1]),
                  i + word.count == text.count || !isIdentifier(text[i + word.count]) else { continue }
            var j = i + word.count
            while j < text.count, text[j] == UInt8(ascii: " ") { j += 1 }
            if test(text[j...]) { return true }
        }
        return false
    }
}
