import ShortcutSyntax

/// Extensions of the standard types (`StandardExtensions`): `n.isEven` on an `Int` calls the function `Int@isEven` the
/// extension became, with `n` as its `self`; inside it, `self` is that parameter and a bare member name is `self`'s.
extension Resolver {
    /// The global key of the function an extension made for member `name` of values of this type; nil when none did.
    func standardExtensionKey(_ type: ScriptType, _ name: String) -> String? {
        for owner in type.extensionOwners {
            if case .function? = globals["\(owner)@\(name)"] { return "\(owner)@\(name)" }
        }
        return nil
    }

    /// `value.name` or `value.name(args)` of an extension's member: a call of its function with the value first.
    func typedStandardExtensionCall(_ key: String, _ receiver: Typed, _ base: Expr, _ args: [Argument], nameRange: SourceRange, range: SourceRange) -> Typed {
        guard let entry = globals[key] else { return .unknown }
        checkExtensionRequirements(key, receiver.type, at: nameRange)
        // An extension of `StringProtocol` is checked as a `String`'s, and a `Substring` is given to it as the text it is.
        var receiver = receiver
        if key.hasPrefix("StringProtocol@"), case .substring = receiver.type { receiver.type = .string }
        // A string is a sequence of its characters, a range of its Ints, a set or a dictionary of its elements: an extension
        // of `Sequence` or `Collection` (whose `self` is an array here) is given them as an array.
        let sequenceOwners = ["Sequence@", "Collection@", "BidirectionalCollection@", "RandomAccessCollection@"]
        if sequenceOwners.contains(where: key.hasPrefix) {
            switch receiver.type {
            case .array, .any: break
            default:
                let elements = Resolver.elementsArray(of: base)
                return typedStandardExtensionCall(key, typed(elements), elements, args, nameRange: nameRange, range: range)
            }
        }
        // `"a".shout(1)` of a method without parameters (its `self` is the only one here): swiftc's words.
        if let signature = functionSignatures[key], signature.types.count == 1, let first = args.first {
            error(.argumentToNoArgumentCall, at: first.value.range)
            for a in args { _ = expr(a.value) }
            return Typed(.constant(.null), signature.result)
        }
        let arguments = [Argument(label: nil, labelRange: nil, value: base)] + args
        let known = Resolver.extensionParts(of: receiver.type).filter { !$0.value.isUnknown }
        // `xs.total()` of a method that uses `Element` as a value: the receiver's element type passed (`GenericMetatypes`).
        var passed: (args: [Argument], pretyped: [Typed]?) = (arguments, [receiver] + args.map { typed($0.value) })
        if case .function(_, let decl, _) = entry {
            passed = passingTypes(arguments, passed.pretyped, to: decl, key: key, bindings: known.mapValues { GenericBinding(type: $0, isSoft: false) },
                                  expected: nil, at: range)
        }
        // Messages name it as Swift does (`Double.rounded`), not by its key.
        let node = callGlobal(entry, name: key.split(separator: "@").joined(separator: "."), key: key, pretyped: passed.pretyped, passed.args,
                              calleeRange: range, range: range)
        requireMarks(functionSignatures[key], args, at: range)
        return boundMethodCall(node, functionSignatures[key], arguments, known: known, range: range)
    }

    /// The names an extension of a standard generic type gives its parts (`Element` of an array or a set, `Key` and
    /// `Value` of a dictionary, `Wrapped` of an optional), with the receiver's types for them.
    static func extensionParts(of receiver: ScriptType) -> [String: ScriptType] {
        switch receiver {
        case .array(let e), .set(let e): ["Element": e]
        case .dictionary(let k, let v): ["Key": k, "Value": v]
        case .optional(let w): ["Wrapped": w]
        default: [:]
        }
    }

    /// `value.name(args)` of an extension's method (`Text("a").card()` of `extension View`: a modifier of one's own),
    /// unless its labels do not fit and the library has a method of that name (`rounded()` beside an extension's
    /// `rounded(to:)`); nil when there is none.
    func standardExtensionMethodCall(_ receiver: Typed, _ base: Expr, _ name: String, _ args: [Argument], nameRange: SourceRange, range: SourceRange) -> Typed? {
        guard let key = standardExtensionKey(receiver.type, name) else { return nil }
        let withSelf = [Argument(label: nil, labelRange: nil, value: base)] + args
        guard LibraryTypes.methods(receiver.type, name).isEmpty || functionSignatures[key].map({ labelsFit(withSelf, $0) }) ?? true else { return nil }
        return typedStandardExtensionCall(key, receiver, base, args, nameRange: nameRange, range: range)
    }

