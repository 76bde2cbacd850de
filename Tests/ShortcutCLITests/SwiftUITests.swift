@testable import ShortcutCLI
@testable import ShortcutRuntime
import Testing

/// SwiftUI's vocabulary (SPEC §13): modifiers kept in the JSON tree with their arguments by
/// parameter, unknown views and modifiers a warning and kept, the catalog itself well formed.
@Suite struct SwiftUITests {
    let script = """
    intent Noop { isDiscoverable: false; perform { } }
    snippet Card {
        title: "Card"
        perform {
            return .result(view: VStack(alignment: .leading, spacing: 8) {
                Text("a").padding(.bottom, 12).padding(.horizontal).padding()
                Text("b").frame(maxWidth: .infinity, alignment: .trailing).foregroundStyle(Color.red)
                Text("c").font(.system(size: 20, weight: .bold)).fnt(.title)
                Glass { Text("d") }
                Button("Go", intent: Noop()).buttonStyle(.borderedProminent).shadow(color: .black, radius: 2, y: 1)
            })
        }
    }
    """

    func snippetEvent(_ file: String) -> String {
        let r = cli(["run", file, "Card", "--ephemeral", "--format", "json"], input: "")
        return r.out.split(separator: "\n").map(String.init).first { $0.contains(#""event":"snippet""#) } ?? ""
    }

    @Test func modifiersAreKeptByParameter() throws {
        let event = snippetEvent(try temporaryScript(script))
        #expect(event.contains(#""view":"VStack","alignment":"leading","spacing":8"#))
        #expect(event.contains(#"{"view":"Text","text":"a","padding":{"edges":"bottom","length":12},"padding":"horizontal","padding":true}"#))
        #expect(event.contains(#""frame":{"maxWidth":"infinity","alignment":"trailing"},"foregroundStyle":"Color.red""#))
        #expect(event.contains(#""font":"system","fnt":"title""#))
        #expect(event.contains(#""buttonStyle":"borderedProminent","shadow":{"color":"black","radius":2,"y":1}"#))
    }

    @Test func unknownViewsAndModifiersAreWarningsAndKept() throws {
        let file = try temporaryScript(script)
        let check = cli(["check", file])
        #expect(check.code == 0)
        #expect(check.err.contains("warning: unknown modifier '.fnt' (kept in the view tree)"))
        #expect(check.err.contains("note: did you mean 'font'?"))
        #expect(check.err.contains("warning: unknown view 'Glass'"))
        #expect(snippetEvent(file).contains(#"{"view":"Glass","children":[{"view":"Text","text":"d"}]}"#))
        // `run` prints the warnings once on stderr, then runs.
        let run = cli(["run", file, "Card", "--ephemeral"], input: "")
        #expect(run.code == 0)
        #expect(run.err.components(separatedBy: "unknown modifier '.fnt'").count == 2)
        #expect(run.out.contains(" d "))
    }

    @Test func theCatalogIsWellFormed() {
        for (name, forms) in SwiftUICatalog.modifiers {
            for form in forms {
                for p in form {
                    #expect(!p.name.isEmpty, "\(name)")
                    if case .word(let set) = p.kind { #expect(SwiftUICatalog.words[set] != nil, "\(name): no words '\(set)'") }
                }
                // Parameters of one form have distinct names: they are the JSON keys.
                #expect(Set(form.map(\.name)).count == form.count, "\(name)")
            }
        }
        for (view, arguments) in SwiftUICatalog.viewArguments {
            #expect(ViewKind(rawValue: view) != nil, "\(view)")
            for case .word(let set) in arguments.values { #expect(SwiftUICatalog.words[set] != nil, "\(view): '\(set)'") }
        }
    }

    /// Shapes and colours are views (a bar, a dot), `Label { } icon: { }` takes its icon from the second trailing
    /// closure, a `Section`'s header view is drawn, and the JSON tree keeps views inside properties whole.
    @Test func shapesLabelsAndSections() throws {
        let file = try temporaryScript("""
        intent Noop { isDiscoverable: false; perform { } }
        snippet Card {
            title: "Card"
            perform {
                return .result(view: VStack {
                    Color.red.frame(height: 4)
                    RoundedRectangle(cornerRadius: 8).fill(Color.blue).frame(width: 40, height: 20)
                    Circle()
                    Text("hi").background(RoundedRectangle(cornerRadius: 4).fill(.yellow))
                    Label { Text("Title") } icon: { Image(systemName: "star") }
                    List { Text("row") }
                    Section(header: Text("Head")) { Text("a") }
                    Grid { GridRow { Text("1"); Text("2") } }
                    EmptyView()
                    Image("asset")
                    ScrollView { Text("scrolled") }
                })
            }
        }
        """)
        #expect(cli(["check", file]).code == 0)
        let card = cli(["run", file, "Card", "--ephemeral"], environment: ["COLUMNS": "34"])
        #expect(card.out == """
        ╭─ Card ─────────────────────────╮
        │ ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━ │
        │             ━━━━━              │
        │               ●                │
        │               hi               │
        │            ☆ Title             │
        │              row               │
        │              Head              │
        │               a                │
        │              1 2               │
        │            (asset)             │
        │            scrolled            │
        ╰────────────────────────────────╯

        """)
        let json = snippetEvent(file)
        #expect(json.contains(#"{"view":"Color","color":"red","frame":{"height":4}}"#))
        #expect(json.contains(#"{"view":"Label","icon":[{"view":"Image","systemName":"star"}],"children":[{"view":"Text","text":"Title"}]}"#))
        #expect(json.contains(#"{"view":"Section","header":{"view":"Text","text":"Head"}"#))
        #expect(json.contains(#"{"view":"Image","name":"asset"}"#))
    }

    /// `@ViewBuilder` helpers — a view's method and computed property, a method in an intent's `private extension` — build their view from
    /// several statements and `if`s, as SwiftUI's result builder does; without it a body of two views is Swift's error.
    @Test func viewBuilderHelpersBuildFromTheirStatements() throws {
        let file = try temporaryScript("""
        import SwiftUI
        import AppIntents
        struct Badge: View {
            let name: String?
            var body: some View { VStack { header(); footer } }
            @ViewBuilder func header() -> some View {
                if let name { Text("Hi \\(name)!") } else { Text("Hi!") }
                Text("second")
            }
            @ViewBuilder var footer: some View { Text("foot") }
        }
        struct Show: AppIntent {
            static let title: LocalizedStringResource = "Show"
            func perform() async throws -> some IntentResult & ShowsSnippetView { .result(view: VStack { Badge(name: nil); extra() }) }
        }
        private extension Show {
            @ViewBuilder func extra() -> some View {
                Text("one")
                Text("two")
            }
        }
        """)
        let card = cli(["run", file, "Show", "--ephemeral"])
        #expect(card.code == 0, "\(card.err)")
        #expect(card.out == """
        ╭─ Show ───────────────────╮
        │           Hi!            │
        │          second          │
        │           foot           │
        │           one            │
        │           two            │
        ╰──────────────────────────╯

        """)
        let plain = try temporaryScript("""
        import SwiftUI
        struct Twice: View {
            var body: some View { pair() }
            func pair() -> some View {
                Text("a")
                Text("b")
            }
        }
        """, name: "plain.shortcut")
        #expect(cli(["check", plain]).code == 3)
    }

    /// An extension of a view adds helpers its body sees (`private extension Badge { var header: some View { … } }`).
    @Test func aViewsExtensionAddsHelpers() throws {
        let file = try temporaryScript("""
        import SwiftUI
        import AppIntents
        struct Badge: View {
            let name: String
            var body: some View { VStack { header; detail(2) } }
        }
        private extension Badge {
            var header: some View { Text("Hi \\(name)") }
            @ViewBuilder func detail(_ n: Int) -> some View {
                Text("n = \\(n)")
                if n > 1 { Text("many") }
            }
        }
        struct Show: AppIntent {
            static let title: LocalizedStringResource = "Show"
            func perform() async throws -> some IntentResult & ShowsSnippetView { .result(view: Badge(name: "Ann")) }
        }
        """)
        let card = cli(["run", file, "Show", "--ephemeral"])
        #expect(card.code == 0, "\(card.err)")
        #expect(card.out.contains("│          Hi Ann          │\n│          n = 2           │\n│           many           │"), "\(card.out)")
    }

    /// `@Environment(\\.key)` properties hold what a phone's environment holds (light mode, compact width) and are no
    /// parameters of the view's initialiser.
    @Test func environmentValuesAreAPhonesNotParameters() throws {
        let file = try temporaryScript("""
        import SwiftUI
        import AppIntents
        struct Themed: View {
            @Environment(\\.colorScheme) var colorScheme
            @Environment(\\.dismiss) private var dismiss
            @Environment(\\.horizontalSizeClass) var sizeClass
            let title: String
            var body: some View {
                VStack {
                    Text(colorScheme == .dark ? "dark \\(title)" : "light \\(title)")
                    Text(sizeClass == .compact ? "compact" : "regular")
                    Button("Close") { dismiss() }
                }
            }
        }
        struct Show: AppIntent {
            static let title: LocalizedStringResource = "Show"
            func perform() async throws -> some IntentResult & ShowsSnippetView { .result(view: Themed(title: "card")) }
        }
        """)
        let card = cli(["run", file, "Show", "--ephemeral"])
        #expect(card.code == 0, "\(card.err)")
        #expect(card.out.contains("light card") && card.out.contains("compact") && card.out.contains("[Close]"), "\(card.out)")
    }
}
