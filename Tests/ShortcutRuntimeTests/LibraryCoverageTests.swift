@testable import ShortcutRuntime
import ShortcutSyntax
import Testing

/// Every standard-library method form the checker accepts (LibraryTypes) also runs: a call built
/// from each form's own parameter types passes `check` and then meets no "has no method" and no
/// type-assertion failure when it runs (SPEC §3.1: a checked program never fails for a reason the
/// checker could have seen).
@Suite struct LibraryCoverageTests {
    /// Receivers, as source text, with their static types.
    nonisolated(unsafe) static let receivers: [(text: String, type: ScriptType)] = [
        ("[3, 1, 2]", .array(.int)), ("[2.5, 1.0]", .array(.double)), ("[\"b\", \"a\"]", .array(.string)),
        ("\"hello world\"", .string), ("[\"a\": 1, \"b\": 2]", .dictionary(.string, .int)),
        ("Set([1, 2])", .set(.int)), ("5", .int), ("2.5", .double), ("Date()", .date),
        ("(1..<4)", .range(closed: false)), ("(1...4)", .range(closed: true)),
    ]

    /// A value of `type` as source text, or nil when the test cannot write one.
    static func sample(_ type: ScriptType?) -> String? {
        switch type {
        case .int?: return "1"
        case .double?: return "1.5"
        case .string?: return "\"a\""
        case .bool?: return "true"
        case .date?: return "Date()"
        case .array(let e)?: return sample(e).map { "[\($0)]" }
        case .set(let e)?: return sample(e).map { "Set([\($0)])" }
        case .dictionary(let k, let v)?: return sample(k).flatMap { k in sample(v).map { "[\(k): \($0)]" } }
        case .tuple(let ts, let labels)?:
            let parts = ts.indices.compactMap { i in sample(ts[i]).map { (ScriptType.label(labels, i).map { "\($0): " } ?? "") + $0 } }
            return parts.count == ts.count ? "(" + parts.joined(separator: ", ") + ")" : nil
        case .optional(let w)?: return sample(w)
        case .function(let ps, let r)?:
            let names = ps.isEmpty ? "" : ps.indices.map { "p\($0)" }.joined(separator: ", ") + " in "
            // A result of its own parameter's type where the form leaves it open (`map`, `reduce`).
            let result: String?
            switch r {
            case .void: result = ""
            case .any: result = ps.isEmpty ? "1" : "p0"
            default: result = sample(r)
            }
            return result.map { "{ \(names)\($0) }" }
        default: return nil
        }
    }

    /// One call per form whose arguments the test can write.
    static func calls() -> [String] {
        var out: [String] = []
        for (text, type) in receivers {
            for name in LibraryTypes.methodNames(type) {
                for form in LibraryTypes.methods(type, name) {
                    var args: [String] = []
                    for (label, parameter) in zip(form.labels, form.parameters) {
                        // `reduce(_:_:)` leaves its first parameter open: the receiver's element fits it.
                        guard let value = sample(parameter) ?? sample(type.elementType.map { ScriptType.optional($0) }) else { break }
                        args.append((label.map { "\($0): " } ?? "") + value)
                    }
                    guard args.count == form.labels.count else { continue }
                    let call = "\(name)(\(args.joined(separator: ", ")))"
                    // `let r`: the type-assertion mode checks the result against the type the checker gave it.
                    out.append(form.isMutating ? "var v = \(text)\nlet r = v.\(call)\nprint(r, v)" : "let r = \(text).\(call)\nprint(r)")
                }
            }
        }
        return out
    }

    /// One read of each property the checker gives a receiver's type.
    static func propertyReads() -> [String] {
        receivers.flatMap { text, type in
            LibraryTypes.propertyNames(type).filter { LibraryTypes.property(type, $0) != nil }.map { "let r = \(text).\($0)\nprint(r)" }
        }
    }

    @Test func thereAreManyForms() {
        #expect(Self.calls().count > 100, "\(Self.calls().count)")
    }

    @Test(arguments: calls() + propertyReads())
    func everyFormTheCheckerAcceptsRuns(_ source: String) throws {
        let loaded = Loader.asserting.load(source: source, name: "library.shortcut")
        guard let program = loaded.program else {
            // A form whose sample does not type (an unusual element) is not this test's business,
            // but it must not be "no such method".
            #expect(!loaded.diagnostics.contains { $0.message.text.contains("has no member") }, "\(source): \(loaded.diagnostics.map(\.message.text))")
            return
        }
        var options = Interpreter.Options()
        options.assertsTypes = true
        let interpreter = Interpreter(program: program, host: RecordingHost(), options: options)
        let error: ScriptError? = interpreter.withStack {
            do throws(ScriptError) { try interpreter.runTopLevel(); return nil } catch { return error }
        }
        if let error {
            let text = error.message
            #expect(!text.contains("has no method") && !text.contains("has no member") && !text.contains("type assertion") && !text.contains("cannot"), "\(source.split(separator: "\n").joined(separator: "; ")): \(text)")
        }
    }
}

extension LibraryCoverageTests {
    /// The test above is only as good as the calls that compile: nearly all of them must.
    @Test func nearlyEveryCallCompiles() {
        let calls = Self.calls() + Self.propertyReads()
        let failing = calls.filter { Loader().load(source: $0, name: "library.shortcut").program == nil }
        #expect(failing.count * 20 < calls.count, "\(failing.count) of \(calls.count) do not compile: \(failing.prefix(8))")
    }
}
