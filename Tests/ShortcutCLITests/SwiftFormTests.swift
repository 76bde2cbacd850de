@testable import ShortcutCLI
import Foundation
import Testing

/// The Swift form of SPEC §13 as a person meets it on the command line: entities and their
/// queries asked for and passed by id, `--verbose` saying what a device would do, `Task`s,
/// and the main file's globals seen by a run target.
@Suite struct SwiftFormTests {
    let books = packageRoot + "/Tests/Fixtures/run/swift_form_entities.shortcut"

    @Test func anEntityIsOfferedThroughItsQueryAndFoundByText() {
        let byNumber = cli(["run", books, "ReadIntent", "--ephemeral"], input: "2\n")
        #expect(byNumber.code == 0, "\(byNumber.err)")
        #expect(byNumber.out == "❓ Book? [1 Dune, 2 Emma]: 2\n💬 Reading Emma.\n")
        // Text that is no option's number or title is searched with `entities(matching:)`.
        let byText = cli(["run", books, "ReadIntent", "--ephemeral"], input: "Em\n")
        #expect(byText.out.hasSuffix("💬 Reading Emma.\n"), "\(byText.out)\(byText.err)")
        let json = cli(["run", books, "ReadIntent", "--ephemeral", "--format", "json"], input: "{\"answer\": 1}\n")
        #expect(json.out.contains(#"{"event":"request","kind":"value","prompt":"Book?","type":"BookEntity","options":["Dune","Emma"]}"#), "\(json.out)")
        #expect(json.out.contains(#"{"event":"result","value":412}"#))
    }