    /// An extension's `where` clause met by the value its member is used on (`extension Array where Element: Numeric`
    /// of a `[String]`): swiftc's "requires that 'String' conform to 'Numeric'", at the member's name. A same-type
    /// requirement (`Element == Int`) is not judged here.
    func checkExtensionRequirements(_ key: String, _ receiver: ScriptType, at nameRange: SourceRange) {
        guard case .function(_, let decl, _)? = globals[key], !decl.outerRequirements.isEmpty, let at = key.firstIndex(of: "@") else { return }
        let parts = Resolver.extensionParts(of: receiver)
        let (owner, member) = (key[..<at], String(key[key.index(after: at)...]))
        let labels = decl.parameters.dropFirst().map(\.label)
        let method = Resolver.messageName(member, labels)   // as swiftc: `total()`, `scaled`, `at(index:)`
        for requirement in decl.outerRequirements {
            guard let type = parts[requirement.name], !type.isUnknown else { continue }
            for constraint in requirement.constraints where constraint != "==" && !conforms(type, to: constraint) {
                let callee = decl.isComputedProperty ? "property '\(member)'"
                    : "referencing instance method '\(method)' on '\(owner)'"
                error(.genericRequirement(callee: callee, type: nonconformingPart(type, constraint).description, requirement: constraint), at: nameRange)
            }
        }
    }

    /// `s[2]` of an extension's `subscript(i: Int) -> Character`, `xs[safe: 5]`: its function, when the indices fit its
    /// parameters (labels and types); nil otherwise — the standard subscript, as `self[i]` of a `String.Index` inside it is.
    func standardExtensionSubscript(_ receiver: Typed, _ base: Expr, _ args: [Argument], range: SourceRange) -> Typed? {
        guard let key = standardExtensionKey(receiver.type, Parser.subscriptGetter), let signature = functionSignatures[key],
              labelsFit([Argument(label: nil, labelRange: nil, value: base)] + args, signature) else { return nil }
        let types = Array(signature.types.dropFirst())
        guard types.count == args.count, zip(args, types).allSatisfy({ a, t in fits(quietly { typed(a.value, t) }, t) }) else { return nil }
        return typedStandardExtensionCall(key, receiver, base, args, nameRange: range, range: range)
    }

    /// A member of an extension of a standard type (`Int@isEven`, `self` first) as Swift names it: `Int.isEven()`.
    static func extensionMemberSignature(_ f: FunctionDecl) -> String? {
        guard let at = f.name.firstIndex(of: "@"), f.parameters.first?.name == "self" else { return nil }
        return compoundName(f.name[..<at] + "." + f.name[f.name.index(after: at)...], f.parameters.dropFirst().map(\.label))
    }

    /// Inside an extension's member: its `self` parameter (a method of the program's own types has a `selfKind` instead).
    var standardSelf: Local? { selfKind() == nil ? lookupLocal("self") : nil }

    /// A bare name inside an extension's member that is one of `self`'s members (`count` in `extension Array`).
    func standardSelfMember(_ name: String, at range: SourceRange) -> Typed? {
        guard let s = standardSelf, memberType(s.type, name) != nil || standardExtensionKey(s.type, name) != nil else { return nil }
        return typedMember(Expr(.self, range), name, nameRange: range, range: range)
    }

    /// A bare call inside an extension's member of one of `self`'s methods (`uppercased()` in `extension String`).
    func standardSelfMethodCall(_ name: String, _ args: [Argument], nameRange: SourceRange, expected: ScriptType?, range: SourceRange) -> Typed? {
        guard let s = standardSelf, !LibraryTypes.methods(s.type, name).isEmpty || standardExtensionKey(s.type, name) != nil else { return nil }
        return typedMethodCall(Expr(.self, nameRange), name, nameRange: nameRange, args, expected: expected, range: range)
    }
}

extension Resolver {
    /// `Array(base)`: a sequence's elements as an array (a string's characters, a range's Ints).
    static func elementsArray(of base: Expr) -> Expr {
        Expr(.call(Expr(.identifier("Array"), base.range), [Argument(label: nil, labelRange: nil, value: base)]), base.range)
    }
}
