import ShortcutRuntime
import ShortcutSyntax
import Testing

@Suite struct LoaderTests {
    /// A loader over an in-memory file system.
    func loader(_ files: [String: String]) -> Loader {
        Loader { path in
            guard let text = files[path] else { return .failure(.notFound) }
            return .success(Array(text.utf8))
        }
    }

    @Test func importCyclesAreDiagnosed() {
        let result = loader(["main.shortcut": "import \"a.shortcut\"\nprint(1)", "a.shortcut": "import \"main.shortcut\""]).load(path: "main.shortcut")
        #expect(result.diagnostics.contains { $0.message == .importCycle(["main.shortcut", "a.shortcut", "main.shortcut"]) })
        #expect(result.program == nil)
    }

    @Test func eachFileIsLoadedOnce() {
        let files = ["main.shortcut": "import \"a.shortcut\"\nimport \"b.shortcut\"\nprint(shared())",
                     "a.shortcut": "import \"c.shortcut\"", "b.shortcut": "import \"c.shortcut\"",
                     "c.shortcut": "func shared() -> Int { 7 }"]
        let result = loader(files).load(path: "main.shortcut")
        #expect(result.diagnostics.isEmpty)
        #expect(result.files.map(\.name) == ["main.shortcut", "a.shortcut", "c.shortcut", "b.shortcut"])
    }

    @Test func importsAreRelativeToTheImportingFile() {
        let files = ["dir/main.shortcut": "import \"../lib/x.shortcut\"\nprint(x)", "lib/x.shortcut": "let x = 1"]
        #expect(loader(files).load(path: "dir/main.shortcut").diagnostics.isEmpty)
    }

    @Test func aMissingMainFileIsAReadFailureNotADiagnostic() {
        let result = loader([:]).load(path: "gone.shortcut")
        #expect(result.readFailure == "no such file: gone.shortcut")
        #expect(result.diagnostics.isEmpty)
    }

    @Test func everyErrorInEveryFileIsReportedInOrder() {
        let files = ["main.shortcut": "import \"a.shortcut\"\nprint(y)\nprint(z)", "a.shortcut": "let q = w"]
        let result = loader(files).load(path: "main.shortcut")
        #expect(result.diagnostics.map(\.message.text) == ["cannot find 'y' in scope", "cannot find 'z' in scope", "cannot find 'w' in scope"])
    }

    @Test func appNameDefaultsToTheFileName() {
        #expect(Loader.defaultAppName(for: "Examples/caffeine.shortcut") == "caffeine")
        #expect(Loader.defaultAppName(for: "Sources/Trails.swift") == "Trails")   // the Swift form's file, as `.shortcut`'s
        #expect(Loader.defaultAppName(for: "dir/.swift") == ".swift")
        // The last component, as `split(separator: "/").last` finds it: trailing slashes and repeated ones stand
        // between components; a path of none is its own name.
        for (path, name) in [("a//b.shortcut//", "b"), ("/x.swift.shortcut", "x"), ("plain", "plain"), ("///", "///"),
                             ("", "app"), ("dir/", "dir"), ("é/ü.shortcut", "ü"), ("a/.shortcut", ".shortcut")] {
            #expect(Loader.defaultAppName(for: path) == name, "\(path)")
        }
        let result = loader(["x.shortcut": "app \"Caffeine Pal\""]).load(path: "x.shortcut")
        #expect(result.program?.appName == "Caffeine Pal")
        let twice = loader(["x.shortcut": "app \"A\"\napp \"B\""]).load(path: "x.shortcut")
        #expect(twice.diagnostics.map(\.message) == [.multipleApps])
    }
}
