/// Operators a file declares for itself, as Swift's are declared: `infix operator **: MultiplicationPrecedence`,
/// `prefix operator √`, `postfix operator %%`, and `precedencegroup` declarations. The lexer takes a declared spelling
/// whole (`**` is one token, not two `*`); before parsing, the declarations are taken out of the token stream and each
/// use of an infix operator is given its group's binding power. The operator itself is a function the program declares
/// (`func ** (a: Int, b: Int) -> Int`, `static prefix func √ (x: Double) -> Double`): a use is a call of it.
public final class CustomOperator: Sendable, Equatable {
    public let spelling: String
    /// Binding power in the parser's scale (`BinaryOp.precedence`); an operator without a group has Swift's
    /// `DefaultPrecedence`, just above the ternary.
    public let precedence: Int
    public let isRightAssociative: Bool

    init(_ spelling: String, precedence: Int = CustomOperators.defaultPrecedence, isRightAssociative: Bool = false) {
        self.spelling = spelling
        self.precedence = precedence
        self.isRightAssociative = isRightAssociative
    }

    public static func == (a: CustomOperator, b: CustomOperator) -> Bool { a.spelling == b.spelling }
}

public enum CustomOperators {
    static let defaultPrecedence = 5
    /// Swift's standard precedence groups, in the parser's scale (`BinaryOp.precedence`).
    static let standardGroups: [String: Int] = [
        "BitwiseShiftPrecedence": 80, "MultiplicationPrecedence": 70, "AdditionPrecedence": 60, "RangeFormationPrecedence": 50,
        "CastingPrecedence": 45, "NilCoalescingPrecedence": 40, "ComparisonPrecedence": 30, "LogicalConjunctionPrecedence": 20,
        "LogicalDisjunctionPrecedence": 10, "DefaultPrecedence": defaultPrecedence, "TernaryPrecedence": 2, "AssignmentPrecedence": 1,
    ]
    static let fixities: Set<String> = ["infix", "prefix", "postfix"]

    /// Whether a byte may be part of an operator: Swift's ASCII operator characters, or any non-ASCII one (`√`, `•`).
    static func isOperatorByte(_ c: UInt8) -> Bool {
        c >= 0x80 || "/=-+!*%<>&|^~?.".utf8.contains(c)
    }

    /// Whether a function's name is an operator's (`**`, `prefix√`, `postfix%%`): its function is called for a use.
    public static func isOperatorFunction(_ name: String) -> Bool {
        spelling(ofFunction: name).utf8.first.map(isOperatorByte) ?? false
    }

    /// The operator an operator's function is named for: `~~` of `prefix~~`.
    public static func spelling(ofFunction name: String) -> String {
        for fixity in ["prefix", "postfix"] where name.hasPrefix(fixity) { return String(name.dropFirst(fixity.count)) }
        return name
    }

    /// The spellings the text declares (`infix operator **`), longest first, for the lexer to take whole. Read off the
    /// bytes before lexing, as a use may come before its declaration.
    static func declaredSpellings(in bytes: [UInt8]) -> [[UInt8]] {
        let keyword = Array("operator".utf8)
        var spellings: Set<[UInt8]> = []
        var i = 0
        while i + keyword.count < bytes.count {
            defer { i += 1 }
            guard bytes[i] == keyword[0], bytes[i..<(i + keyword.count)].elementsEqual(keyword) else { continue }
            // The word before: `infix`, `prefix` or `postfix`, a blank apart.
            var end = i
            while end > 0, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
            guard end < i else { continue }
            var start = end
            while start > 0, (bytes[start - 1] >= UInt8(ascii: "a") && bytes[start - 1] <= UInt8(ascii: "z")) { start -= 1 }
            guard fixities.contains(String(decoding: bytes[start..<end], as: UTF8.self)) else { continue }
            var j = i + keyword.count
            guard j < bytes.count, bytes[j] == UInt8(ascii: " ") || bytes[j] == UInt8(ascii: "\t") else { continue }
            while j < bytes.count, bytes[j] == UInt8(ascii: " ") || bytes[j] == UInt8(ascii: "\t") { j += 1 }
            let first = j
            while j < bytes.count, isOperatorByte(bytes[j]) { j += 1 }
            // A standard operator (`prefix operator -`) stays the lexer's own.
            if j > first, Punct(spelling: bytes[first..<j]) == nil { spellings.insert(Array(bytes[first..<j])) }
        }
        return spellings.sorted { $0.count > $1.count }
    }

