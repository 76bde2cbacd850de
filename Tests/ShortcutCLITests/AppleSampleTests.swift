@testable import ShortcutCLI
import Foundation
import Testing

/// Patterns from Apple's App Intents sample code (the iOS 26 travel-tracking sample and others), written
/// here with a small model of our own: an `UndoableIntent` whose `undoManager` is nil off device,
/// `Option(title:style:)` and `.cancel` in `requestChoice(between:dialog:view:)`, a `switch` over the chosen
/// option, an `AppEnum` with computed metadata (`return TypeDisplayRepresentation(…)`), case titles keyed
/// `NavigationOption.map`, and a `switch` expression as a computed property.
@Suite struct AppleSampleTests {
    let collections = """
    import AppIntents
    import SwiftUI

    struct CollectionEntity: AppEntity {
        var id: Int
        var name: String
        static var typeDisplayRepresentation: TypeDisplayRepresentation = "Collection"
        var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\\(name)") }
        static var defaultQuery = CollectionQuery()
    }

    struct CollectionQuery: EntityQuery {
        @Dependency var modelData: Shelf
        func entities(for identifiers: [CollectionEntity.ID]) async throws -> [CollectionEntity] {
            modelData.collections.filter { identifiers.contains($0.id) }
        }
        func suggestedEntities() async throws -> [CollectionEntity] { modelData.collections }
    }

    final class Shelf {
        static let shared = Shelf()
        var collections = [CollectionEntity(id: 1, name: "Parks"), CollectionEntity(id: 2, name: "Peaks")]
        func archiveCollection(_ c: CollectionEntity) async throws -> CollectionEntity {
            CollectionEntity(id: c.id, name: c.name + " (archived)")
        }
        func deleteCollection(_ c: CollectionEntity) async throws { collections.removeAll { $0.id == c.id } }
        func restoreCollection(_ c: CollectionEntity) { collections.append(c) }
    }

    struct CollectionPreview: View {
        var name: String
        var body: some View {
            Text(name).font(.headline)
        }
    }

    struct RemoveCollectionIntent: UndoableIntent {
        static let title: LocalizedStringResource = "Remove Collection"
        @Dependency var modelData: Shelf
        @Parameter(title: "Collection")
        var collection: CollectionEntity

        func perform() async throws -> some IntentResult & ReturnsValue<CollectionEntity?> {
            let archive = Option(title: "Archive", style: .default)
            let delete = Option(title: "Delete", style: .destructive)

            let resultChoice = try await requestChoice(
                between: [.cancel, archive, delete],
                dialog: "Do you want to archive or delete \\(collection.name)?",
                view: await preview(collection)
            )

            switch resultChoice {
            case archive:
                let newCollection = try await modelData.archiveCollection(collection)
                return .result(value: newCollection)
            case delete:
                await undoManager?.registerUndo(withTarget: modelData) { modelData in
                    modelData.restoreCollection(collection)
                }
                await undoManager?.setActionName("Delete \\(collection.name)")
                try await modelData.deleteCollection(collection)
                return .result(value: nil)
            default:
                return .result(value: nil)
            }
        }

        @MainActor
        private func preview(_ collection: CollectionEntity) async -> CollectionPreview {
            return CollectionPreview(name: collection.name)
        }
    }

    enum NavigationOption: String, Hashable, Identifiable, CaseIterable, AppEnum {
        case landmarks
        case map

        static var typeDisplayRepresentation: TypeDisplayRepresentation {
            return TypeDisplayRepresentation(
                name: LocalizedStringResource("Navigation Option", table: "AppIntents"),
                numericFormat: "\\(placeholder: .int) navigation options"
            )
        }

        static let caseDisplayRepresentations = [
            NavigationOption.landmarks: DisplayRepresentation(
                title: "Landmarks",
                image: .init(systemName: "building.columns")
            ),
            NavigationOption.map: DisplayRepresentation(
                title: "Map",
                image: .init(systemName: "map")
            )
        ]

        var id: String { rawValue }

        var symbolName: String {
            switch self {
            case .landmarks: "building.columns"
            case .map: "map"
            }
        }
    }

    struct Go: AppIntent {
        static let title: LocalizedStringResource = "Go"
        @Parameter var where_: NavigationOption
        func perform() async throws -> some IntentResult & ProvidesDialog {
            .result(dialog: "Going to \\(where_.symbolName).")
        }
    }
    """

