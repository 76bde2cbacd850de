import ShortcutSyntax

/// Implicit members: `.name` and `.name(…)` resolved by the type the context wants.
extension Resolver {
    /// `.name` (or `.name(…)`) resolved by the type the context expects (SPEC §3.2):
    /// an enum's case, `.init(…)` of the expected type, a store's `.shared`.
    func typedImplicitMember(_ name: String, args: [Argument]?, expected: ScriptType?, range: SourceRange, nameRange written: SourceRange) -> Typed {
        // Reported at the name, after the `.`, as swiftc reports it.
        let nameRange = sourceText(written).hasPrefix(".") ? SourceRange(file: written.file, start: Int(written.start) + 1, end: Int(written.end)) : written
        // `.some(4)` where an optional is wanted: the value itself (an optional holds its value or nil here).
        if name == "some", case .optional(let wrapped)? = expected, let args, args.count == 1, args[0].label == nil {
            return typedOptionalWrapping(args[0].value, wrapped)
        }
        let context = expected.map(unwrappedAll)
        // `.zero` of a generic parameter's numbers (`T: AdditiveArithmetic`): an `Int`'s, a `Double`'s of a floating-point one.
        if name == "zero", args == nil, let context, context.typeParameterHas("AdditiveArithmetic") {
            return Typed(.constant(context.typeParameterHas("FloatingPoint") ? .double(0) : .int(0)), context)
        }
        if case .enumeration(let e)? = context, let c = e.lookup(name) {
            if c.payloadTypes != nil { return typedEnumConstruction(c, args ?? [], bareName: args == nil ? nameRange : nil, range: range) }
            if let args {   // `.plus(1)` of a case without values
                error(.caseWithoutValues(name), at: nameRange)
                for a in args { _ = expr(a.value) }
                return Typed(.constant(.null), .enumeration(e))
            }
        }
        // A static member of the type the context wants: `let t: Temperature = .fromFahrenheit(212)`, `let s: Shot = .standard`.
        var owner: String?
        switch context {
        case .record(let r)?:
            // A generic type's statics are its own (`Box<Int>` has `Box`'s); a class's, its superclasses' too.
            owner = sequence(first: r, next: \.superclass).map(\.root.name).first { globals[Resolver.staticKey($0, name)] != nil } ?? r.root.name
        case .enumeration(let e)?: owner = e.root.name
        case let type?: owner = type.extensionOwners.first { globals[Resolver.staticKey($0, name)] != nil }   // `extension Double { static let … }`
        default: break
        }
        if let owner, globals[Resolver.staticKey(owner, name)] != nil {
            let base = Expr(.identifier(owner), nameRange)
            if let args {
                let call = typedMethodCall(base, name, nameRange: nameRange, args, expected: expected, range: range)
                if case .record(let use)? = context, let retyped = retypedGenericResult(call, as: use, range: range) { return retyped }
                return call
            }
            // `let s: S = .make` of a `static func make() -> S`: the call is missing, as swiftc says.
            let key = Resolver.staticKey(owner, name)
            if case .function(_, let decl, _)? = globals[key], !staticGetterKeys.contains(key), let context,
               functionSignatures[key]?.result.agrees(with: context) ?? false {
                error(.memberIsFunction(member: name + "(" + decl.parameters.map { ($0.label ?? "_") + ":" }.joined() + ")", produces: context.description), at: nameRange)
                return Typed(.constant(.null), context)
            }
            return typedMember(base, name, nameRange: nameRange, range: range)
        }
        if let args {
            switch (name, context) {
            case ("init", .string?), ("init", nil), ("init", .any?):
                // `.init(stringLiteral: s)`, `.init("text")` where text is wanted: a dialog or a localized string is text here.
                let isText: Bool
                if case .string? = context { isText = true } else { isText = false }
                if args.count == 1, args[0].label == "stringLiteral" {
                    let t = typed(args[0].value, .string)
                    return Typed(fit(t, to: .string, site: .argument, at: args[0].value.range), .string)
                }
                if isText { return typedCall(Expr(.identifier("String"), nameRange), args, expected: context, range: range) }
            case ("init", .framework("IntentChoiceOption")?):   // `[.init(title: "Small")]` as `requestChoice`'s options
                return Typed(typedSystem(.IntentChoiceOption, args, range: range).node, .framework("IntentChoiceOption"))
            case ("init", .int?), ("init", .double?), ("init", .bool?), ("init", .date?), ("init", .uuid?):   // `let n: Int = .init()`
                return typedCall(Expr(.identifier(context?.description ?? ""), nameRange), args, expected: context, range: range)
            case ("init", .array?) where args.isEmpty, ("init", .set?) where args.isEmpty:
                return typed(Expr(.array([]), range), context)
            case ("init", .dictionary?) where args.isEmpty:
                return typed(Expr(.dictionary([]), range), context)
            case ("init", .record(let r)?):
                if case .record(_, let decl, let declRange)? = globals[r.root.name] {
                    return Typed(callGlobal(.record(r, decl, range: declRange), name: r.root.name, args, calleeRange: nameRange, range: range), .record(r))
                }
            case ("shared", .record(let r)?) where r.kind == .store && args.isEmpty,
                 ("init", .record(let r)?) where r.kind == .store && args.isEmpty:
                return Typed(.storeShared(r), .record(r))
            default:
                break
            }
            for a in args { _ = typed(a.value, .any) }
            // Where the context is not known (a view's modifier, until SwiftUI's vocabulary is typed), the name stands for itself.
            if context?.isUnknown == true { return Typed(implicitMember(name, at: range), .any) }
            if let context {
                error(.unknownMember(name, type: context.description, suggestion: nil), at: nameRange)
            } else {
                error(.noContextualBase(name), at: nameRange)
            }
            return .unknown
        }
        // `.none` where an optional is wanted is `nil`, as Optional's case.
        if name == "none", let expected, expected.isOptional, !(context.map { if case .enumeration(let e) = $0 { return e.lookup("none") != nil }; return false } ?? false) {
            return Typed(.constant(.null), expected)
        }
        switch context {
        case .enumeration(let e)?:
            if let c = e.lookup(name) { return Typed(.constant(.enumCase(c)), .enumeration(e)) }
            error(.unknownMember(name, type: e.name, suggestion: closestMatch(to: name, in: e.cases.map(\.name))), at: nameRange)
            return .unknown
        case .record(let r)? where r.kind == .store && name == "shared":
            return Typed(.storeShared(r), .record(r))
        case .record(let r)?:
            // A struct's or class's value by a static member only (found above): `let u: Unit = .b` with no `b` is swiftc's error.
            error(.unknownMember(name, type: r.name, suggestion: nil), at: nameRange)
            return .unknown
        case .date? where name == "now":
            return Typed(implicitMember(name, at: range), .date)
        // `let limit: Double = .infinity`, `var best: Int = .max`: the number type's own constants.
        case .double? where Resolver.builtinStatics(of: "Double")?[name] != nil, .int? where Resolver.builtinStatics(of: "Int")?[name] != nil:
            let type: String
            if case .double? = context { type = "Double" } else { type = "Int" }
            return typedMember(Expr(.identifier(type), nameRange), name, nameRange: nameRange, range: range)
        // A number, a Boolean or a collection has no other such member (`let n: Int = .one` would fail when it ran);
        // an optional's are its cases (`.some(let v)` in a pattern).
        case .int?, .double?, .bool?, .array?, .dictionary?, .set?:
            guard expected?.isOptional == true else {
                error(.unknownMember(name, type: context?.description ?? "", suggestion: nil), at: nameRange)
                return .unknown
            }
            return Typed(implicitMember(name, at: range), .any)
        default:
            let node = implicitMember(name, at: range)
            if case .constant(.enumCase(let c)) = node { return Typed(node, .enumeration(c.type)) }
            return Typed(node, .any)
        }
    }
}