    /// The tokens without the operator and precedence-group declarations, each use of a declared infix operator given
    /// its group's binding power and associativity; an unknown group is diagnosed.
    static func resolve(_ tokens: [Token], diagnostics: inout [Diagnostic]) -> [Token] {
        guard tokens.contains(where: {
            switch $0.kind {
            case .customOperator, .identifier("precedencegroup"): return true
            default: return false
            }
        }) else { return tokens }
        var kept: [Token] = []
        var groups: [String: (precedence: Int, right: Bool)] = standardGroups.mapValues { ($0, false) }
        var declaredGroups: [(name: String, body: [Token])] = []
        var infix: [String: (group: String?, at: SourceRange)] = [:]
        var i = 0
        func word(_ k: Int) -> String? {
            guard k < tokens.count, case .identifier(let w) = tokens[k].kind else { return nil }
            return w
        }
        while i < tokens.count {
            // `infix operator ** : Group`, `prefix operator √`
            if let fixity = word(i), fixities.contains(fixity), word(i + 1) == "operator", i + 2 < tokens.count,
               case .customOperator(let op) = tokens[i + 2].kind {
                var next = i + 3
                var group: String?
                if next + 1 < tokens.count, tokens[next].kind == .punct(.colon), !tokens[next].atLineStart, let name = word(next + 1) {
                    group = name
                    next += 2
                }
                if fixity == "infix" { infix[op.spelling] = (group, tokens[next - 1].range) }
                i = next
                continue
            }
            // `precedencegroup Name { higherThan: A  lowerThan: B  associativity: right }`
            if word(i) == "precedencegroup", let name = word(i + 1), i + 2 < tokens.count, tokens[i + 2].kind == .punct(.lbrace) {
                var close = i + 3
                while close < tokens.count, tokens[close].kind != .punct(.rbrace), tokens[close].kind != .eof { close += 1 }
                declaredGroups.append((name, Array(tokens[(i + 3)..<min(close, tokens.count)])))
                // An unclosed group ends at the end of the file, which is kept (the parser stops at it).
                i = close < tokens.count && tokens[close].kind == .eof ? close : min(close + 1, tokens.count)
                continue
            }
            kept.append(tokens[i])
            i += 1
        }
        if kept.last?.kind != .eof, let end = tokens.last { kept.append(end) }   // however the declarations ended
        // Groups in the order declared, each placed against groups already known (Swift's `higherThan`, `lowerThan`).
        for (name, body) in declaredGroups {
            var above: Int?, below: Int?, right = false
            var k = 0
            while k < body.count {
                guard case .identifier(let key) = body[k].kind, k + 2 < body.count, body[k + 1].kind == .punct(.colon),
                      case .identifier(let value) = body[k + 2].kind else { k += 1; continue }
                switch key {
                case "higherThan": above = groups[value]?.precedence
                case "lowerThan": below = groups[value]?.precedence
                case "associativity": right = value == "right"
                default: break
                }
                k += 3
            }
            let precedence = switch (above, below) {
            case let (a?, b?): (a + b) / 2
            case let (a?, nil): a + 3
            case let (nil, b?): b - 3
            case (nil, nil): defaultPrecedence
            }
            groups[name] = (precedence, right)
        }
        var resolved: [String: CustomOperator] = [:]
        for (spelling, declaration) in infix {
            var group = groups[declaration.group ?? "DefaultPrecedence"]
            if group == nil, let name = declaration.group {
                diagnostics.append(Diagnostic(.unknownPrecedenceGroup(name), at: declaration.at))
                group = groups["DefaultPrecedence"]
            }
            resolved[spelling] = CustomOperator(spelling, precedence: group?.precedence ?? defaultPrecedence, isRightAssociative: group?.right ?? false)
        }
        return given(resolved, kept)
    }

    /// The tokens with each declared infix operator's use given its declaration, inside interpolations too.
    static func given(_ resolved: [String: CustomOperator], _ tokens: [Token]) -> [Token] {
        tokens.map { token in
            switch token.kind {
            case .customOperator(let op):
                guard let declared = resolved[op.spelling] else { return token }
                return Token(.customOperator(declared), token.range, atLineStart: token.atLineStart)
            case .string(let segments):
                let inner = segments.map { segment -> StringSegment in
                    guard case .interpolation(let tokens, let range) = segment else { return segment }
                    return .interpolation(given(resolved, tokens), range: range)
                }
                return Token(.string(inner), token.range, atLineStart: token.atLineStart)
            default:
                return token
            }
        }
    }
}
