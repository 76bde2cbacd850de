/// Conditional compilation (`#if os(iOS) … #elseif … #else … #endif`), resolved on the token
/// stream before parsing, as Swift does. `shortcut` plays a phone (SPEC §13), so the conditions
/// are answered as an iOS device build with the built-in modules would answer them:
/// `os(iOS)` and `canImport` of a built-in module hold; `DEBUG` holds (tests run debug builds);
/// `swift(>=…)` and `compiler(>=…)` compare with Swift 6; other platforms, `targetEnvironment`
/// and unknown flags do not hold.
public enum Conditionals {
    /// The Swift version the conditions compare against.
    static let swiftVersion = [6, 0]
    /// Modules that `canImport` finds (the ones `import` knows).
    public static let modules: Set<String> = ["AppIntents", "SwiftUI", "Foundation", "WidgetKit", "SwiftData", "UIKit", "Observation", "OSLog"]

    /// The tokens of the active branches, without the directive lines; unbalanced directives are diagnosed.
    static func resolve(_ tokens: [Token], diagnostics: inout [Diagnostic]) -> [Token] {
        let directives: Set<String> = ["#if", "#elseif", "#else", "#endif"]
        guard tokens.contains(where: { if case .attribute(let a) = $0.kind { return directives.contains(a) }; return false }) else { return tokens }
        var out: [Token] = []
        // One entry per open `#if`: whether the branch now read is active, and whether one already was.
        var stack: [(active: Bool, taken: Bool, outerActive: Bool)] = []
        var i = 0
        func lineEnd(after start: Int) -> Int {
            var j = start + 1
            while j < tokens.count, !tokens[j].atLineStart, tokens[j].kind != .eof { j += 1 }
            return j
        }
        while i < tokens.count {
            let token = tokens[i]
            let active = stack.last?.active ?? true
            guard case .attribute(let name) = token.kind, directives.contains(name) else {
                if active || token.kind == .eof { out.append(token) }
                i += 1
                continue
            }
            let end = lineEnd(after: i)
            let condition = Array(tokens[(i + 1)..<end])
            switch name {
            case "#if":
                let holds = active && evaluate(condition, at: token.range, &diagnostics)
                stack.append((holds, holds, active))
            case "#elseif", "#else":
                guard let top = stack.popLast() else {
                    diagnostics.append(Diagnostic(.expected("'#if' before '\(name)'", found: "'\(name)'"), at: token.range))
                    break
                }
                let holds = top.outerActive && !top.taken && (name == "#else" || evaluate(condition, at: token.range, &diagnostics))
                stack.append((holds, top.taken || holds, top.outerActive))
            default:
                if stack.popLast() == nil { diagnostics.append(Diagnostic(.expected("'#if' before '#endif'", found: "'#endif'"), at: token.range)) }
            }
            i = end
        }
        if !stack.isEmpty, let eof = tokens.last {
            diagnostics.append(Diagnostic(.expected("'#endif'", found: "end of file"), at: eof.range))
        }
        return out
    }

    /// `os(iOS) && !DEBUG`, `canImport(UIKit) || swift(>=5.9)`: Swift's condition grammar.
    static func evaluate(_ tokens: [Token], at range: SourceRange, _ diagnostics: inout [Diagnostic]) -> Bool {
        var p = 0
        func atom() -> Bool {
            guard p < tokens.count else { return false }
            let t = tokens[p]
            p += 1
            switch t.kind {
            case .punct(.bang): return !atom()
            case .punct(.lparen):
                let v = or()
                if p < tokens.count, tokens[p].kind == .punct(.rparen) { p += 1 }
                return v
            case .keyword(.true): return true
            case .keyword(.false): return false
            case .identifier(let name):
                guard p < tokens.count, tokens[p].kind == .punct(.lparen) else { return name == "DEBUG" }
                p += 1
                var argument: [TokenKind] = []
                var depth = 1
                while p < tokens.count {
                    let k = tokens[p].kind
                    p += 1
                    if k == .punct(.lparen) { depth += 1 }
                    if k == .punct(.rparen) { depth -= 1; if depth == 0 { break } }
                    argument.append(k)
                }
                return test(name, argument)
            default:
                return false
            }
        }
        func and() -> Bool {
            var v = atom()
            while p < tokens.count, tokens[p].kind == .punct(.and) { p += 1; let r = atom(); v = v && r }
            return v
        }
        func or() -> Bool {
            var v = and()
            while p < tokens.count, tokens[p].kind == .punct(.or) { p += 1; let r = and(); v = v || r }
            return v
        }
        if tokens.isEmpty {
            diagnostics.append(Diagnostic(.expected("a condition after '#if'", found: "end of line"), at: range))
            return false
        }
        return or()
    }

    /// `os(iOS)`, `canImport(SwiftUI)`, `swift(>=5.9)`, `arch(arm64)`, `targetEnvironment(simulator)`.
    static func test(_ name: String, _ argument: [TokenKind]) -> Bool {
        let word: String? = argument.first.flatMap { if case .identifier(let w) = $0 { return w }; return nil }
        switch name {
        case "os": return word == "iOS"
        case "canImport": return word.map(modules.contains) ?? false
        case "arch": return word == "arm64"
        case "swift", "compiler":
            // `>=5.9` lexes as `>=` and a number; `<6` as `<` and a number.
            var version: [Int] = []
            var isLess = false
            for k in argument {
                switch k {
                case .punct(.less): isLess = true
                case .integer(let n): version.append(n)
                case .double(let d): version += String(d).split(separator: ".").compactMap { Int($0) }
                default: break
                }
            }
            let below = swiftVersion.lexicographicallyPrecedes(version)
            return isLess ? below : !below
        default: return false
        }
    }
}