    @Test func aChoiceWithAViewAndAnUndoableIntent() throws {
        let file = try temporaryScript(collections)
        let check = cli(["check", file])
        #expect(check.code == 0 && check.err.isEmpty, "\(check.err)")
        let archived = cli(["run", file, "RemoveCollectionIntent", "--ephemeral"], input: "1\nArchive\n")
        #expect(archived.code == 0, "\(archived.err)")
        #expect(archived.out == """
        ❓ Collection? [1 Parks, 2 Peaks]: 1
        ╭─ Remove Collection ───────╮
        │           Parks           │
        ╰───────────────────────────╯
        ❓ Do you want to archive or delete Parks? [1 Cancel, 2 Archive, 3 Delete]: Archive

        """)
        let json = cli(["run", file, "RemoveCollectionIntent", "--ephemeral", "--format", "json"], input: "2\n3\n")
        // A choice's styles go with its options, for a page to draw Delete in red.
        #expect(json.out.contains(#""options":["Cancel","Archive","Delete"],"styles":["cancel","default","destructive"]"#), "\(json.out)")
        #expect(json.out.contains(#"{"event":"result","value":null}"#), "\(json.out)")
        // Cancel is the system's: the run ends cancelled (exit 5), nothing changed.
        let cancelled = cli(["run", file, "RemoveCollectionIntent", "--ephemeral"], input: "1\nCancel\n")
        #expect(cancelled.code == 5)
    }

    @Test func anAppEnumWithComputedMetadataAndASwitchExpression() throws {
        let file = try temporaryScript(collections)
        let r = cli(["run", file, "Go", "--ephemeral"], input: "Map\n")
        #expect(r.out == "❓ Where_? [1 Landmarks, 2 Map]: Map\n💬 Going to map.\n", "\(r.out)\(r.err)")
        #expect(cli(["list", file]).out.contains("NavigationOption: landmarks, map"))
    }

    /// A store class built with arguments in `App.init` (`AppDependencyManager.shared.add { Library(selection: 3) }`):
    /// its `init` makes it the first time, when nothing is saved; afterwards the saved state wins (SPEC §13).
    @Test func aStoreBuiltWithArgumentsStartsFromThemOnce() throws {
        let file = try temporaryScript("""
        import AppIntents
        import SwiftUI

        @Observable
        final class Library {
            var selection: Int
            var count = 0
            init(selection: Int) { self.selection = selection }
        }

        @main
        struct BooksApp: App {
            init() {
                AppDependencyManager.shared.add { Library(selection: 3) }
            }
            var body: some Scene { WindowGroup { Text("Books") } }
        }

        struct Bump: AppIntent {
            static let title: LocalizedStringResource = "Bump"
            @Dependency var library: Library
            func perform() async throws -> some IntentResult & ProvidesDialog {
                library.count += 1
                library.selection += 10
                return .result(dialog: "selection \\(library.selection), count \\(library.count)")
            }
        }
        """)
        let store = scratchRoot.appendingPathComponent("library-\(UUID().uuidString).json").path
        let first = cli(["run", file, "Bump", "--store", store])
        #expect(first.out == "💬 selection 13, count 1\n", "\(first.err)")
        let second = cli(["run", file, "Bump", "--store", store])
        #expect(second.out == "💬 selection 23, count 2\n")
        // In memory only, every run starts afresh from the `init`.
        #expect(cli(["run", file, "Bump", "--ephemeral"]).out == "💬 selection 13, count 1\n")
    }

    /// Apple's counter, written in the Swift form, in the REPL: the same program, the same card and taps.
    @Test func theSwiftFormInTheREPL() {
        let counter = packageRoot + "/Examples/apple/counter.shortcut"
        let r = cli(["repl", counter, "--ephemeral"], input: ":run FirstIntent\n2\n\n:store\n:list\n")
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.contains("│         Count: 1          │"))
        #expect(r.out.contains("SnippetModel\n  count: 1\n"))
        #expect(r.out.contains("CounterSnippetIntent"))
    }

    /// `async let`, `supportedModes` (shown by `list`), `nonisolated init`, and donations as device no-ops.
    @Test func asyncLetModesAndDonations() throws {
        let file = try temporaryScript("""
        import AppIntents
        import WidgetKit

        struct Ping: AppIntent {
            static let title: LocalizedStringResource = "Ping"
            static var supportedModes: IntentModes = .background
            nonisolated init() {}
            @discardableResult
            func helper() -> Int { 1 }
            func perform() async throws -> some IntentResult & ReturnsValue<Int> {
                async let a = compute(2)
                async let b = compute(3)
                let total = await a + b
                try await Ping().donate()
                IntentDonationManager.shared.donate(intent: Ping())
                WidgetCenter.shared.reloadTimelines(ofKind: "Ping")
                return .result(value: total)
            }
            func compute(_ n: Int) async -> Int { n * 10 }
        }
        """)
        #expect(cli(["check", file]).code == 0)
        let r = cli(["run", file, "Ping", "--ephemeral", "--format", "json", "-v"])
        #expect(r.out.contains(#"{"event":"note","text":"(a device would donate Ping to Siri)"}"#))
        #expect(r.out.hasSuffix(#"{"event":"result","value":50}"# + "\n"), "\(r.out)")
        #expect(cli(["list", file]).out.contains("Ping — \"Ping\"  (modes: .background)"))
    }

    /// `say` matches the phrases an `AppShortcutsProvider` declares, as it does the concise form's.
    @Test func sayInTheSwiftForm() {
        let caffeine = packageRoot + "/Examples/apple/caffeine-pal.shortcut"
        let r = cli(["say", caffeine, "log espresso in caffeine pal", "--ephemeral"], input: "2\n")
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.hasSuffix("💬 Logged 128 mg.\n"), "\(r.out)")
    }

    /// Apple's `IntentItemCollection` example (a `DynamicOptionsProvider` nested in its intent, whose `results()` gives
    /// sections of options by a builder) and an entity query that maps with `TrailEntity.init(trail:)`: the options are
    /// one list, in order; the reference is a closure that calls the `init`.
    @Test func itemCollectionsAndFunctionReferences() throws {
        let file = try temporaryScript("""
        import AppIntents

        struct Trail { let id: Int; let name: String }
        struct TrailEntity: AppEntity {
            static var typeDisplayRepresentation: TypeDisplayRepresentation = "Trail"
            static var defaultQuery = TrailQuery()
            var id: Int
            var name: String
            var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\\(name)") }
            init(trail: Trail) { id = trail.id; name = trail.name }
        }
        struct TrailQuery: EntityQuery {
            static let trails = [Trail(id: 1, name: "Ridge"), Trail(id: 2, name: "Lake")]
            func entities(for identifiers: [TrailEntity.ID]) async throws -> [TrailEntity] {
                TrailQuery.trails.filter { identifiers.contains($0.id) }.map(TrailEntity.init(trail:))
            }
            func suggestedEntities() async throws -> [TrailEntity] { TrailQuery.trails.map(TrailEntity.init) }
        }

        struct CreateBookIntent: AppIntent {
            static var title: LocalizedStringResource = "Create Book"

            @Parameter(title: "Author Name", optionsProvider: AuthorNamesOptionsProvider())
            var authorName: String

            @Parameter(title: "Trail")
            var trail: TrailEntity

            struct AuthorNamesOptionsProvider: DynamicOptionsProvider {
                func results() async throws -> ItemCollection<String> {
                    ItemCollection {
                        ItemSection("Italian Authors") {
                            "Dante Alighieri"
                            "Alessandro Manzoni"
                        }
                        ItemSection("Russian Authors") {
                            "Anton Chekhov"
                            "Fyodor Dostoevsky"
                        }
                    }
                }
            }

            func perform() async throws -> some IntentResult & ProvidesDialog {
                .result(dialog: "\\(authorName) walks the \\(trail.name) trail.")
            }
        }
        """)
        let check = cli(["check", file])
        #expect(check.code == 0 && check.err.isEmpty, "\(check.err)")
        let r = cli(["run", file, "CreateBookIntent", "--ephemeral"], input: "3\n2\n")
        #expect(r.out == """
        ❓ Author Name? [1 Dante Alighieri, 2 Alessandro Manzoni, 3 Anton Chekhov, 4 Fyodor Dostoevsky]: 3
        ❓ Trail? [1 Ridge, 2 Lake]: 2
        💬 Anton Chekhov walks the Lake trail.

        """, "\(r.out)\(r.err)")
    }

    /// An `EntityPropertyQuery` as Apple's sample writes it (an extension of the entity's query with `QueryProperties`,
    /// `SortingOptions` and `entities(matching:mode:sortedBy:limit:)` over `NSPredicate`s): set aside, so the rest of the
    /// file — an entity with `@Property`s, an `OpenIntent`, an error with a `localizedStringResource`, a `When` summary —
    /// checks and runs.
    @Test func anEntityPropertyQueryIsSetAside() throws {
        let file = try temporaryScript("""
        import AppIntents
        import SwiftUI

        struct Book: AppEntity, Identifiable {
            static let typeDisplayRepresentation = TypeDisplayRepresentation(name: "Book", numericFormat: "\\(placeholder: .int) books")
            static let defaultQuery = BookQuery()
            let id: UUID
            @Property(title: "Title") var title: String
            @Property(title: "Pages") var pages: Int
            var displayRepresentation: DisplayRepresentation {
                DisplayRepresentation(title: "\\(title)", subtitle: "\\(pages) pages", image: .init(systemName: "book"))
            }
            init(id: UUID = UUID(), title: String, pages: Int) {
                self.id = id
                self.title = title
                self.pages = pages
            }
        }

        struct BookQuery: EntityQuery {
            static let library: [Book] = [Book(title: "Dune", pages: 412), Book(title: "Emma", pages: 300)]
            func entities(for identifiers: [Book.ID]) async throws -> [Book] {
                BookQuery.library.filter { identifiers.contains($0.id) }
            }
            func suggestedEntities() async throws -> [Book] { BookQuery.library }
        }

        extension BookQuery: EntityPropertyQuery {
            static var properties = QueryProperties {
                Property(\\Book.$title) {
                    EqualToComparator { NSPredicate(format: "title = %@", $0) }
                    ContainsComparator { NSPredicate(format: "title CONTAINS %@", $0) }
                }
                Property(\\Book.$pages) {
                    LessThanOrEqualToComparator { NSPredicate(format: "pages <= %@", $0 as NSNumber) }
                }
            }
            static var sortingOptions = SortingOptions {
                SortableBy(\\Book.$title)
            }
            func entities(matching comparators: [NSPredicate], mode: ComparatorMode, sortedBy: [EntityQuerySort<Book>], limit: Int?) async throws -> [Book] {
                let predicate = NSCompoundPredicate(type: mode == .and ? .and : .or, subpredicates: comparators)
                var matched = BookQuery.library.filter { predicate.evaluate(with: $0) }
                if let sort = sortedBy.first, sort.by == \\.$title {
                    matched.sort { sort.order == .ascending ? $0.title < $1.title : $0.title > $1.title }
                }
                if let limit { matched = Array(matched.prefix(limit)) }
                return matched
            }
        }

        struct OpenBook: OpenIntent {
            static let title: LocalizedStringResource = "Open Book"
            @Parameter(title: "Book") var target: Book
            func perform() async throws -> some IntentResult {
                return .result()
            }
        }

        struct BookError: Error, CustomLocalizedStringResourceConvertible {
            var localizedStringResource: LocalizedStringResource { "That book is too long." }
        }

        struct ReadBook: AppIntent {
            static let title: LocalizedStringResource = "Read Book"
            static let description = IntentDescription("Reads a book.", categoryName: "Reading")
            @Parameter(title: "Book") var book: Book
            @Parameter(title: "Speed", default: 1.0, inclusiveRange: (0.5, 3.0)) var speed: Double
            @Parameter(title: "Notify") var notify: Bool?

            static var parameterSummary: some ParameterSummary {
                When(\\.$notify, .equalTo, true) {
                    Summary("Read \\(\\.$book) at \\(\\.$speed) and notify")
                } otherwise: {
                    Summary("Read \\(\\.$book) at \\(\\.$speed)")
                }
            }

            func perform() async throws -> some IntentResult & ProvidesDialog & ReturnsValue<Double> {
                guard book.pages < 400 else { throw BookError() }
                let hours = Double(book.pages) / (60 * speed)
                return .result(value: hours, dialog: "\\(book.title) takes \\(hours.formatted(.number.precision(.fractionLength(1)))) hours.")
            }
        }
        """)
        let check = cli(["check", file])
        #expect(check.code == 0 && check.err.isEmpty, "\(check.err)")
        let emma = cli(["run", file, "ReadBook", "--ephemeral"], input: "2\n")
        #expect(emma.out == "❓ Book? [1 Dune, 2 Emma]: 2\n💬 Emma takes 5.0 hours.\n", "\(emma.out)\(emma.err)")
        let dune = cli(["run", file, "ReadBook", "--ephemeral"], input: "1\n")
        #expect(dune.code == 1 && dune.err.contains("That book is too long."), "\(dune.err)")
    }

    /// The shape of Apple's trails sample: `Measurement<UnitLength>` in the model, an entity's `@Property`, and a parameter
    /// with `default: 20, unit: .miles` (a number typed in, or given with `--param`, is in that unit); a
    /// `DynamicOptionsProvider` with a `@Dependency` of its own; `matches.map(TrailEntity.init(trail:))`.
    @Test func measurementsInTheTrailsSample() throws {
        let file = try temporaryScript("""
        import AppIntents
        import SwiftUI

        enum ActivityStyle: String, AppEnum {
            case biking, hiking, walking
            static var typeDisplayRepresentation: TypeDisplayRepresentation = TypeDisplayRepresentation(name: "Activity", numericFormat: "\\(placeholder: .int) activities")
            static var caseDisplayRepresentations: [ActivityStyle: DisplayRepresentation] = [
                .biking: DisplayRepresentation(title: "Biking", subtitle: "Two wheels", image: DisplayRepresentation.Image(systemName: "bicycle")),
                .hiking: DisplayRepresentation(title: "Hiking", image: .init(systemName: "figure.hiking")),
                .walking: "Walking"
            ]
        }

        struct Trail: Identifiable, Hashable {
            let id: Int
            let name: String
            let region: String
            let activities: [ActivityStyle]
            let length: Measurement<UnitLength>
        }

        @MainActor
        final class TrailDataManager {
            static let shared = TrailDataManager()
            var trails: [Trail] = [
                Trail(id: 1, name: "Coastal Loop", region: "Coast", activities: [.hiking, .walking], length: Measurement(value: 4.5, unit: .kilometers)),
                Trail(id: 2, name: "Summit Ride", region: "Mountains", activities: [.biking], length: Measurement(value: 12, unit: .miles))
            ]
            func trails(inRegion region: String) -> [Trail] { trails.filter { $0.region == region } }
        }

        struct TrailEntity: AppEntity {
            static var typeDisplayRepresentation: TypeDisplayRepresentation = "Trail"
            static var defaultQuery = TrailEntityQuery()
            var id: Trail.ID
            @Property(title: "Trail Name") var name: String
            @Property(title: "Length") var trailLength: Measurement<UnitLength>
            var displayRepresentation: DisplayRepresentation {
                DisplayRepresentation(title: "\\(name)", subtitle: "\\(trailLength.formatted())")
            }
            init(trail: Trail) {
                id = trail.id
                name = trail.name
                trailLength = trail.length
            }
        }

        struct TrailEntityQuery: EntityQuery {
            @Dependency var trailManager: TrailDataManager
            func entities(for identifiers: [TrailEntity.ID]) async throws -> [TrailEntity] {
                await trailManager.trails.filter { identifiers.contains($0.id) }.map { TrailEntity(trail: $0) }
            }
            func suggestedEntities() async throws -> [TrailEntity] {
                await trailManager.trails.map { TrailEntity(trail: $0) }
            }
        }

        struct LocationOptionsProvider: DynamicOptionsProvider {
            @Dependency var trailManager: TrailDataManager
            func results() async throws -> [String] {
                await Array(Set(trailManager.trails.map(\\.region))).sorted()
            }
        }

        struct SuggestTrails: AppIntent {
            static var title: LocalizedStringResource = "Suggest Trails"
            static var description = IntentDescription("Suggests trails for an activity.", categoryName: "Discover", searchKeywords: ["trail"])

            @Parameter(title: "Activity", requestValueDialog: IntentDialog("What activity?"))
            var activity: ActivityStyle

            @Parameter(title: "Location", optionsProvider: LocationOptionsProvider())
            var location: String

            @Parameter(title: "Search Radius", default: 20, defaultUnit: .miles, supportsNegativeNumbers: false)
            var searchRadius: Measurement<UnitLength>

            @Dependency private var trailManager: TrailDataManager

            static var parameterSummary: some ParameterSummary {
                Summary("Find \\(\\.$activity) trails near \\(\\.$location) within \\(\\.$searchRadius)")
            }

            @MainActor
            func perform() async throws -> some IntentResult & ReturnsValue<[TrailEntity]> & ProvidesDialog {
                let matches = trailManager.trails(inRegion: location).filter { $0.activities.contains(activity) }
                let entities = matches.map(TrailEntity.init(trail:))
                let dialog: IntentDialog
                if entities.isEmpty {
                    dialog = IntentDialog("No \\(activity.rawValue) trails near \\(location).")
                } else {
                    dialog = IntentDialog("Found \\(entities.count) trail(s): \\(entities.map(\\.name).joined(separator: ", ")) within \\(searchRadius.formatted()).")
                }
                return .result(value: entities, dialog: dialog)
            }
        }

        struct TrailShortcuts: AppShortcutsProvider {
            static var shortcutTileColor = ShortcutTileColor.navy
            static var appShortcuts: [AppShortcut] {
                AppShortcut(intent: SuggestTrails(), phrases: ["Suggest trails in \\(.applicationName)", "Find \\(\\.$activity) trails with \\(.applicationName)"], shortTitle: "Suggest Trails", systemImageName: "map")
            }
        }
        """)
        let check = cli(["check", file])
        #expect(check.code == 0 && check.err.isEmpty, "\(check.err)")
        let suggested = cli(["run", file, "SuggestTrails", "--ephemeral"], input: "hiking\n1\n")
        #expect(suggested.out.hasSuffix("💬 Found 1 trail(s): Coastal Loop within 20 mi.\n"), "\(suggested.out)\(suggested.err)")
        let given = cli(["run", file, "SuggestTrails", "--ephemeral", "--param", "searchRadius=3.5"], input: "biking\n2\n")
        #expect(given.out.hasSuffix("💬 Found 1 trail(s): Summit Ride within 3.5 mi.\n"), "\(given.out)\(given.err)")
        #expect(cli(["list", file]).out.contains("TrailEntity (id: Int, name: String, trailLength: Measurement<UnitLength>)"))
    }

    /// The shape of Apple's `SuggestTrails` (its trails sample), written here with a small model: a `Switch`/`Case`/`When`
    /// parameter summary, `@Parameter(defaultUnit:supportsNegativeNumbers:)` on an optional `Measurement`, an
    /// `extension Logger` static, `throw needsToContinueInForegroundError(dialog) { … }`, `$location.requestConfirmation(for:
    /// dialog:)`, `throw $location.needsDisambiguationError(among:dialog:)` (asked, then performed again), `if var`, and
    /// `sorted(using: KeyPathComparator(\.self))`. A `String` parameter with an options provider takes other text as typed,
    /// which the intent then checks.
    @Test func theSuggestTrailsSample() throws {
        let file = try temporaryScript("""
        import AppIntents
        import OSLog
        import Foundation
        import SwiftUI

        extension Logger {
            static let intentLogging = Logger(subsystem: "com.example.trails", category: "Intents")
        }

        enum ActivityStyle: String, AppEnum {
            case biking, hiking, walking
            static let typeDisplayRepresentation: TypeDisplayRepresentation = "Activity"
            static let caseDisplayRepresentations: [ActivityStyle: DisplayRepresentation] = [.biking: "Biking", .hiking: "Hiking", .walking: "Walking"]
        }

        struct Trail: Identifiable, Hashable {
            let id: Int
            let name: String
            let regionDescription: String
            let activities: [ActivityStyle]
            let distanceToTrail: Measurement<UnitLength>
        }

        struct TrailCollection: AppEntity {
            static let typeDisplayRepresentation: TypeDisplayRepresentation = "Collection"
            static let defaultQuery = TrailCollectionQuery()
            let id: Int
            let name: String
            let members: [Trail.ID]
            var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\\(name)") }
        }

        struct TrailCollectionQuery: EntityQuery {
            @Dependency var trailManager: TrailDataManager
            func entities(for identifiers: [TrailCollection.ID]) async throws -> [TrailCollection] {
                trailManager.collections.filter { identifiers.contains($0.id) }
            }
            func suggestedEntities() async throws -> [TrailCollection] { trailManager.collections }
        }

        final class TrailDataManager {
            static let shared = TrailDataManager()
            var trails: [Trail] = [
                Trail(id: 1, name: "Mist Trail", regionDescription: "Yosemite National Park", activities: [.hiking, .walking], distanceToTrail: Measurement(value: 12, unit: .kilometers)),
                Trail(id: 2, name: "Rim Ride", regionDescription: "Grand Canyon National Park", activities: [.biking], distanceToTrail: Measurement(value: 300, unit: .kilometers)),
                Trail(id: 3, name: "Creek Loop", regionDescription: "Shasta National Forest", activities: [.hiking], distanceToTrail: Measurement(value: 40, unit: .kilometers)),
                Trail(id: 4, name: "Pine Path", regionDescription: "Tahoe National Forest", activities: [.hiking, .biking], distanceToTrail: Measurement(value: 80, unit: .kilometers))
            ]
            var collections: [TrailCollection] = [TrailCollection(id: 1, name: "Favorites", members: [1, 3])]
            var completeTrailCollection: TrailCollection { TrailCollection(id: 0, name: "All", members: trails.map(\\.id)) }
            var uniqueLocations: Set<String> { Set(trails.map(\\.regionDescription)) }
            func trails(with ids: [Trail.ID]) -> [Trail] { trails.filter { ids.contains($0.id) } }
        }

        final class AccountManager {
            static let shared = AccountManager()
            var loggedIn = true
        }

        final class NavigationModel {
            static let shared = NavigationModel()
            var selectedCollection: TrailCollection?
            var selectedTrail: Trail?
        }

        struct TrailEntity: AppEntity {
            static let typeDisplayRepresentation: TypeDisplayRepresentation = "Trail"
            static let defaultQuery = TrailEntityQuery()
            let id: Int
            @Property(title: "Name") var name: String
            var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\\(name)") }
            init(trail: Trail) { id = trail.id; name = trail.name }
        }

        struct TrailEntityQuery: EntityQuery {
            @Dependency var trailManager: TrailDataManager
            func entities(for identifiers: [TrailEntity.ID]) async throws -> [TrailEntity] {
                trailManager.trails(with: identifiers).map { TrailEntity(trail: $0) }
            }
        }

        struct LocationOptionsProvider: DynamicOptionsProvider {
            @Dependency var trailManager: TrailDataManager
            func results() async throws -> [String] { trailManager.uniqueLocations.sorted() }
        }
        struct SuggestTrails: ForegroundContinuableIntent {
            static let title: LocalizedStringResource = "Suggest Trails"
            static let description = IntentDescription("Plan a trip.", categoryName: "Discover", resultValueName: "Suggested Trails")
            static let openAppWhenRun: Bool = false

            static var parameterSummary: some ParameterSummary {
                Switch(\\.$activity) {
                    Case(.biking) {
                        When(\\.$location, .hasAnyValue) {
                            Summary("Show \\(\\.$activity) ideas within \\(\\.$searchRadius) of \\(\\.$location)")
                        } otherwise: {
                            Summary("Show \\(\\.$activity) ideas from \\(\\.$trailCollection)")
                        }
                    }
                    DefaultCase() {
                        Summary("Suggest \\(\\.$activity) trails from \\(\\.$trailCollection) or near \\(\\.$location)")
                    }
                }
            }

            @Parameter(requestValueDialog: "What activity would you like to do?")
            var activity: ActivityStyle

            @Parameter(defaultUnit: .kilometers, supportsNegativeNumbers: false)
            var searchRadius: Measurement<UnitLength>?

            @Parameter(requestValueDialog: "Where would you like to go?", optionsProvider: LocationOptionsProvider())
            var location: String?

            @Parameter(title: "Featured Collection")
            var trailCollection: TrailCollection?

            @Dependency private var trailManager: TrailDataManager
            @Dependency private var accountManager: AccountManager
            @Dependency private var navigationModel: NavigationModel

            func perform() async throws -> some IntentResult & ReturnsValue<[TrailEntity]> {
                Logger.intentLogging.debug("[SuggestTrails] Checking login")
                if !accountManager.loggedIn {
                    let dialog = IntentDialog("You aren't logged in.")
                    throw needsToContinueInForegroundError(dialog) {
                        navigationModel.selectedCollection = nil
                        navigationModel.selectedTrail = nil
                    }
                }
                try await validateParameters()
                let resolvedTrailCollection = trailCollection ?? trailManager.completeTrailCollection
                var matching = trailManager.trails(with: resolvedTrailCollection.members)
                matching = matching.filter { $0.activities.contains(activity) }
                if var searchRadius {
                    searchRadius.convert(to: .meters)
                    matching = matching.filter { $0.distanceToTrail.converted(to: .meters).value <= searchRadius.value }
                }
                if let location {
                    matching = matching.filter { $0.regionDescription == location }
                }
                Logger.intentLogging.debug("[SuggestTrails] final count is \\(matching.count)")
                let result = matching.map { TrailEntity(trail: $0) }
                return .result(value: result)
            }

            private func validateParameters() async throws {
                if location == nil && searchRadius == nil && trailCollection == nil {
                    throw $location.needsValueError(IntentDialog("Please provide a location."))
                }
                if let location {
                    let uniqueLocations = trailManager.uniqueLocations
                    if !uniqueLocations.contains(location) {
                        let suggestedMatches = uniqueLocations.filter { $0.contains(location) }
                        if suggestedMatches.count == 1 {
                            let suggestion = suggestedMatches.first!
                            let confirmed = try await $location.requestConfirmation(for: suggestion, dialog: IntentDialog("Did you mean \\(suggestion)?"))
                            if confirmed {
                                self.location = suggestion
                            } else {
                                throw $location.needsValueError()
                            }
                        } else if !suggestedMatches.isEmpty && suggestedMatches.count < 5 {
                            let dialog = IntentDialog("Multiple locations match \\(location). Did you mean one of these locations?")
                            let list = suggestedMatches.sorted(using: KeyPathComparator(\\.self, comparator: .localizedStandard))
                            throw $location.needsDisambiguationError(among: list, dialog: dialog)
                        } else {
                            throw $location.needsValueError(IntentDialog("There are no locations that match \\(location)."))
                        }
                    }
                }
            }
        }
        """)
        let check = cli(["check", file])
        #expect(check.code == 0 && check.err.isEmpty, "\(check.err)")
        let confirmed = cli(["run", file, "SuggestTrails", "--ephemeral", "--format", "json"], input: "hiking\nYosemite\ny\n")
        #expect(confirmed.out.contains(#""prompt":"Did you mean Yosemite National Park?""#), "\(confirmed.out)")
        #expect(confirmed.out.hasSuffix(#"{"event":"result","value":[{"id":1,"name":"Mist Trail"}]}"# + "\n"), "\(confirmed.out)\(confirmed.err)")
        let chosen = cli(["run", file, "SuggestTrails", "--ephemeral", "--format", "json"], input: "hiking\nNational Forest\n2\n")
        #expect(chosen.out.contains(#""options":["Shasta National Forest","Tahoe National Forest"]"#), "\(chosen.out)")
        #expect(chosen.out.hasSuffix(#"{"event":"result","value":[{"id":4,"name":"Pine Path"}]}"# + "\n"), "\(chosen.out)\(chosen.err)")
        let declined = cli(["run", file, "SuggestTrails", "--ephemeral"], input: "hiking\nYosemite\nn\n3\n")
        #expect(declined.out.hasSuffix("❓ Where would you like to go? [1 Grand Canyon National Park, 2 Shasta National Forest, 3 Tahoe National Forest, 4 Yosemite National Park]: 3\n"),
                "\(declined.out)\(declined.err)")
        let logged = cli(["run", file, "SuggestTrails", "--ephemeral", "-v"], input: "biking\nGrand Canyon National Park\n")
        #expect(logged.err.contains("[SuggestTrails] final count is 1"), "\(logged.err)")
    }

    /// The shape of the travel-tracking sample's crowd-status and closest-landmark intents (iOS 26): `supportedModes`,
    /// `systemContext.currentMode.canContinueInForeground`, `continueInForeground(alwaysConfirm: false)` (no question) and
    /// with a dialog (asked; declined, the `catch` takes it), an extension adopting `TargetContentProvidingIntent` and
    /// `PredictableIntent`, a `switch` whose cases are the function's strings, `IntentDialog(full:supporting:)`, a
    /// trailing comma after the last parameter, a `private extension`.
    @Test func theCrowdStatusSample() throws {
        let file = try temporaryScript("""
        import AppIntents
        import SwiftUI

        struct LandmarkEntity: AppEntity {
            static let typeDisplayRepresentation: TypeDisplayRepresentation = "Landmark"
            static let defaultQuery = LandmarkQuery()
            let id: Int
            let name: String
            let continent: String
            var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\\(name)", image: .init(systemName: "mountain.2")) }
            init(id: Int, name: String, continent: String,) {
                self.id = id
                self.name = name
                self.continent = continent
            }
        }

        struct LandmarkQuery: EntityQuery {
            @Dependency var modelData: ModelData
            func entities(for identifiers: [Int]) async throws -> [LandmarkEntity] { modelData.landmarks.filter { identifiers.contains($0.id) } }
            func suggestedEntities() async throws -> [LandmarkEntity] { modelData.landmarks }
        }

        @MainActor @Observable
        final class ModelData {
            static let shared = ModelData()
            var landmarks = [LandmarkEntity(id: 1005, name: "Rainbow Falls", continent: "North America"), LandmarkEntity(id: 1006, name: "Dune Sea", continent: "Africa")]
            var landmarksById: [Int: LandmarkEntity] { Dictionary(uniqueKeysWithValues: landmarks.map { ($0.id, $0) }) }
            func isOpen(_ landmark: LandmarkEntity) -> Bool { landmark.id != 1006 }
            func getCrowdStatus(_ landmark: LandmarkEntity) -> Int { 35 }
        }

        struct GetCrowdStatusIntent: AppIntent {
            static let title: LocalizedStringResource = "Get Crowd Status"
            static let supportedModes: IntentModes = [.background, .foreground(.dynamic)]
            static var parameterSummary: some ParameterSummary {
                Summary("Get \\(\\.$landmark) Crowd Status")
            }
            @Parameter var landmark: LandmarkEntity
            @Dependency var modelData: ModelData

            func perform() async throws -> some ReturnsValue<Int> & ProvidesDialog {
                guard await modelData.isOpen(landmark) else {
                    return .result(value: 0, dialog: "\\(landmark.name) is closed.")
                }
                if systemContext.currentMode.canContinueInForeground {
                    do {
                        try await continueInForeground(alwaysConfirm: false)
                        try await continueInForeground("Open the app to see the crowd?")
                    } catch {
                        // Declined.
                    }
                }
                let status = await modelData.getCrowdStatus(landmark)
                return .result(value: status, dialog: IntentDialog(getCrowdStatusDescription(for: status)))
            }
        }

        extension GetCrowdStatusIntent: TargetContentProvidingIntent {}

        extension GetCrowdStatusIntent {
            func getCrowdStatusDescription(for occupancyPercentage: Int) -> LocalizedStringResource {
                switch occupancyPercentage {
                case 0:
                    "\\(landmark.name) is closed."
                case 1...40:
                    "\\(landmark.name) is at \\(occupancyPercentage)% capacity, it's not very busy."
                default:
                    "\\(landmark.name) is at \\(occupancyPercentage)% capacity."
                }
            }
        }

        extension GetCrowdStatusIntent: PredictableIntent {
            static var predictionConfiguration: some IntentPredictionConfiguration {
                IntentPrediction(parameters: \\.$landmark) { landmark in
                    DisplayRepresentation(title: "Get \\(landmark.name) crowd status", image: landmark.displayRepresentation.image)
                }
            }
        }

        struct ClosestLandmarkIntent: AppIntent {
            static let title: LocalizedStringResource = "Find Closest Landmark"
            @Dependency var modelData: ModelData
            func perform() async throws -> some ReturnsValue<LandmarkEntity> & ProvidesDialog {
                let landmark = await self.findClosestLandmark()
                return .result(
                    value: landmark,
                    dialog: IntentDialog(
                        full: "The closest landmark is \\(landmark.name).",
                        supporting: "\\(landmark.name) is located in \\(landmark.continent)."
                    )
                )
            }
        }

        private extension ClosestLandmarkIntent {
            private func findClosestLandmark() async -> LandmarkEntity {
                return await modelData.landmarksById[1005]!
            }
        }
        """)
        let check = cli(["check", file])
        #expect(check.code == 0 && check.err.isEmpty, "\(check.err)")
        let open = cli(["run", file, "GetCrowdStatusIntent", "--ephemeral", "-v"], input: "1\nCancel\n")
        #expect(open.out == "❓ Landmark? [1 Rainbow Falls, 2 Dune Sea]: 1\n❓ Open the app to see the crowd? [Continue/Cancel]: Cancel\n"
                + "💬 Rainbow Falls is at 35% capacity, it's not very busy.\n", "\(open.out)\(open.err)")
        #expect(open.err.contains("a device would bring"), "\(open.err)")
        #expect(cli(["run", file, "GetCrowdStatusIntent", "--ephemeral"], input: "2\n").out.hasSuffix("💬 Dune Sea is closed.\n"))
        #expect(cli(["run", file, "ClosestLandmarkIntent", "--ephemeral"]).out == "💬 The closest landmark is Rainbow Falls.\n")
    }

    /// The shape of the travel-tracking sample's landmark entity and favourites intent: an `IndexedEntity` with a computed
    /// `typeDisplayRepresentation`, `@ComputedProperty(indexingKey:)` and a `@DeferredProperty` whose getter is `get async
    /// throws`; a `Bool` parameter's `displayName: .init(true:false:)` (its answers offered and taken by those names);
    /// `self.undoManager?.registerUndo(withTarget:) { [isFavorite] modelData in … }`; `let x: String = if … else …`.
    @Test func theFavoritesSample() throws {
        let file = try temporaryScript("""
        import AppIntents
        import SwiftUI

        struct Landmark: Identifiable, Hashable { let id: Int; let name: String; let continent: String; var isFavorite = false }

        @MainActor @Observable
        final class ModelData {
            static let shared = ModelData()
            var landmarks = [Landmark(id: 1, name: "Rainbow Falls", continent: "North America"), Landmark(id: 2, name: "Dune Sea", continent: "Africa")]
            func updateFavorite(_ favorite: Bool, landmarkEntity: LandmarkEntity) {
                guard let i = landmarks.firstIndex(where: { $0.id == landmarkEntity.id }) else { return }
                landmarks[i].isFavorite = favorite
            }
            func getCrowdStatus(_ entity: LandmarkEntity) -> Int { 42 }
        }

        struct LandmarkEntity: IndexedEntity {
            static var typeDisplayRepresentation: TypeDisplayRepresentation {
                return TypeDisplayRepresentation(
                    name: LocalizedStringResource("Landmark", table: "AppIntents", comment: "The type name for the landmark entity"),
                    numericFormat: "\\(placeholder: .int) landmarks"
                )
            }
            var displayRepresentation: DisplayRepresentation {
                DisplayRepresentation(title: "\\(name)", subtitle: "\\(continent)")
            }
            static let defaultQuery = LandmarkEntityQuery()
            var id: Int { landmark.id }
            @ComputedProperty(indexingKey: \\.displayName)
            var name: String { landmark.name }
            @ComputedProperty(indexingKey: \\.contentDescription)
            var continent: String { landmark.continent }
            @DeferredProperty
            var crowdStatus: Int {
                get async throws {
                    await ModelData.shared.getCrowdStatus(self)
                }
            }
            var landmark: Landmark
            init(landmark: Landmark) { self.landmark = landmark }
        }

        @MainActor
        struct LandmarkEntityQuery: EntityQuery, EntityStringQuery, EnumerableEntityQuery {
            @Dependency var modelData: ModelData
            func entities(for identifiers: [LandmarkEntity.ID]) async throws -> [LandmarkEntity] {
                modelData
                    .landmarks
                    .filter { identifiers.contains($0.id) }
                    .map {
                        LandmarkEntity(landmark: $0)
                    }
            }
            func entities(matching: String) async throws -> [LandmarkEntity] {
                modelData.landmarks.filter { $0.name.contains(matching) }.map { LandmarkEntity(landmark: $0) }
            }
            func allEntities() async throws -> [LandmarkEntity] { modelData.landmarks.map { LandmarkEntity(landmark: $0) } }
        }

        struct UpdateFavoritesIntent: UndoableIntent, Sendable {
            static let title: LocalizedStringResource = "Update Landmark Favorite Status"
            static var parameterSummary: some ParameterSummary {
                Summary("Set \\(\\.$landmark) to \\(\\.$isFavorite)")
            }
            @Parameter var landmark: LandmarkEntity
            @Parameter(
                title: "Favorite Status",
                displayName: .init(true: "Favored", false: "Unfavored")
            ) var isFavorite: Bool
            @Dependency var modelData: ModelData

            func perform() async throws -> some IntentResult & ReturnsValue<LandmarkEntity> & ProvidesDialog {
                await modelData.updateFavorite(isFavorite, landmarkEntity: landmark)
                await self.undoManager?.registerUndo(withTarget: modelData) { [isFavorite] modelData in
                    modelData.updateFavorite(!isFavorite, landmarkEntity: landmark)
                }
                let actionName: String = if isFavorite {
                    String(localized: "Add \\(landmark.name) to favorites")
                } else {
                    String(localized: "Remove \\(landmark.name) from favorites")
                }
                await self.undoManager?.setActionName(actionName)
                let status = try await landmark.crowdStatus
                return .result(value: landmark, dialog: "\\(actionName) (crowd \\(status)).")
            }
        }

        extension UpdateFavoritesIntent {
            init(landmark: LandmarkEntity, isFavorite: Bool) {
                self.landmark = landmark
                self.isFavorite = isFavorite
            }
        }
        """)
        let check = cli(["check", file])
        #expect(check.code == 0 && check.err.isEmpty, "\(check.err)")
        let favored = cli(["run", file, "UpdateFavoritesIntent", "--ephemeral"], input: "1\nFavored\n")
        #expect(favored.out == "❓ Landmark? [1 Rainbow Falls, 2 Dune Sea]: 1\n❓ Favorite Status? [1 Favored, 2 Unfavored]: Favored\n"
                + "💬 Add Rainbow Falls to favorites (crowd 42).\n", "\(favored.out)\(favored.err)")
        let unfavored = cli(["run", file, "UpdateFavoritesIntent", "--ephemeral"], input: "2\n2\n")
        #expect(unfavored.out.hasSuffix("💬 Remove Dune Sea from favorites (crowd 42).\n"), "\(unfavored.out)\(unfavored.err)")
    }

    /// `UserDefaults(suiteName:)` in an intent keeps its values in the app's store, between runs, as a device keeps them;
    /// `store show` shows them by suite and key.
    @Test func userDefaultsAreKeptBetweenRuns() throws {
        let file = try temporaryScript("""
        import AppIntents
        struct BumpIntent: AppIntent {
            static let title: LocalizedStringResource = "Bump"
            func perform() async throws -> some IntentResult & ProvidesDialog {
                let defaults = UserDefaults(suiteName: "group.com.example.counter")!
                let count = defaults.integer(forKey: "count") + 1
                defaults.set(count, forKey: "count")
                return .result(dialog: "Count is \\(count).")
            }
        }
        """)
        let store = scratchRoot.appendingPathComponent("defaults-\(UUID().uuidString).json").path
        #expect(cli(["run", file, "BumpIntent", "--store", store]).out == "💬 Count is 1.\n")
        #expect(cli(["run", file, "BumpIntent", "--store", store]).out == "💬 Count is 2.\n")
        #expect(cli(["store", "show", file, "--store", store]).out.contains(#"integers: ["group.com.example.counter": ["count": 2]]"#))
        #expect(cli(["run", file, "BumpIntent", "--ephemeral"]).out == "💬 Count is 1.\n")
    }

    /// The trails sample's entity, query, view and `GetTrailInfo`, with a small model (`theGetTrailInfoSample`,
    /// `theTrailShortcutsSample`).
    let trails = """
        import AppIntents
        import Foundation
        import SwiftUI

        struct Trail: Identifiable {
            let id: Int
            let name: String
            let regionDescription: String
            let featuredImage: String
            let currentConditions: String
            let trailLength: Measurement<UnitLength>
        }

        final class TrailDataManager {
            static let shared = TrailDataManager()
            let trails = [Trail(id: 1, name: "Ridge", regionDescription: "Sierra", featuredImage: "ridge", currentConditions: "Open", trailLength: Measurement(value: 8, unit: .kilometers))]
            func trail(with id: Trail.ID) -> Trail? { trails.first { $0.id == id } }
        }

        enum TrailIntentError: Error, CustomLocalizedStringResourceConvertible {
            case trailNotFound
            var localizedStringResource: LocalizedStringResource {
                switch self {
                case .trailNotFound: return "The trail is not in the app."
                }
            }
        }

        struct TrailEntity: AppEntity {
            static var typeDisplayRepresentation: TypeDisplayRepresentation {
                TypeDisplayRepresentation(
                    name: LocalizedStringResource("Trail", table: "AppIntents"),
                    numericFormat: LocalizedStringResource("\\(placeholder: .int) trails", table: "AppIntents")
                )
            }
            static let defaultQuery = TrailEntityQuery()
            var id: Trail.ID
            @Property var name: String
            @Property(title: "Region")
            var regionDescription: String
            @Property var trailLength: Measurement<UnitLength>
            var imageName: String
            var currentConditions: String
            var displayRepresentation: DisplayRepresentation {
                DisplayRepresentation(title: "\\(name)",
                                      subtitle: "\\(regionDescription)",
                                      image: DisplayRepresentation.Image(named: imageName))
            }
            init(trail: Trail) {
                self.id = trail.id
                self.imageName = trail.featuredImage
                self.currentConditions = trail.currentConditions
                self.name = trail.name
                self.regionDescription = trail.regionDescription
                self.trailLength = trail.trailLength
            }
        }

        extension TrailEntity: URLRepresentableEntity {
            static var urlRepresentation: URLRepresentation {
                "https://example.com/trail/\\(.id)/details"
            }
        }

        struct TrailEntityQuery: EntityQuery {
            @Dependency var trailManager: TrailDataManager
            func entities(for identifiers: [TrailEntity.ID]) async throws -> [TrailEntity] {
                identifiers.compactMap { trailManager.trail(with: $0) }.map(TrailEntity.init(trail:))
            }
            func suggestedEntities() async throws -> [TrailEntity] { trailManager.trails.map(TrailEntity.init(trail:)) }
        }

        struct TrailInfoView: View {
            let trail: Trail
            let includeConditions: Bool
            var body: some View {
                VStack {
                    Text(trail.name).font(.headline)
                    if includeConditions { Text(trail.currentConditions) }
                }
            }
        }

        struct GetTrailInfo: AppIntent {
            static var title: LocalizedStringResource = "Get Trail Information"
            static var description = IntentDescription("Provides complete details on a trail and the current conditions.", categoryName: "Discover")
            static var parameterSummary: some ParameterSummary {
                Summary("Get information on \\(\\.$trail)")
            }
            @Parameter(title: "Trail", description: "The trail to get information on.")
            var trail: TrailEntity
            @Dependency
            private var trailManager: TrailDataManager
            func perform() async throws -> some IntentResult & ReturnsValue<TrailEntity> & ProvidesDialog & ShowsSnippetView {
                guard let trailData = trailManager.trail(with: trail.id) else {
                    throw TrailIntentError.trailNotFound
                }
                let snippet = TrailInfoView(trail: trailData, includeConditions: true)
                let dialog = IntentDialog(full: "The latest conditions reported for \\(trail.name) indicate: \\(trail.currentConditions).",
                                          supporting: "Here's the latest information on trail conditions.")
                return .result(value: trail, dialog: dialog, view: snippet)
            }
        }
    """

    /// The shape of the trails sample's `GetTrailInfo` and `TrailEntity`: a computed `typeDisplayRepresentation` of
    /// `LocalizedStringResource(…, table:)`s, `@Property var trailLength: Measurement<UnitLength>`, an extension adopting
    /// `URLRepresentableEntity` whose `urlRepresentation` (a device's universal link) is set aside, `IntentDialog(full:
    /// supporting:)` and a result with a value, a dialog and a view.
    @Test func theGetTrailInfoSample() throws {
        let file = try temporaryScript(trails)
        let check = cli(["check", file])
        #expect(check.code == 0 && check.err.isEmpty, "\(check.err)")
        let r = cli(["run", file, "GetTrailInfo", "--ephemeral"], input: "1\n")
        #expect(r.out.hasPrefix("❓ Trail? [1 Ridge]: 1\n💬 The latest conditions reported for Ridge indicate: Open.\n"), "\(r.out)\(r.err)")
        #expect(r.out.contains("│           Open            │"), "\(r.out)")
    }

    /// The trails sample's `AppShortcutsProvider`: a `ShortcutTileColor`, phrases with the entity parameter and the app's
    /// name, and a `parameterPresentation` with its `OptionsCollection` (for a device's Shortcuts app). `say` matches the
    /// phrase with an entity named in it; a Swift-form file without an app is named by its file, `.swift` dropped.
    @Test func theTrailShortcutsSample() throws {
        let dir = scratchRoot.appendingPathComponent("trails-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent("Trails.swift").path
        try Data((trails + """

        struct TrailShortcuts: AppShortcutsProvider {
            static let shortcutTileColor = ShortcutTileColor.navy
            static var appShortcuts: [AppShortcut] {
                AppShortcut(intent: GetTrailInfo(), phrases: [
                    "Get \\(\\.$trail) conditions with \\(.applicationName)",
                    "Get conditions on \\(\\.$trail) with \\(.applicationName)"
                ],
                shortTitle: "Get Conditions",
                systemImageName: "cloud.rainbow.half",
                parameterPresentation: ParameterPresentation(
                    for: \\.$trail,
                    summary: Summary("Get \\(\\.$trail) conditions"),
                    optionsCollections: {
                        OptionsCollection(TrailEntityQuery(), title: "Favorite Trails", systemImageName: "cloud.rainbow.half")
                    }
                ))
            }
        }
        """).utf8).write(to: URL(fileURLWithPath: file))
        #expect(cli(["check", file]).code == 0)
        let r = cli(["say", file, "Get Ridge conditions with Trails", "--ephemeral"])
        #expect(r.out.hasPrefix("💬 The latest conditions reported for Ridge indicate: Open.\n"), "\(r.out)\(r.err)")
    }
}

extension AppleSampleTests {
    /// An iOS 26 snippet flow as written for a device: the intent's own static (`static var choices:
    /// [IntentChoiceOption] { [.init(title: "Small"), …] }`), `requestChoice(between:dialog:)` giving the option (its
    /// `.title`), and `requestConfirmation(actionName:snippetIntent:)` whose snippet's buttons change the store and redraw.
    static let latte = """
    import SwiftUI
    import AppIntents

    @MainActor
    final class LatteOrderManager {
        static let shared = LatteOrderManager()
        var choice: String = ""
        var milkPercentage = 50
        var count = 1
    }

    struct OrderLatteIntent: AppIntent {
        static var title: LocalizedStringResource = "Order Latte"
        @Dependency var manager: LatteOrderManager

        func perform() async throws -> some IntentResult & ShowsSnippetView {
            manager.choice = try await requestChoice(between: Self.choices, dialog: .init("Select Latte Size")).title
            try await requestConfirmation(actionName: .set, snippetIntent: MilkPercentageIntent())
            return .result(view: MilkView(percentage: manager.milkPercentage, choice: manager.choice))
        }

        static var choices: [IntentChoiceOption] {
            [.init(title: "Small"), .init(title: "Medium"), .init(title: "Large")]
        }
    }

    struct MilkPercentageIntent: SnippetIntent {
        static var title: LocalizedStringResource = "Milk"
        @Dependency var manager: LatteOrderManager
        func perform() async throws -> some IntentResult & ShowsSnippetView {
            .result(view: MilkView(percentage: manager.milkPercentage, choice: manager.choice))
        }
    }

    struct ChangeMilkIntent: AppIntent {
        static var title: LocalizedStringResource = "Change Milk"
        @Parameter var delta: Int
        init() {}
        init(delta: Int) { self.delta = delta }
        @Dependency var manager: LatteOrderManager
        func perform() async throws -> some IntentResult {
            manager.milkPercentage = max(0, min(100, manager.milkPercentage + delta))
            return .result()
        }
    }

    struct MilkView: View {
        var percentage: Int
        var choice: String
        var body: some View {
            VStack(alignment: .leading, spacing: 12) {
                Text("\\(choice) latte").font(.headline)
                HStack {
                    Button(intent: ChangeMilkIntent(delta: -10)) { Image(systemName: "minus") }
                    Text("\\(percentage)% milk")
                    Button(intent: ChangeMilkIntent(delta: 10)) { Image(systemName: "plus") }
                }
            }
            .padding()
        }
    }
    """

    @Test func anIntentsOwnStaticChoicesAndASnippetConfirmation() throws {
        let file = try temporaryScript(Self.latte)
        let check = cli(["check", file])
        #expect(check.code == 0 && check.err.isEmpty, "\(check.err)")
        let run = cli(["run", file, "OrderLatteIntent", "--ephemeral"], input: "2\n2\n\nyes\n")
        #expect(run.code == 0, "\(run.err)")
        #expect(run.out == """
        ❓ Select Latte Size [1 Small, 2 Medium, 3 Large]: 2
        ╭─ Milk ───────────────────╮
        │                          │
        │   Medium latte           │
        │   [1 −] 50% milk [2 +]   │
        │                          │
        ╰──────────────────────────╯
        Tap 1–2, or press Return when done: 2
        ╭─ Milk ───────────────────╮
        │                          │
        │   Medium latte           │
        │   [1 −] 60% milk [2 +]   │
        │                          │
        ╰──────────────────────────╯
        Tap 1–2, or press Return when done: 
        ❓ Are you sure? [Set/Cancel]: yes
        ╭─ Order Latte ────────────╮
        │                          │
        │     Medium latte         │
        │     [−] 60% milk [+]     │
        │                          │
        ╰──────────────────────────╯

        """)
    }
}

extension AppleSampleTests {
    /// Xcode's widget template: a `WidgetConfigurationIntent` without `perform`, its previews' configurations made in an
    /// extension's `fileprivate static var`s; a control's `SetValueIntent`.
    static let widgetIntents = """
    import WidgetKit
    import AppIntents

    struct ConfigurationAppIntent: WidgetConfigurationIntent {
        static var title: LocalizedStringResource { "Configuration" }
        static var description: IntentDescription { "This is an example widget." }

        @Parameter(title: "Favorite Emoji", default: "😃")
        var favoriteEmoji: String
    }

    extension ConfigurationAppIntent {
        fileprivate static var smiley: ConfigurationAppIntent {
            let intent = ConfigurationAppIntent()
            intent.favoriteEmoji = "😀"
            return intent
        }
        fileprivate static var starEyes: ConfigurationAppIntent {
            let intent = ConfigurationAppIntent()
            intent.favoriteEmoji = "🤩"
            return intent
        }
    }

    struct ToggleTimerIntent: SetValueIntent {
        static let title: LocalizedStringResource = "Toggle timer"
        @Parameter(title: "Running")
        var value: Bool
        func perform() async throws -> some IntentResult & ProvidesDialog {
            return .result(dialog: value ? "Started" : "Stopped")
        }
    }

    struct Check {
        static func run() {
            print(ConfigurationAppIntent.smiley.favoriteEmoji, ConfigurationAppIntent.starEyes.favoriteEmoji)
        }
    }
    Check.run()
    """

    @Test func widgetAndControlIntents() throws {
        let file = try temporaryScript(Self.widgetIntents)
        let top = cli(["run", file])
        #expect(top.code == 0 && top.out == "😀 🤩\n", "\(top.out)\(top.err)")
        let toggle = cli(["run", file, "ToggleTimerIntent", "--ephemeral"], input: "true\n")
        #expect(toggle.out == "❓ Running? [1 Yes, 2 No]: true\n💬 Started\n", "\(toggle.out)\(toggle.err)")
        #expect(cli(["list", file]).out.contains("ConfigurationAppIntent — \"Configuration\" (favoriteEmoji: String)"))
    }
}

extension AppleSampleTests {
    /// A `TransientAppEntity` has no `id` (it is made by an intent, never looked up); a `displayRepresentation` getter of
    /// several statements (locals, `switch`, `guard`, `return`) draws the entity's choice.
    static let transientSummary = """
    import AppIntents
    import Foundation

    struct RunSummary: TransientAppEntity {
        static var typeDisplayRepresentation = TypeDisplayRepresentation(name: "Run Summary")

        @Property(title: "Runs")
        var runs: Int

        @Property(title: "Distance")
        var distance: Measurement<UnitLength>

        init() {
            runs = 0
            distance = Measurement(value: 0, unit: .meters)
        }

        var displayRepresentation: DisplayRepresentation {
            var subtitle = LocalizedStringResource("You ran \\(runs) times.")
            if runs == 0 {
                subtitle = LocalizedStringResource("No runs yet.")
            }
            return DisplayRepresentation(title: "Run Summary", subtitle: subtitle)
        }
    }

    struct Route: AppEntity {
        static var typeDisplayRepresentation: TypeDisplayRepresentation = "Route"
        static var defaultQuery = RouteQuery()

        var id: String
        var meters: Double

        var displayRepresentation: DisplayRepresentation {
            let km = meters / 1000
            switch km {
            case 5...:
                return DisplayRepresentation(title: "\\(id) (long)")
            default:
                guard km > 0 else { return "\\(id) (empty)" }
                return "\\(id)"
            }
        }
    }

    struct RouteQuery: EntityQuery {
        func entities(for identifiers: [String]) async throws -> [Route] {
            RunLog.shared.routes.filter { identifiers.contains($0.id) }
        }

        func suggestedEntities() async throws -> [Route] {
            RunLog.shared.routes
        }
    }

    final class RunLog {
        static let shared = RunLog()
        var routes = [Route(id: "Park", meters: 1200), Route(id: "River", meters: 6400)]
        var meters: [Double] = [1200, 3400]
    }

    struct SummarizeRuns: AppIntent {
        static var title: LocalizedStringResource = "Summarize Runs"

        @Dependency private var log: RunLog

        func perform() async throws -> some IntentResult & ReturnsValue<RunSummary> & ProvidesDialog {
            var summary = RunSummary()
            summary.runs = log.meters.count
            summary.distance = Measurement(value: log.meters.reduce(0, +), unit: .meters)
            let km = summary.distance.converted(to: .kilometers)
            return .result(value: summary, dialog: "\\(summary.runs) runs, \\(km.value) km.")
        }
    }

    struct RunRoute: AppIntent {
        static var title: LocalizedStringResource = "Run Route"

        @Parameter(title: "Route")
        var route: Route

        func perform() async throws -> some IntentResult & ProvidesDialog {
            .result(dialog: "Off to \\(route.id).")
        }
    }
    """

    @Test func transientEntityAndComputedDisplayRepresentation() throws {
        let file = try temporaryScript(Self.transientSummary)
        let summary = cli(["run", file, "SummarizeRuns", "--ephemeral"])
        #expect(summary.code == 0 && summary.out == "💬 2 runs, 4.6 km.\n", "\(summary.out)\(summary.err)")
        let route = cli(["run", file, "RunRoute", "--ephemeral"], input: "2\n")
        #expect(route.out == "❓ Route? [1 Park, 2 River (long)]: 2\n💬 Off to River.\n", "\(route.out)\(route.err)")
    }
}

extension AppleSampleTests {
    /// iOS 18's schema macros, as Apple's photos sample writes them: `@AssistantIntent(schema:)` makes a struct an intent
    /// whose stored properties are its parameters, titled by the schema; `@AssistantEntity` and `@AssistantEnum` too.
    static let schemaIntents = """
    import AppIntents
    import Foundation

    @AssistantEntity(schema: .photos.album)
    struct AlbumEntity: IndexedEntity {
        static let defaultQuery = AlbumQuery()
        let id: String
        var name: String
        var albumType: AlbumType = .custom
        var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\\(name)") }
    }

    @AssistantEnum(schema: .photos.albumType)
    enum AlbumType: String, AppEnum {
        case custom
        case shared
        static let caseDisplayRepresentations: [AlbumType: DisplayRepresentation] = [
            .custom: "Custom",
            .shared: "Shared"
        ]
    }

    struct AlbumQuery: EntityQuery {
        @Dependency var library: PhotoShelf
        func entities(for identifiers: [AlbumEntity.ID]) async throws -> [AlbumEntity] {
            library.albums.filter { identifiers.contains($0.id) }
        }
        func suggestedEntities() async throws -> [AlbumEntity] { library.albums }
    }

    @MainActor
    final class PhotoShelf {
        static let shared = PhotoShelf()
        var albums: [AlbumEntity] = [AlbumEntity(id: "a1", name: "Trips")]
        func makeAlbum(named name: String) -> AlbumEntity {
            let album = AlbumEntity(id: "a\\(albums.count + 1)", name: name)
            albums.append(album)
            return album
        }
    }

    @AssistantIntent(schema: .photos.createAlbum)
    struct MakeAlbumIntent: AppIntent {
        var name: String

        @Dependency
        var library: PhotoShelf

        @MainActor
        func perform() async throws -> some ReturnsValue<AlbumEntity> {
            let album = library.makeAlbum(named: name)
            return .result(value: album)
        }
    }

    @AssistantIntent(schema: .photos.openAlbum)
    struct ShowAlbumIntent: OpenIntent {
        var target: AlbumEntity

        func perform() async throws -> some IntentResult {
            .result()
        }
    }
    """

    @Test func schemaMacrosMakeIntentsEntitiesAndEnums() throws {
        let file = try temporaryScript(Self.schemaIntents)
        let list = cli(["list", file])
        #expect(list.out.contains("MakeAlbumIntent — \"Create Album\" (name: String)"), "\(list.out)\(list.err)")
        #expect(list.out.contains("ShowAlbumIntent — \"Open Album\" (target: AlbumEntity)"), "\(list.out)")
        let made = cli(["run", file, "MakeAlbumIntent", "--ephemeral", "--param", "name=Pets", "--format", "json"])
        #expect(made.code == 0 && made.out == "{\"event\":\"result\",\"value\":{\"id\":\"a2\",\"name\":\"Pets\",\"albumType\":\"custom\"}}\n", "\(made.out)\(made.err)")
        let asked = cli(["run", file, "MakeAlbumIntent", "--ephemeral"], input: "Cats\n")
        #expect(asked.code == 0 && asked.out == "❓ Name?: Cats\n", "\(asked.out)\(asked.err)")
        let opened = cli(["run", file, "ShowAlbumIntent", "--ephemeral"], input: "1\n")
        #expect(opened.code == 0 && opened.out.hasPrefix("❓ Target? [1 Trips]: 1\n💬 ("), "\(opened.out)\(opened.err)")
    }
}

extension AppleSampleTests {
    /// A `ProgressReportingIntent` counting on its `progress`; array parameters (`[String]`, `[Book]`) answered as
    /// items separated by commas; `@Parameter(size:)`; `ListFormatStyle`; an intent's stored property holding a class
    /// instance (made once, not at every read).
    static let progressAndLists = """
    import AppIntents
    import Foundation

    struct Book: AppEntity {
        static let typeDisplayRepresentation: TypeDisplayRepresentation = "Book"
        static let defaultQuery = BookQuery()
        var id: UUID
        @Property(title: "Title") var title: String
        @Property(title: "Pages") var pages: Int
        var displayRepresentation: DisplayRepresentation { "\\(title)" }
        init(title: String, pages: Int) { self.id = UUID(); self.title = title; self.pages = pages }
    }

    struct BookQuery: EnumerableEntityQuery {
        func allEntities() async throws -> [Book] { Library.shared.books }
        func entities(for identifiers: [Book.ID]) async throws -> [Book] { Library.shared.books.filter { identifiers.contains($0.id) } }
        func suggestedEntities() async throws -> [Book] { Array(Library.shared.books.prefix(2)) }
    }

    final class Library: @unchecked Sendable {
        static let shared = Library()
        var books = [Book(title: "Dune", pages: 412), Book(title: "Emma", pages: 320), Book(title: "Ulysses", pages: 730)]
    }

    struct ReadingPlan: AppIntent, ProgressReportingIntent {
        static let title: LocalizedStringResource = "Plan Reading"
        @Parameter(title: "Books", size: 2) var books: [String]
        @Parameter(title: "Pages per Day", default: 30, inclusiveRange: (1, 500)) var perDay: Int

        static var parameterSummary: some ParameterSummary {
            Summary("Plan \\(\\.$books) at \\(\\.$perDay) pages a day")
        }

        func perform() async throws -> some IntentResult & ProvidesDialog & ReturnsValue<Int> {
            progress.totalUnitCount = Int64(books.count)
            var days = 0
            for name in books {
                guard let book = Library.shared.books.first(where: { $0.title == name }) else { continue }
                days += (book.pages + perDay - 1) / perDay
                progress.completedUnitCount += 1
            }
            guard days > 0 else {
                throw $books.needsValueError("Pick at least one book.")
            }
            let names = books.formatted(.list(type: .and))
            print(progress.fractionCompleted, progress.isFinished)
            return .result(value: days, dialog: IntentDialog(full: "Reading \\(names) takes \\(days) days.", supporting: "\\(days) days."))
        }
    }

    final class ShelfLog {
        var lines: [String] = []
    }

    struct ShelveBooks: AppIntent {
        static let title: LocalizedStringResource = "Shelve Books"
        @Parameter(title: "Books") var picks: [Book]
        var log = ShelfLog()

        func perform() async throws -> some IntentResult & ProvidesDialog {
            for book in picks { log.lines.append(book.title) }
            return .result(dialog: "Shelved \\(log.lines.formatted()) (\\(log.lines.count)).")
        }
    }
    """

    @Test func progressArrayParametersAndListStyles() throws {
        let file = try temporaryScript(Self.progressAndLists)
        let plan = cli(["run", file, "ReadingPlan", "--ephemeral", "--param", "perDay=100", "--param", "books=Dune, Ulysses"])
        #expect(plan.code == 0 && plan.out == "1.0 true\n💬 Reading Dune and Ulysses takes 13 days.\n", "\(plan.out)\(plan.err)")
        let shelve = cli(["run", file, "ShelveBooks", "--ephemeral"], input: "1, 2\n")
        #expect(shelve.code == 0 && shelve.out == "❓ Books? [1 Dune, 2 Emma]: 1, 2\n💬 Shelved Dune and Emma (2).\n", "\(shelve.out)\(shelve.err)")
        let wrong = cli(["run", file, "ShelveBooks", "--ephemeral"], input: "1, 5\n")
        #expect(wrong.code == 4 && wrong.err.contains("'5': choose a number from 1 to 2 (a list is its items separated by commas)"), "\(wrong.err)")
    }

    /// Shapes from entities and queries as apps write them: `typealias ID = String` inside the entity (`FavoriteEntity.ID`
    /// in the query), a title made with `.init(title: .init(stringLiteral: name))`, a static entity offered beside the
    /// store's, `EntityStringQuery`'s `entities(matching:)`, a `public init() {}` and `@MainActor` on `perform`.
    static let favorites = """
    import AppIntents
    import Foundation

    final class FavoritesStore {
        static let shared = FavoritesStore()
        var favorites: [FavoriteEntity] = [
            FavoriteEntity(id: "home", name: "Home"),
            FavoriteEntity(id: "work", name: "Work Office"),
        ]
        func lookup(_ id: String) -> FavoriteEntity? { favorites.first { $0.id == id } }
    }

    @available(iOS 17.0, *)
    struct FavoriteEntity: AppEntity, Identifiable {
        static var typeDisplayRepresentation = TypeDisplayRepresentation(name: "Favorite")
        static var defaultQuery = FavoritesQuery()
        typealias ID = String
        var id: ID
        var name: String
        static let all = FavoriteEntity(id: "all", name: "All Favorites")
        var displayRepresentation: DisplayRepresentation {
            .init(title: .init(stringLiteral: name))
        }
    }

    struct FavoritesQuery: EntityStringQuery {
        init() {}
        func entities(for identifiers: [FavoriteEntity.ID]) async throws -> [FavoriteEntity] {
            identifiers.compactMap { id in id == FavoriteEntity.all.id ? FavoriteEntity.all : FavoritesStore.shared.lookup(id) }
        }
        func entities(matching string: String) async throws -> [FavoriteEntity] {
            FavoritesStore.shared.favorites.filter { $0.name.localizedCaseInsensitiveContains(string) }
        }
        func suggestedEntities() async throws -> [FavoriteEntity] {
            [FavoriteEntity.all] + FavoritesStore.shared.favorites
        }
    }

    struct SelectFavoriteIntent: AppIntent {
        static let title: LocalizedStringResource = "Select Favorite"
        static let description = IntentDescription("Chooses a saved favorite.", categoryName: "Commute")
        static var openAppWhenRun: Bool = false

        @Parameter(title: "Favorite", description: "The favorite to use")
        var favorite: FavoriteEntity

        @Parameter(title: "Minutes", default: 10, inclusiveRange: (1, 60))
        var minutes: Int

        init() {}

        static var parameterSummary: some ParameterSummary {
            Summary("Leave for \\(\\.$favorite) in \\(\\.$minutes) minutes")
        }

        @MainActor
        func perform() async throws -> some IntentResult & ReturnsValue<String> & ProvidesDialog {
            let text = "\\(favorite.name) in \\(minutes) min"
            return .result(value: text, dialog: IntentDialog(stringLiteral: "Leaving for \\(text)"))
        }
    }

    struct CommuteShortcuts: AppShortcutsProvider {
        static var appShortcuts: [AppShortcut] {
            AppShortcut(intent: SelectFavoriteIntent(), phrases: ["Leave with \\(.applicationName)"], shortTitle: "Leave", systemImageName: "car")
        }
    }
    """

    @Test func anEntitysOwnTypeAliasAndATitleFromAStringLiteralInitializer() throws {
        let file = try temporaryScript(Self.favorites)
        let picked = cli(["run", file, "SelectFavoriteIntent", "--ephemeral"], input: "work\n")
        #expect(picked.code == 0 && picked.out == "❓ Favorite? [1 All Favorites, 2 Home, 3 Work Office]: work\n💬 Leaving for Work Office in 10 min\n",
                "\(picked.out)\(picked.err)")
        let all = cli(["run", file, "SelectFavoriteIntent", "--ephemeral", "--param", "minutes=5"], input: "1\n")
        #expect(all.code == 0 && all.out.hasSuffix("💬 Leaving for All Favorites in 5 min\n"), "\(all.out)\(all.err)")
    }
}
