/// `LogEspressoIntent` → `Log Espresso Intent`.
public func splitWords(_ name: String) -> String {
    var out = ""
    var previous: Character?
    for c in name {
        if let p = previous, c.isUppercase, p.isLowercase || p.isNumber { out.append(" ") }
        out.append(c)
        previous = c
    }
    return out
}

/// `add(_:to:)`, `init()`: a function named by its name and its argument labels, as Swift names it.
public func compoundName(_ name: String, _ labels: [String?]) -> String {
    // A type a call passes (`GenericMetatypes`) is no label anyone writes.
    name + "(" + labels.filter { !GenericMetatypes.isHidden($0) }.map { ($0 ?? "_") + ":" }.joined() + ")"
}

/// A function's name as Swift's redeclaration message gives it: `f(a:)`, `h()`, but `g` for `g(_:)` (labels all `_`).
public func declarationName(_ name: String, _ labels: [String?]) -> String {
    labels.isEmpty || labels.contains(where: { $0 != nil }) ? compoundName(name, labels) : name
}

/// `tripleShot` → `Triple Shot`: the title a case or parameter gets when it is given none.
public func titleCase(_ name: String) -> String {
    let words = splitWords(name)
    guard let first = words.first else { return words }
    return first.uppercased() + words.dropFirst()
}
