import ShortcutSyntax

/// Declared initialisers: a struct's, a class's and an enum's `init`, and the failable `init?`. Each is a mutating method
/// run on a new value — a struct's or class's of its field defaults, nil for an enum, whose `init` assigns `self` — and
/// an `init?`'s `return nil` returns `false`, which leaves nil (`Interpreter.initialize`). Also an app's `init`, and a
/// class's `deinit`.
extension Resolver {
    /// A type's declared `init`s: each one's code, made now so calls can name it before its body is resolved.
    func declaredInitializers(_ decls: [FunctionDecl]) -> [(code: FunctionCode, decl: FunctionDecl, signature: FunctionSignature)] {
        decls.map { f in
            let code = FunctionCode(declaring: functionSignature(f), range: f.body.range)
            code.isFailable = f.isFailable
            return (code, f, signature(of: f))
        }
    }

    /// `E(…)`: an enum made by an `init` of its own, or by `init(rawValue:)` where it has a raw type.
    func enumConstruction(_ e: EnumType, name: String, _ args: [Argument], range: SourceRange) -> Node {
        let chosen = chooseInitializer(e.initializers.map(\.signature), args, range: range)
        if let index = chosen?.index ?? (e.rawType == nil && !e.initializers.isEmpty ? 0 : nil) {
            let (code, decl, signature) = e.initializers[index]
            let parameters = decl.parameters.map { (label: $0.label, hasDefault: $0.defaultValue != nil) }
            guard let ordered = matchPositional(args, parameters: parameters, callee: name, range: range, types: signature.types, pretyped: chosen?.pretyped,
                                                autoclosures: signature.autoclosures) else {
                return .constant(.null)
            }
            return .initEnum(e, code, ordered, range)
        }
        if e.rawType == nil { error(.notConstructible(name), at: range) }
        // `E(rawValue: x)`: x of the raw type (`Mode(rawValue: 1)` of a `String` enum is swiftc's error).
        if let raw = e.rawType, args.count == 1, args[0].label == "rawValue" {
            let value = fit(typed(args[0].value, raw), to: raw, site: .argument, at: args[0].value.range)
            return .callMethod(.constant(.type(.enumeration(e))), Name("init"), [value], ["rawValue"], range)
        }
        return .callMethod(.constant(.type(.enumeration(e))), Name("init"), args.map { expr($0.value) }, args.map(\.label), range)
    }

    /// The type a construction gives: the type, or an optional of it where an `init?` or `init(rawValue:)` makes it.
    func constructedType(_ node: Node, _ type: ScriptType) -> ScriptType {
        switch node {
        case .initRecord(_, let code, _, _), .initEnum(_, let code, _, _): return code.isFailable ? .optional(type) : type
        case .callMethod(_, let name, _, _, _) where name.text == "init": return .optional(type)
        default: return type
        }
    }

    /// `return` with a value in an `init`: `return nil` in an `init?` gives `false` (the value is then nil); any other is
    /// swiftc's error, at the `return`. Nil for a plain `return`, or outside an `init`.
    func initializerReturn(_ value: Expr?, range: SourceRange) -> Statement? {
        guard context.isInitializer, let value else { return nil }
        let isNil = if case .nil = value.kind { true } else { false }
        if isNil, context.isFailableInitializer { return .return(.constant(.bool(false)), range) }
        error(.initializerReturnValue(isNil: isNil), at: range.prefix(6))
        if !isNil { _ = typed(value) }
        return .return(nil, range)
    }

    /// The app's `init`: it runs with `self` made from its properties' defaults (`let appData = self.store`).
    func resolveAppInit(_ block: Block, record r: RecordType, name: String) -> FunctionCode {
        let (layout, body, _) = withFunction(kind: .function, name: "\(name).init", selfKind: nil, parameters: [], scanning: block.statements) {
            selfPrologue(r, values: r.fields.map { _ in nil }, range: block.range) + statements(block.statements)
        }
        return FunctionCode(name: "\(name).init", parameterLabels: [], parameterChecks: [], defaults: [], returnCheck: nil, hasSelf: false,
                            isMutating: false, captureSlots: layout.captureSlots, frameSize: layout.frameSize, body: body, range: block.range,
                            codeOptions: codeOptions)
    }

    /// A class's `deinit { … }`: a method of no arguments, run once an instance's last reference has gone
    /// (`Interpreter.runDeinitializers`) — after the statement that let it go, its subclass's before its superclass's.
    func resolveDeinitializer(_ body: Block, of type: RecordType, owner: String) -> FunctionCode {
        let f = FunctionDecl(name: "deinit", parameters: [], returnType: nil, body: body, isMutating: false, isThrowing: false)
        return resolveFunction(f, name: "\(owner).deinit", selfKind: .record(type), range: body.range)
    }
}
