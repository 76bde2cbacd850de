import ShortcutSyntax

/// Foundation's conversions between text and `Data` (`StandardJSON`'s `Data` holds UTF-8 text), read as its members:
/// `Data(text.utf8)`, `text.data(using: .utf8)`, `String(data: d, encoding: .utf8)`, `String(decoding: d, as: UTF8.self)`;
/// and `JSONDecoder().decode(Item.self, from: d)` typed as the type it names.
extension Resolver {
    /// Whether the program has `StandardJSON`'s `Data` (its prelude is read when the program names it).
    var hasStandardData: Bool {
        if case .record(let r, _, _)? = globals["Data"] { r.fieldIndex["utf8Text"] != nil } else { false }
    }

    /// `String(data:encoding:)` and `String(decoding:as:)` of a `Data`, `Data(text.utf8)`: the expression they mean, or nil.
    func dataConversion(_ callee: Expr, _ args: [Argument], range: SourceRange) -> Expr? {
        guard case .identifier(let name) = callee.kind, hasStandardData, lookupLocal(name) == nil else { return nil }
        func isData(_ e: Expr) -> Bool { if case .record(let r) = quietly({ typed(e) }).type { r.name == "Data" } else { false } }
        switch (name, args.map(\.label)) {
        case ("String", ["data", "encoding"]) where isData(args[0].value):
            let text = Expr(.member(args[0].value, "utf8Text", nameRange: range), range)
            return Expr(.call(Expr(.identifier("Optional"), range), [Argument(label: nil, labelRange: nil, value: text)]), range)
        case ("String", ["decoding", "as"]) where isData(args[0].value):
            return Expr(.member(args[0].value, "utf8Text", nameRange: range), range)
        case ("Data", [nil]):
            guard case .member(let text, "utf8", _) = args[0].value.kind else { return nil }
            return Expr(.call(callee, [Argument(label: "utf8Text", labelRange: nil, value: text)]), range)
        default:
            return nil
        }
    }

    /// `text.data(using: .utf8)`: the text's `Data`, optional as Foundation's is; nil for any other call.
    func dataOfText(_ base: Expr, _ name: String, _ args: [Argument], range: SourceRange) -> Expr? {
        guard name == "data", args.map(\.label) == ["using"], hasStandardData, case .string = quietly({ typed(base) }).type else { return nil }
        let data = Expr(.call(Expr(.identifier("Data"), range), [Argument(label: "utf8Text", labelRange: nil, value: base)]), range)
        return Expr(.call(Expr(.identifier("Optional"), range), [Argument(label: nil, labelRange: nil, value: data)]), range)
    }

    /// `decoder.decode(Item.self, from: data)` on `StandardJSON`'s `JSONDecoder`: the type `Item.self` names, which the
    /// generic method gives back; one that is not `Decodable` is swiftc's error.
    func decodedType(_ receiver: ScriptType, _ name: String, _ args: [Argument], at nameRange: SourceRange) -> ScriptType? {
        guard name == "decode", case .record(let r) = receiver, r.name == "JSONDecoder", args.count == 2,
              case .member(let named, "self", _) = args[0].value.kind, let ref = typeRef(from: named) else { return nil }
        let type = resolveTypeQuietly(ref)
        if !type.isUnknown, !conformsToStandard(type, "Decodable") {
            error(.genericRequirement(callee: "instance method 'decode(_:from:)'", type: nonconformingPart(type, "Decodable").description, requirement: "Decodable"),
                  at: nameRange)
        }
        return type
    }
}
