import ShortcutSyntax

/// `ItemCollection { ItemSection("Italian Authors") { "Dante Alighieri" … } … }`: what a `DynamicOptionsProvider`'s
/// `results()` may give (Apple's `IntentItemCollection`), with sections, items (`IntentItem(value, title:)`) and
/// `items:` or `sections:` arrays. Here it is the options as one list, in order — a section's title and an item's are
/// for a device's list — so `ItemCollection<String>` is `[String]` (docs/Swift.md).
extension Resolver {
    /// The framework's names for a collection of options, a section of one and an item.
    static let itemCollectionNames: Set<String> = ["ItemCollection", "IntentItemCollection", "ItemSection", "IntentItemSection", "IntentItem"]

    /// `ItemCollection { … }`, `ItemSection(…) { … }` or `IntentItem(…)`: its options as an array (an item, its value).
    func typedItemCollection(_ name: String, _ args: [Argument], range: SourceRange) -> Typed? {
        guard Resolver.itemCollectionNames.contains(name), isUndeclared(name) else { return nil }
        if name == "IntentItem" {
            guard let value = args.first(where: { $0.label == nil }) else { return nil }
            for a in args where a.label != nil { _ = typed(a.value) }
            return typed(value.value)
        }
        return typed(itemList(args, range: range))
    }

    /// The options that a collection's or a section's arguments give, as one array expression: the builder's items in
    /// order (a section's in its place), then `items:`, then `sections:`.
    private func itemList(_ args: [Argument], range: SourceRange) -> Expr {
        var parts: [Expr] = []
        var loose: [Expr] = []
        func flush() { if !loose.isEmpty { parts.append(Expr(.array(loose), range)); loose = [] } }
        for a in args {
            switch (a.label, a.value.kind) {
            case (nil, .closure(let c)):
                for s in c.body.statements {
                    guard case .expression(let e) = s.kind else {
                        error(.expected("an item or an ItemSection in an ItemCollection", found: "a statement"), at: s.range)
                        continue
                    }
                    if let section = sectionItems(e) { flush(); parts.append(section) } else { loose.append(e) }
                }
            case ("items"?, _):
                flush()
                parts.append(a.value)
            case ("sections"?, .array(let sections)):
                flush()
                parts += sections.map { sectionItems($0) ?? $0 }
            default:
                break   // a title, `promptLabel:`, `usesIndexedCollation:`: for a device's list
            }
        }
        flush()
        return parts.dropFirst().reduce(parts.first ?? Expr(.array([]), range)) { Expr(.binary(.add, $0, $1), range) }
    }

    /// `ItemSection(…) { … }` as the array of its items; nil for anything else.
    private func sectionItems(_ e: Expr) -> Expr? {
        guard case .call(let callee, let args) = e.kind, case .identifier(let name) = callee.kind,
              name == "ItemSection" || name == "IntentItemSection", isUndeclared(name) else { return nil }
        return itemList(args, range: e.range)
    }
}
