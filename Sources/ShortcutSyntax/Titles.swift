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

/// `tripleShot` → `Triple Shot`: the title a case or parameter gets when it is given none.
public func titleCase(_ name: String) -> String {
    let words = splitWords(name)
    guard let first = words.first else { return words }
    return first.uppercased() + words.dropFirst()
}
