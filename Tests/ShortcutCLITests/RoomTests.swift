import Foundation
import Testing

/// The runtime's rooms keep to what their opening comments say (README, "How it
/// is built"): each folder opens with a file of its name, the README lists every
/// folder, no file grows past the size that means it holds two ideas, and the
/// boundaries that a refactoring could quietly cross are checked here.
@Suite struct RoomTests {
    static let runtime = packageRoot + "/Sources/ShortcutRuntime"
    static let rooms = ["Check", "Code", "Values", "Engine", "Evaluate", "Library", "System", "Store", "Testing", "Platform"]
    /// A file longer than this holds two ideas (STYLE: "a file stays under ~400 lines").
    static let maximumFileLines = 420

    /// Every Swift file below `folder`, with its code (comments removed).
    static func code(in folder: String) -> [(path: String, code: String)] {
        let enumerator = FileManager.default.enumerator(atPath: folder)
        var out: [(String, String)] = []
        while let name = enumerator?.nextObject() as? String {
            guard name.hasSuffix(".swift"), let text = try? String(contentsOfFile: folder + "/" + name, encoding: .utf8) else { continue }
            let code = text.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
                .map { line in line.range(of: " // ").map { String(line[..<$0.lowerBound]) } ?? String(line) }
                .joined(separator: "\n")
            out.append((name, code))
        }
        return out
    }

    @Test func eachRoomOpensWithWhatItOwns() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.runtime).filter { !$0.hasSuffix(".swift") }
        #expect(Set(folders) == Set(Self.rooms), "a new folder needs a room file and a line in the README")
        let readme = try String(contentsOfFile: packageRoot + "/README.md", encoding: .utf8)
        for room in Self.rooms {
            let text = try String(contentsOfFile: "\(Self.runtime)/\(room)/\(room).swift", encoding: .utf8)
            #expect(text.hasPrefix("// \(room) — "), "\(room)/\(room).swift opens with what the room owns")
            #expect(text.contains("// Owns:") && text.contains("// May not:"), "\(room) says what it owns and may not touch")
            #expect(readme.contains("    \(room)/"), "the README lists \(room)/")
        }
        for folder in ["Commands", "Options", "Hosts", "Terminal"] {
            #expect(readme.contains("    \(folder)/"), "the README lists ShortcutCLI/\(folder)/")
        }
    }

    @Test func noFileHoldsTwoIdeas() {
        for module in ["ShortcutSyntax", "ShortcutRuntime", "ShortcutCLI", "shortcut"] {
            for (path, _) in Self.code(in: packageRoot + "/Sources/" + module) {
                let lines = (try? String(contentsOfFile: packageRoot + "/Sources/\(module)/\(path)", encoding: .utf8))?
                    .split(separator: "\n", omittingEmptySubsequences: false).count ?? 0
                #expect(lines <= Self.maximumFileLines, "\(module)/\(path) has \(lines) lines")
            }
        }
    }

    /// The product links no Foundation: it would cost every run of `shortcut` about 0.4 ms of start-up and
    /// triple the executable (docs/Engine.md). The platform's calls are behind `Platform`, `FileSystem`,
    /// `Monitor` and `Threads`.
    @Test func theProductImportsNoFoundation() {
        for module in ["ShortcutSyntax", "ShortcutRuntime", "ShortcutCLI", "shortcut"] {
            for (path, code) in Self.code(in: packageRoot + "/Sources/" + module) {
                let imports = code.split(separator: "\n").filter { $0.hasPrefix("import ") || $0.hasPrefix("@_exported import ") }
                #expect(!imports.contains { $0.contains("Foundation") }, "\(module)/\(path) imports Foundation")
            }
        }
    }

    /// The core does not know the test harness (it calls a `TestHooks` door), the rooms
    /// that hold data never run code, and the store never talks to the host.
    @Test func roomsKeepTheirBoundaries() {
        let files = Self.code(in: Self.runtime)
        #expect(files.count >= 60, "the runtime's files were found")
        for (path, code) in files {
            let room = String(path.prefix { $0 != "/" })
            if room != "Testing" {
                for name in ["TestHost", "TestHarness", "SnippetSession", "TestRunner"] {
                    #expect(!code.contains(name), "\(path) names \(name), which belongs to Testing/")
                }
            }
            if ["Check", "Code", "Values", "Platform"].contains(room) {
                #expect(!code.contains("Interpreter"), "\(path) is in a room that does not run code")
            }
            if ["Store", "Check", "Code", "Values", "Platform"].contains(room) {
                #expect(!code.contains("host."), "\(path) may not talk to the host")
            }
            if room == "Library" {
                let uses = code.components(separatedBy: "host.").dropFirst().map { $0.prefix(6) }
                #expect(uses.allSatisfy { $0 == "print(" || $0 == "write(" }, "\(path): the library only prints (a line, or text with its terminator)")
            }
        }
    }
}
