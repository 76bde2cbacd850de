/// `@main struct App { static func main() async throws { … } }`: a Swift program's entry point. A main file with no
/// top-level statements of its own runs its `@main` type's `main()` as its top-level code — `try await App.main()`,
/// marked as the function asks. (A SwiftUI `@main struct X: App` has no `main()` of its own: it is the app, SPEC §13.)
public enum MainEntry {
    public static func lowered(_ units: [SourceUnit]) -> [SourceUnit] {
        guard var main = units.first, !main.items.contains(where: isStatement) else { return units }
        for item in main.items {
            guard case .declaration(let d) = item.kind, isMarkedMain(d, in: main.file), let entry = mainFunction(of: d) else { continue }
            let r = d.nameRange
            var call = Expr(.call(Expr(.member(Expr(.identifier(d.name), r), "main", nameRange: r), r), []), r)
            if entry.isAsync { call = Expr(.await(call), r) }
            if entry.isThrowing { call = Expr(.try(call, optional: false, forced: false), r) }
            main.items.append(Stmt(.expression(call), r))
            return [main] + units.dropFirst()
        }
        return units
    }

    /// Code that runs, not a declaration.
    static func isStatement(_ s: Stmt) -> Bool {
        if case .declaration = s.kind { return false }
        return true
    }

    /// Whether `@main` is written before the declaration (its attributes may come first: `@main @MainActor struct`):
    /// in the declaration's text before its name, or just before its text.
    static func isMarkedMain(_ d: Decl, in file: SourceFile) -> Bool {
        let attribute = Array("@main".utf8), bytes = file.bytes
        func marked(at i: Int) -> Bool {
            i >= 0 && i + attribute.count <= bytes.count && bytes[i..<i + attribute.count].elementsEqual(attribute)
                && (i + attribute.count == bytes.count || !Lexer.isWordByte(bytes[i + attribute.count]))
        }
        let start = min(Int(d.range.start), bytes.count), name = min(max(Int(d.nameRange.start), start), bytes.count)
        if (start..<name).contains(where: marked) { return true }
        var j = start - 1
        while j >= 0, [UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains(bytes[j]) { j -= 1 }
        return marked(at: j + 1 - attribute.count)
    }

    /// The type's `static func main()` of no parameters.
    static func mainFunction(of d: Decl) -> FunctionDecl? {
        let members: Members
        switch d.kind {
        case .type(let t): members = t.members
        case .enumeration(let e): members = e.members
        default: return nil
        }
        for s in members.staticFunctions {
            if case .function(let f) = s.kind, f.name == "main", f.parameters.isEmpty { return f }
        }
        return nil
    }
}