    @Test func aUUIDIdIsReadFromParam() {
        let r = cli(["run", books, "ReadIntent", "--ephemeral", "--param", "book=1F4A2B3C-0000-4000-8000-000000000001"])
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out == "💬 Reading Emma.\n")
        let missing = cli(["run", books, "ReadIntent", "--ephemeral", "--param", "book=00000000-0000-4000-8000-000000000000"])
        #expect(missing.code == 2)
        #expect(missing.err.contains("no BookEntity has the id"))
    }

    /// Each entity's own nested `struct Query`, an intent's own nested `enum`: types of one name in different types.
    @Test func nestedQueriesOfOneNameEachAnswerForTheirEntity() {
        let file = packageRoot + "/Tests/Fixtures/run/nested_entity_queries.shortcut"
        let r = cli(["run", file, "ShelveIntent", "--ephemeral"], input: "1\n2\nQuickly\n")
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out == "❓ Book? [1 Dune]: 1\n❓ Shelf? [1 Top, 2 Low]: 2\n❓ Speed? [1 Slowly, 2 Quickly]: Quickly\n💬 Put Dune on Low, fast.\n")
        let list = cli(["list", file])
        #expect(list.out.contains("ShelveIntent.Speed: slow \"Slowly\", fast \"Quickly\""), "\(list.out)")
    }

    /// A `Decimal` parameter (a price, a tip) is typed in as a number, asked or given with `--param`.
    @Test func aDecimalParameterIsANumber() throws {
        let file = try temporaryScript("""
        import AppIntents
        struct TipIntent: AppIntent {
            static let title: LocalizedStringResource = "Tip"
            @Parameter(title: "Amount") var amount: Decimal
            func perform() async throws -> some IntentResult & ProvidesDialog {
                .result(dialog: "Tip: \\(amount * 0.2)")
            }
        }
        """)
        let asked = cli(["run", file, "TipIntent", "--ephemeral"], input: "12.5\n")
        #expect(asked.code == 0, "\(asked.err)")
        #expect(asked.out == "❓ Amount? (Decimal): 12.5\n💬 Tip: 2.5\n")
        let given = cli(["run", file, "TipIntent", "--ephemeral", "--param", "amount=10"])
        #expect(given.out == "💬 Tip: 2\n", "\(given.err)")
        let wrong = cli(["run", file, "TipIntent", "--ephemeral"], input: "ten\n")
        #expect(wrong.code == 4)
        #expect(wrong.err.contains("enter a number"), "\(wrong.err)")
    }

    @Test func listShowsTheSwiftFormEntity() {
        let r = cli(["list", books])
        #expect(r.code == 0)
        #expect(r.out.contains("BookEntity (id: UUID (let), title: String, pages: Int)"))
        #expect(!r.out.contains("BookQuery"))
    }

    /// Apple's samples keep a query's data in its statics (`static let all = […]`, read as `Self.all`).
    @Test func aQuerysStaticsAreReadThroughSelf() throws {
        let file = try temporaryScript("""
        import AppIntents
        struct TrailEntity: AppEntity {
            static var typeDisplayRepresentation: TypeDisplayRepresentation = "Trail"
            static var defaultQuery = TrailQuery()
            var id: Int
            var name: String
            var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\\(name)") }
        }
        struct TrailQuery: EntityQuery {
            static let all = [TrailEntity(id: 1, name: "Ridge"), TrailEntity(id: 2, name: "Lake")]
            static func named(_ n: String) -> [TrailEntity] { all.filter { $0.name.contains(n) } }
            func entities(for identifiers: [TrailEntity.ID]) async throws -> [TrailEntity] {
                Self.all.filter { identifiers.contains($0.id) }
            }
            func suggestedEntities() async throws -> [TrailEntity] { TrailQuery.all }
            func entities(matching string: String) async throws -> [TrailEntity] { Self.named(string) }
        }
        struct Hike: AppIntent {
            static let title: LocalizedStringResource = "Hike"
            static var authenticationPolicy: IntentAuthenticationPolicy = .requiresAuthentication
            @Parameter(title: "Trail") var trail: TrailEntity
            func perform() async throws -> some IntentResult & ProvidesDialog { .result(dialog: "On \\(trail.name).") }
        }
        """)
        let offered = cli(["run", file, "Hike", "--ephemeral"], input: "2\n")
        #expect(offered.code == 0, "\(offered.err)")
        #expect(offered.out == "❓ Trail? [1 Ridge, 2 Lake]: 2\n💬 On Lake.\n")
        let byID = cli(["run", file, "Hike", "--ephemeral", "--param", "trail=1"])
        #expect(byID.out == "💬 On Ridge.\n", "\(byID.err)")
        let byText = cli(["run", file, "Hike", "--ephemeral"], input: "ak\n")
        #expect(byText.out.hasSuffix("💬 On Lake.\n"), "\(byText.out)\(byText.err)")
        // Nothing to unlock here: `list` shows the policy.
        #expect(cli(["list", file]).out.contains("Hike — \"Hike\" (trail: TrailEntity)  (authentication: .requiresAuthentication)"))
    }

    /// A stored `displayRepresentation` set by the entity's `init` (`DisplayRepresentation(title:subtitle:)`): its title is
    /// what the entity shows; `@Property` without arguments; `OpenIntent`'s `target`.
    @Test func aStoredDisplayRepresentationIsTheTitle() throws {
        let file = try temporaryScript("""
        import AppIntents
        struct User: AppEntity, Identifiable {
            static var typeDisplayRepresentation: TypeDisplayRepresentation { .init(name: "User") }
            static var defaultQuery = UserQuery()
            var displayRepresentation: DisplayRepresentation
            let id: String
            @Property
            var name: String
            init(id: String, name: String) {
                self.id = id
                self.name = name
                displayRepresentation = DisplayRepresentation(title: "\\(name)", subtitle: "user \\(id)")
            }
        }
        struct UserQuery: EntityQuery {
            static let users = [User(id: "a", name: "Ann"), User(id: "b", name: "Bob")]
            func entities(for identifiers: [String]) async throws -> [User] { Self.users.filter { identifiers.contains($0.id) } }
            func suggestedEntities() async throws -> [User] { Self.users }
        }
        struct Greet: OpenIntent {
            static var title: LocalizedStringResource { "Greet" }
            @Parameter(title: "User") var target: User
            func perform() async throws -> some IntentResult & ProvidesDialog { .result(dialog: "Hi \\(target.displayRepresentation).") }
        }
        """)
        let r = cli(["run", file, "Greet", "--ephemeral"], input: "2\n")
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out == "❓ User? [1 Ann, 2 Bob]: 2\n💬 (script would open now)\n💬 Hi Bob.\n")   // an OpenIntent opens the app
    }

    /// An entity that lists `Codable` encodes as its struct does (`JSONEncoder().encode(trail)` in a perform).
    @Test func aCodableEntityEncodes() throws {
        let file = try temporaryScript("""
        import AppIntents
        import Foundation
        enum Difficulty: String, AppEnum {
            case easy, hard
            static var typeDisplayRepresentation: TypeDisplayRepresentation = "Difficulty"
            static var caseDisplayRepresentations: [Difficulty: DisplayRepresentation] = [.easy: "Easy", .hard: "Hard"]
        }
        struct TrailEntity: AppEntity, Codable {
            static var typeDisplayRepresentation: TypeDisplayRepresentation = "Trail"
            static var defaultQuery = TrailQuery()
            let id: Int
            @Property(title: "Name") var name: String
            var difficulty: Difficulty
            var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\\(name)") }
        }
        struct TrailQuery: EntityQuery {
            static let all = [TrailEntity(id: 1, name: "Ridge", difficulty: .hard)]
            func entities(for identifiers: [Int]) async throws -> [TrailEntity] { Self.all.filter { identifiers.contains($0.id) } }
            func suggestedEntities() async throws -> [TrailEntity] { Self.all }
        }
        struct Export: AppIntent {
            static let title: LocalizedStringResource = "Export"
            @Parameter(title: "Trail") var trail: TrailEntity
            func perform() async throws -> some IntentResult & ProvidesDialog {
                let e = JSONEncoder()
                e.outputFormatting = .sortedKeys
                return .result(dialog: "\\(String(data: try e.encode(trail), encoding: .utf8) ?? "")")
            }
        }
        """)
        let r = cli(["run", file, "Export", "--param", "trail=1", "--ephemeral"])
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out == "💬 {\"difficulty\":\"hard\",\"id\":1,\"name\":\"Ridge\"}\n", "\(r.out)")
    }

    /// A `ForegroundContinuableIntent`'s `requestToContinueInForeground(_:)`: there is no app to open, so the person is
    /// asked whether to go on, as the system asks; declining cancels the perform.
    @Test func continuingInTheForegroundIsAsked() throws {
        let file = try temporaryScript("""
        import AppIntents
        struct OpenTrail: ForegroundContinuableIntent {
            static let title: LocalizedStringResource = "Open Trail"
            @Parameter(title: "Name") var name: String
            @MainActor
            func perform() async throws -> some IntentResult & ProvidesDialog {
                try await requestToContinueInForeground("Open the app to see \\(name)?")
                return .result(dialog: "Showing \\(name).")
            }
        }
        struct Plain: ForegroundContinuableIntent {
            static let title: LocalizedStringResource = "Plain"
            func perform() async throws -> some IntentResult & ProvidesDialog {
                try await requestToContinueInForeground()
                return .result(dialog: "Went on.")
            }
        }
        """)
        let yes = cli(["run", file, "OpenTrail", "--ephemeral", "--param", "name=Ridge"], input: "Continue\n")
        #expect(yes.code == 0, "\(yes.err)")
        #expect(yes.out == "❓ Open the app to see Ridge? [Continue/Cancel]: Continue\n💬 Showing Ridge.\n")
        let no = cli(["run", file, "OpenTrail", "--ephemeral", "--param", "name=Ridge"], input: "Cancel\n")
        #expect(!no.out.contains("Showing"), "\(no.out)")
        #expect(no.err.contains("cancelled"), "\(no.err)")
        let plain = cli(["run", file, "Plain", "--ephemeral"], input: "y\n")
        #expect(plain.out == "❓ Continue in the app? [Continue/Cancel]: y\n💬 Went on.\n", "\(plain.out)\(plain.err)")
    }

    /// `@Parameter`'s options that shape what a person may give: `inclusiveRange:`, `supportedValues:`, `optionsProvider:`;
    /// `controlStyle:` is accepted and shapes nothing here.
    @Test func parameterOptionsLimitTheAnswers() throws {
        let file = try temporaryScript("""
        import AppIntents
        enum Roast: String, AppEnum {
            case light, medium, dark, burnt
            static let typeDisplayRepresentation: TypeDisplayRepresentation = "Roast"
            static let caseDisplayRepresentations: [Roast: DisplayRepresentation] = [.light: "Light", .medium: "Medium", .dark: "Dark", .burnt: "Burnt"]
        }
        struct SizeOptions: DynamicOptionsProvider {
            func results() async throws -> [Int] { [8, 12, 16] }
        }
        struct Order: AppIntent {
            static let title: LocalizedStringResource = "Order"
            @Parameter(title: "Shots", controlStyle: .stepper, inclusiveRange: (1, 4)) var shots: Int
            @Parameter(title: "Roast", supportedValues: [.light, .medium, .dark]) var roast: Roast
            @Parameter(title: "Size", optionsProvider: SizeOptions()) var size: Int
            @Parameter(title: "Strength", inclusiveRange: (0.5, 2.0)) var strength: Double
            func perform() async throws -> some IntentResult & ProvidesDialog {
                .result(dialog: "\\(shots) shots, \\(roast.rawValue), \\(size) oz, \\(strength)×")
            }
        }
        """)
        let asked = cli(["run", file, "Order", "--ephemeral"], input: "3\nmedium\n12\n1.5\n")
        #expect(asked.code == 0, "\(asked.err)")
        #expect(asked.out == """
        ❓ Shots? (Int): 3
        ❓ Roast? [1 Light, 2 Medium, 3 Dark]: medium
        ❓ Size? [1 8, 2 12, 3 16]: 12
        ❓ Strength? (Double): 1.5
        💬 3 shots, medium, 12 oz, 1.5×

        """)
        // An offered number is picked by what it says before its place in the list ("3" is the third, 16).
        let byPlace = cli(["run", file, "Order", "--ephemeral"], input: "1\n3\n3\n2\n")
        #expect(byPlace.out.hasSuffix("💬 1 shots, dark, 16 oz, 2.0×\n"), "\(byPlace.out)\(byPlace.err)")
        let tooMany = cli(["run", file, "Order", "--ephemeral"], input: "9\n")
        #expect(tooMany.code == 4)
        #expect(tooMany.err.contains("'9' does not answer \"Shots?\": enter a number from 1 to 4"), "\(tooMany.err)")
        let tooWeak = cli(["run", file, "Order", "--ephemeral", "--param", "strength=0.2"])
        #expect(tooWeak.code == 2)
        #expect(tooWeak.err.contains("--param strength=0.2: does not fit Double: enter a number from 0.5 to 2.0"), "\(tooWeak.err)")
        let unsupported = cli(["run", file, "Order", "--ephemeral", "--param", "roast=burnt"])
        #expect(unsupported.code == 2)
        #expect(unsupported.err.contains("choose one of: Light, Medium, Dark"), "\(unsupported.err)")
        let json = cli(["run", file, "Order", "--ephemeral", "--format", "json", "--param", "shots=4", "--param", "roast=dark", "--param", "strength=1"],
                       input: "{\"answer\": \"16\"}\n")
        #expect(json.out.contains(#"{"event":"request","kind":"value","prompt":"Size?","type":"Int","options":["8","12","16"]}"#), "\(json.out)")
        #expect(json.out.contains(#"{"event":"dialog","text":"4 shots, dark, 16 oz, 1.0×"}"#), "\(json.out)")
    }

    /// `.result(dialog:) { … }` (the `content:` closure is the view) and `requestConfirmation(result:confirmationActionName:)`,
    /// whose result gives the question and is not what `perform` returns.
    @Test func aResultsContentClosureIsItsView() throws {
        let file = try temporaryScript("""
        import AppIntents
        import SwiftUI
        struct Brew: AppIntent {
            static let title: LocalizedStringResource = "Brew"
            @Parameter(title: "Cups", default: 2) var cups: Int
            func perform() async throws -> some IntentResult & ProvidesDialog & ShowsSnippetView {
                try await requestConfirmation(result: .result(dialog: "Brew \\(cups) cups?"), confirmationActionName: .go)
                return .result(dialog: "Brewing.") {
                    Text("Cups").font(.headline)
                    Text("\\(cups)")
                }
            }
        }
        """)
        let r = cli(["run", file, "Brew", "--ephemeral"], input: "go\n")
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.hasPrefix("❓ Brew 2 cups? [Go/Cancel]: go\n💬 Brewing.\n"), "\(r.out)")
        let card = r.out.split(separator: "\n").map(String.init)
        #expect(card.count == 6, "\(r.out)")
        #expect(card.dropFirst(3).first?.contains("Cups") == true && card.dropFirst(4).first?.contains("2") == true, "\(r.out)")
        let cancelled = cli(["run", file, "Brew", "--ephemeral"], input: "cancel\n")
        #expect(cancelled.code == 5)
    }

    /// `extension View { func card() -> some View }`: a modifier of the program's own, on any view.
    @Test func aViewExtensionIsAModifierOfOnesOwn() throws {
        let file = try temporaryScript("""
        import AppIntents
        import SwiftUI
        extension Color {
            static let brand = Color.green
        }
        extension View {
            func titled(_ t: String) -> some View {
                VStack {
                    Text(t).font(.headline).foregroundStyle(Color.brand)
                    self
                }
            }
        }
        struct Show: AppIntent {
            static let title: LocalizedStringResource = "Show"
            func perform() async throws -> some IntentResult & ShowsSnippetView {
                .result(view: Text("Hello").titled("Greeting"))
            }
        }
        """)
        let r = cli(["run", file, "Show", "--ephemeral"])
        #expect(r.code == 0, "\(r.err)")
        let lines = r.out.split(separator: "\n").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "│ ")) }
        #expect(lines.contains("Greeting") && lines.contains("Hello"), "\(r.out)")
        #expect(lines.firstIndex(of: "Greeting") ?? 9 < lines.firstIndex(of: "Hello") ?? 0, "\(r.out)")
        // `extension Color { static let brand }` is declared; the view tree keeps the modifier as written.
        let json = cli(["run", file, "Show", "--ephemeral", "--format", "json"])
        #expect(json.out.contains(#""foregroundStyle":"Color.brand""#), "\(json.out)")
    }

    let device = """
    import OSLog
    import WidgetKit
    let logger = Logger(subsystem: "com.example", category: "intents")
    let noisy = run Tick()
    struct Tick: AppIntent {
        static let title: LocalizedStringResource = "Tick"
        func perform() async throws -> some IntentResult {
            logger.info("ticked \\(3, privacy: .public)")
            Task { print("in a task") }
            WidgetCenter.shared.reloadAllTimelines()
            return .result()
        }
    }
    struct Nap: AppIntent {
        static let title: LocalizedStringResource = "Nap"
        func perform() async throws -> some IntentResult {
            try await Task.sleep(for: .seconds(30))
            return .result()
        }
    }
    """

    @Test func verboseSaysWhatADeviceWouldDo() throws {
        let file = try temporaryScript(device)
        let quiet = cli(["run", file, "Tick", "--ephemeral"])
        #expect(quiet.code == 0, "\(quiet.err)")
        // `noisy` is a global no declaration reads: a target does not run its initialiser.
        #expect(quiet.out == "in a task\n")
        #expect(quiet.err.isEmpty)
        let verbose = cli(["run", file, "Tick", "--ephemeral", "-v"])
        #expect(verbose.out == "in a task\n")
        #expect(verbose.err == "ℹ︎ [info] ticked 3\nℹ︎ (a device would call WidgetCenter.shared.reloadAllTimelines())\n", "\(verbose.err)")
        let json = cli(["run", file, "Tick", "--ephemeral", "--verbose", "--format", "json"])
        #expect(json.out.contains(#"{"event":"note","text":"[info] ticked 3"}"#))
    }

    @Test func aSleepStopsAtTheTimeout() throws {
        let file = try temporaryScript(device)
        let start = Date()
        let r = cli(["run", file, "Nap", "--ephemeral", "--timeout", "0.3"])
        #expect(r.code == 1)
        #expect(r.err.contains("--timeout"))
        #expect(Date().timeIntervalSince(start) < 10)
    }

    let order = """
    import AppIntents
    import SwiftUI

    enum Size: String {
        case small, large
    }

    extension Size: AppEnum {
        static var typeDisplayRepresentation: TypeDisplayRepresentation = "Size"
        static var caseDisplayRepresentations: [Size: DisplayRepresentation] = [
            .small: "Small",
            .large: DisplayRepresentation(title: "Large", image: .init(systemName: "l.circle")),
        ]
    }

    actor Prefs {
        static let shared = Prefs()
        var milk = false
        func flip() { milk.toggle() }
    }

    struct FlipMilk: AppIntent {
        static let title: LocalizedStringResource = "Flip Milk"
        static var isDiscoverable: Bool { false }
        @Dependency var prefs: Prefs
        func perform() async throws -> some IntentResult {
            await prefs.flip()
            return .result()
        }
    }

    struct MilkSnippet: SnippetIntent {
        static let title: LocalizedStringResource = "Milk"
        @Dependency var prefs: Prefs
        func perform() async throws -> some IntentResult & ShowsSnippetView {
            let on = await prefs.milk
            return .result(view: Toggle(isOn: on, intent: FlipMilk()) { Text("Milk") })
        }
    }

    struct Order: AppIntent {
        static let title: LocalizedStringResource = "Order"
        static var description = IntentDescription("Orders a coffee.", categoryName: "Coffee", searchKeywords: ["coffee"])
        @Parameter(title: "Size") var size: Size
        @Parameter(title: "Shots", default: 1) var shots: Int
        static var parameterSummary: some ParameterSummary {
            Summary("Order a \\(\\.$size) coffee") {
                \\.$shots
            }
        }
        func perform() async throws -> some IntentResult & ProvidesDialog & ShowsSnippetIntent {
            let choice = try await requestChoice(
                between: [IntentChoiceOption(title: "Here"), IntentChoiceOption(title: "To go"),],
                dialog: "Where?",
                view: Text("Pick one"),
            )
            if shots > 3 {
                throw $shots.needsValueError("That is a lot. How many?")
            }
            return .result(dialog: "A \\(size) coffee, \\(shots) shots, \\(choice.title).", snippetIntent: MilkSnippet())
        }
    }

    class Shortcuts: AppShortcutsProvider {
        static var appShortcuts: [AppShortcut] {
            AppShortcut(intent: Order(), phrases: ["Order a \\(\\.$size) coffee in \\(.applicationName)"], shortTitle: "Order", systemImageName: "cup.and.saucer")
        }
    }
    """

    /// `extension E: AppEnum`, an actor store, `Toggle(isOn:intent:) { label }`, `requestChoice(between:dialog:view:)`
    /// with trailing commas, `Summary("…") { \.$x }`, `needsValueError`, and `class P: AppShortcutsProvider`.
    @Test func moreOfTheSwiftForm() throws {
        let file = try temporaryScript(order)
        #expect(cli(["check", file]).code == 0)
        let r = cli(["run", file, "Order", "--ephemeral"], input: "2\n1\nmilk\n\n")
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out == """
        ❓ Size? [1 Small, 2 Large]: 2
        ╭─ Order ──────────────────╮
        │         Pick one         │
        ╰──────────────────────────╯
        ❓ Where? [1 Here, 2 To go]: 1
        💬 A large coffee, 1 shots, Here.
        ╭─ Milk ───────────────────╮
        │        [1 ☐ Milk]        │
        ╰──────────────────────────╯
        Tap 1, or press Return when done: milk
        ╭─ Milk ───────────────────╮
        │        [1 ☑ Milk]        │
        ╰──────────────────────────╯
        Tap 1, or press Return when done: \n
        """)
        let asked = cli(["run", file, "Order", "--ephemeral", "--param", "shots=5"], input: "1\n2\n3\n2\n\n")
        #expect(asked.out.contains("❓ That is a lot. How many? (Int): 3"), "\(asked.out)")
        #expect(asked.out.contains("💬 A small coffee, 3 shots, To go."))
        let list = cli(["list", file])
        #expect(list.out.contains("Order → Order: \"Order a \\(size) coffee in \\(.applicationName)\""), "\(list.out)")
    }

    /// An entity whose `id` is computed from what it stores (`var id: Int { landmark.id }`), as Apple's samples write
    /// it: asked for, passed by `--param`, and fetched again through its query.
    @Test func anEntityMayComputeItsID() throws {
        let file = try temporaryScript("""
        struct Landmark { var id: Int; var name: String }
        final class Atlas {
            static let shared = Atlas()
            var landmarks = [Landmark(id: 1001, name: "Fuji"), Landmark(id: 1005, name: "Canyon")]
        }
        struct LandmarkEntity: AppEntity {
            var id: Int { landmark.id }
            var landmark: Landmark
            static var typeDisplayRepresentation: TypeDisplayRepresentation = "Landmark"
            var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\\(landmark.name)") }
            static var defaultQuery = LandmarkQuery()
        }
        struct LandmarkQuery: EntityQuery {
            @Dependency var atlas: Atlas
            func entities(for identifiers: [LandmarkEntity.ID]) async throws -> [LandmarkEntity] {
                atlas.landmarks.filter { identifiers.contains($0.id) }.map { LandmarkEntity(landmark: $0) }
            }
            func suggestedEntities() async throws -> [LandmarkEntity] { atlas.landmarks.map { LandmarkEntity(landmark: $0) } }
        }
        struct Visit: AppIntent {
            static let title: LocalizedStringResource = "Visit"
            @Parameter var landmark: LandmarkEntity
            func perform() async throws -> some IntentResult & ProvidesDialog { .result(dialog: "Off to \\(landmark.landmark.name).") }
        }
        """)
        #expect(cli(["check", file]).code == 0)
        #expect(cli(["run", file, "Visit", "--ephemeral"], input: "Canyon\n").out.hasSuffix("💬 Off to Canyon.\n"))
        let byID = cli(["run", file, "Visit", "--ephemeral", "--param", "landmark=1001"])
        #expect(byID.out == "💬 Off to Fuji.\n", "\(byID.err)")
        // Without an `id` at all, an entity is an error at its name.
        let missing = try temporaryScript("struct E: AppEntity {\n    var name: String\n    var displayRepresentation: DisplayRepresentation { \"x\" }\n}\n")
        let report = cli(["check", missing]).err
        #expect(report.contains(":1:8: error: type 'E' does not conform to protocol 'Identifiable'") && report.contains("an entity needs an 'id' property"), "\(report)")
    }

    /// A `URL` parameter (Foundation's `URL`, written in the language) is answered with its text, as `--param` gives it.
    @Test func aURLParameterIsAnsweredWithItsText() throws {
        let file = try temporaryScript("""
        import AppIntents
        import Foundation

        struct Share: AppIntent {
            static let title: LocalizedStringResource = "Share"
            @Parameter(title: "Link") var link: URL
            func perform() async throws -> some IntentResult & ProvidesDialog {
                .result(dialog: "Sharing \\(link.host() ?? "?") \\(link.lastPathComponent) \\(link)")
            }
        }
        """)
        let asked = cli(["run", file, "Share", "--ephemeral"], input: "https://swift.org/docs/a b\n")
        #expect(asked.code == 0 && asked.out == "❓ Link? (URL): https://swift.org/docs/a b\n💬 Sharing swift.org a b https://swift.org/docs/a%20b\n", "\(asked.out)\(asked.err)")
        let given = cli(["run", file, "Share", "--ephemeral", "--param", "link=https://apple.com/x"])
        #expect(given.code == 0 && given.out == "💬 Sharing apple.com x https://apple.com/x\n", "\(given.out)\(given.err)")
    }

    /// `OpenURLIntent(url)` (an intent made through its own `init(_:)`) is performed after the result that opens it.
    @Test func anOpenURLIntentSaysTheURLWouldOpen() throws {
        let file = try temporaryScript("""
        import AppIntents
        import Foundation

        struct Bookmark: AppIntent {
            static let title: LocalizedStringResource = "Bookmark"
            @Parameter(title: "Page") var page: String
            init() {}
            init(_ page: String) { self.page = page }
            func perform() async throws -> some IntentResult & OpensIntent {
                .result(opensIntent: OpenURLIntent(URL(string: "https://developer.apple.com/documentation/")!.appending(path: page)))
            }
        }

        struct Start: AppIntent {
            static let title: LocalizedStringResource = "Start"
            func perform() async throws -> some IntentResult & OpensIntent {
                .result(opensIntent: Bookmark("appintents"))
            }
        }
        """)
        let r = cli(["run", file, "Start", "--ephemeral"])
        #expect(r.code == 0 && r.out == "💬 (https://developer.apple.com/documentation/appintents would open now)\n", "\(r.out)\(r.err)")
        #expect(!cli(["list", file]).out.contains("OpenURLIntent"))
    }

    /// A `@UnionValue` enum parameter: its kind is picked, then the value of that kind asked for (or given as
    /// `stars(5)`, on the command line too).
    @Test func aUnionValueParameterAsksForTheKindThenTheValue() throws {
        let file = try temporaryScript("""
        import AppIntents

        @UnionValue
        enum Reaction {
            case emoji(String)
            case stars(Int)
        }

        struct React: AppIntent {
            static let title: LocalizedStringResource = "React"
            @Parameter var reaction: Reaction
            func perform() async throws -> some IntentResult & ProvidesDialog {
                switch reaction {
                case .emoji(let e): return .result(dialog: "Reacted \\(e)")
                case .stars(let n): return .result(dialog: "Rated \\(n) stars")
                }
            }
        }
        """)
        let asked = cli(["run", file, "React", "--ephemeral"], input: "2\n4\n")
        #expect(asked.code == 0 && asked.out == "❓ Reaction? [1 Emoji, 2 Stars]: 2\n❓ Stars? (Int): 4\n💬 Rated 4 stars\n", "\(asked.out)\(asked.err)")
        let typed = cli(["run", file, "React", "--ephemeral"], input: "emoji(👍)\n")
        #expect(typed.out.hasSuffix("💬 Reacted 👍\n"), "\(typed.out)\(typed.err)")
        let given = cli(["run", file, "React", "--ephemeral", "--param", "reaction=stars(5)"])
        #expect(given.code == 0 && given.out == "💬 Rated 5 stars\n", "\(given.out)\(given.err)")
        let bare = cli(["run", file, "React", "--ephemeral", "--param", "reaction=stars"])
        #expect(bare.code == 2 && bare.err.contains("stars needs its value: write stars(…)"), "\(bare.err)")
    }
}
