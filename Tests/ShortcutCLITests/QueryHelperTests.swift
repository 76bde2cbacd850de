@testable import ShortcutCLI
import Foundation
import Testing

/// A Swift-form query's methods without arguments (`allEntities()`, `suggestedEntities()`) are helpers of its other
/// methods too, as on a device: `try await allEntities().filter { … }` in `entities(for:)` finds the entity a
/// `--param` names, and the suggestions a question offers.
@Suite struct QueryHelperTests {
    static let drinks = """
    import AppIntents

    enum Size: String, AppEnum {
        case small, large
        static var typeDisplayRepresentation: TypeDisplayRepresentation = "Size"
        static var caseDisplayRepresentations: [Size: DisplayRepresentation] = [.small: "Small", .large: "Large"]
    }

    struct Drink: AppEntity {
        static var typeDisplayRepresentation: TypeDisplayRepresentation = "Drink"
        static var defaultQuery = DrinkQuery()
        let id: Int
        @Property(title: "Name") var name: String
        var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\\(name)") }
        init(id: Int, name: String) { self.id = id; self.name = name }
    }

    struct DrinkQuery: EntityQuery {
        func allEntities() async throws -> [Drink] { [Drink(id: 1, name: "Latte"), Drink(id: 2, name: "Mocha")] }
        func suggestedEntities() async throws -> [Drink] { try await allEntities().reversed() }
        func entities(for identifiers: [Int]) async throws -> [Drink] { try await allEntities().filter { identifiers.contains($0.id) } }
    }

    struct OrderIntent: AppIntent {
        static let title: LocalizedStringResource = "Order"
        @Parameter(title: "Drink") var drink: Drink
        @Parameter(title: "Size", default: .small) var size: Size
        func perform() async throws -> some IntentResult & ProvidesDialog {
            .result(dialog: "Ordered a \\(size.rawValue) \\(drink.name).")
        }
    }
    """

    @Test func queryMethodsCallEachOther() throws {
        let file = try temporaryScript(Self.drinks)
        let named = cli(["run", file, "OrderIntent", "--ephemeral", "--param", "drink=2"])
        #expect(named.code == 0 && named.out == "💬 Ordered a small Mocha.\n", "\(named.out)\(named.err)")
        let asked = cli(["run", file, "OrderIntent", "--ephemeral"], input: "1\n")
        #expect(asked.code == 0 && asked.out == "❓ Drink? [1 Mocha, 2 Latte]: 1\n💬 Ordered a small Mocha.\n", "\(asked.out)\(asked.err)")
    }
}

/// A `Character` parameter takes one character, from an answer or a `--param`, and says so of anything longer.
@Suite struct CharacterParameterTests {
    static let initial = """
    import AppIntents
    struct Initial: AppIntent {
        static let title: LocalizedStringResource = "Initial"
        @Parameter(title: "Letter") var letter: Character
        func perform() async throws -> some IntentResult & ProvidesDialog {
            .result(dialog: "\\(letter.uppercased()) is \\(letter.isLetter ? "" : "not ")a letter")
        }
    }
    """

    @Test func aCharacterParameterTakesOneCharacter() throws {
        let file = try temporaryScript(Self.initial)
        let given = cli(["run", file, "Initial", "--ephemeral", "--param", "letter=q"])
        #expect(given.code == 0 && given.out == "💬 Q is a letter\n", "\(given.out)\(given.err)")
        let long = cli(["run", file, "Initial", "--ephemeral"], input: "ab\n")
        #expect(long.code == 4 && long.err.contains("enter one character"), "\(long.out)\(long.err)")
    }
}
