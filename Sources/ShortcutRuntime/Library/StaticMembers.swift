import ShortcutSyntax

/// A type's statics read and called through a type value (`T.name`, `T.make()` where `func f<T: Shape>(_ t: T.Type)`
/// was given `Square.self`): the global the checker keys `Square.name` — a stored static, a `static let` set at its
/// first read, or a computed one called — or the superclass's of that name, as Swift's class statics are inherited.
extension Interpreter {
    /// The program's static `name` of the type the value names; nil when it has none.
    func programStatic(_ type: TypeValue, _ name: String, _ site: SourceRange) throws(ScriptError) -> Value? {
        guard let key = staticKey(type, name), let slot = globalSlot(key) else { return nil }
        if program.staticGetters.contains(key), case .function(let f) = globals[slot] {
            return try call(f.code, captures: f.captures, selfValue: nil, arguments: [], site: site)
        }
        if let lazy = program.lazyStatics[key], globals[lazy.flag] != .bool(true) {
            return try call(lazy.code, captures: [], selfValue: nil, arguments: [], site: site)
        }
        return globals[slot]
    }

    /// `T.make(…)`: the program's static function `name` of the type the value names, called; nil when it has none.
    func programStaticCall(_ type: TypeValue, _ name: String, _ args: Arguments, _ site: SourceRange) throws(ScriptError) -> Value? {
        guard let key = staticKey(type, name), !program.staticGetters.contains(key), let slot = globalSlot(key),
              case .function(let f) = globals[slot] else { return nil }
        return try call(f.code, captures: f.captures, selfValue: nil, arguments: args, site: site)
    }

    /// `T(…)` of a struct or class: the `init` whose labels these are (on a value of its fields' defaults), else the memberwise
    /// one (a field with a default may be left out); nil when neither takes them.
    func construct(_ type: RecordType, _ args: Arguments, _ labels: [String?], _ site: SourceRange) throws(ScriptError) -> Value? {
        if let initializer = type.initializers.first(where: { $0.signature.labels == labels }) {
            var made = try blank(type)
            try initialize(&made, with: initializer.code, args, site)
            try checkInitialized(made, site: site)
            return made
        }
        guard type.initializers.isEmpty else { return nil }
        var values: [Value] = []
        var next = 0
        for (i, field) in type.fields.enumerated() {
            if next < labels.count, labels[next] == field.name {
                values.append(args[next])
                next += 1
            } else if field.defaultValue != nil {
                values.append(try fieldDefault(type, i))
            } else {
                return nil
            }
        }
        return next == labels.count ? try construct(type, values, site) : nil
    }

    /// The key of the static `name` of the type (or of its nearest superclass that has one).
    private func staticKey(_ type: TypeValue, _ name: String) -> String? {
        var owners: [String] = [type.name]
        if case .record(let r) = type { owners = sequence(first: r, next: \.superclass).map(\.root.name) }
        return owners.lazy.map { $0 + "." + name }.first { self.globalSlot($0) != nil }
    }

    /// The slot of the global the checker named `key`.
    private func globalSlot(_ key: String) -> Int? {
        if staticSlots.isEmpty { staticSlots = Dictionary(program.globalNames.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a }) }
        return staticSlots[key].flatMap { $0 < initializedGlobals ? $0 : nil }
    }
}
