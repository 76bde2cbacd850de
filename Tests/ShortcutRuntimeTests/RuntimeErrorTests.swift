@testable import ShortcutRuntime
import ShortcutSyntax
import Testing

/// The runtime error catalogue: every case has a sample here (the exhaustive
/// switch below stops the build when a case is added without one), every
/// message keeps the diagnostics' style, and no message names a flag.
@Suite struct RuntimeErrorTests {
    static let samples: [RuntimeError] = [
        .overflow(expression: "9223372036854775807 + 1"), .divisionByZero, .remainderByZero,
        .notConvertible(value: "Double value inf", to: "Int"), .dateOutOfRange(seconds: 1e300),
        .cannotApply(op: "+", lhs: "Int", rhs: "String"), .cannotCompare(op: "<", lhs: "Int", rhs: "Bool"), .cannotNegate(type: "String"),
        .unwrappedNil, .nilBase(.read("count")), .nilBase(.call("f")), .nilBase(.subscripting), .nilBase(.assign("x")), .nilBase(.change),
        .indexOutOfRange(index: 3, count: 1, of: .array), .indexOutOfRange(index: 9, count: 2, of: .string),
        .rangeOutOfBounds(range: "0..<9", count: 2), .rangeOutOfBounds(range: "2..<10", count: 6, of: .string), .memoryNeeded(bytes: 6 << 30, limit: 4 << 30), .memoryNeeded(bytes: Int.max, limit: 1 << 30),
        .memoryUsed(bytes: 300 << 20, limit: 256 << 20), .emptyCollection(operation: "removeLast()", of: .array),
        .invalidRange(lower: 2, upper: 1), .rangeBoundsNotInt, .emptyRandomRange(type: "Int"), .duplicateKey("\"a\""), .emptySeparator,
        .indexNotInt(type: "String"), .cannotSubscript(type: "Int", with: "Int"), .cannotIterate(type: "Int"), .cannotIterate(type: "nil"),
        .cannotDestructure(type: "Int", names: 2), .noMember(type: "P", name: "nmae", known: ["name"]),
        .noMethod(type: "Int", name: "f", arguments: "no arguments"), .noModifier(view: "Text", name: "bld"), .notCallable(type: "Int"),
        .wrongArgumentCount(function: "abs", expected: 1, given: 2), .missingArgument(function: "f(_:)", position: 1),
        .badArgument(function: "stride(from:to:by:)", needs: "three Ints and a non-zero step"),
        .typeMismatch(type: "String", expected: "Int", context: "parameter 'x' of f"), .conditionNotBool(type: "Int"),
        .checkerBug(value: "String", type: "Int", variable: "x"), .castFailed(from: "String", to: "LogError"),
        .closureResultNotBool(type: "Int"), .viewBodyHolds(type: "Int"), .mutatingOnConstant(method: "move", type: "P"),
        .noStoredProperty(type: "P", name: "z"), .fieldDoesNotFit(field: "S.xs", value: String(repeating: "x", count: 300), type: "[Int]"), .assignToConstant(name: "k", type: "S"), .assignToParameter(name: "p", intent: "I"),
        .cannotAssign(name: "x", type: "Int"), .cannotChange(type: "Int"), .cannotAssignThroughSubscript(type: "Int"),
        .switchUnmatched(subject: "3"), .guardFellThrough, .preconditionFailed(message: nil), .preconditionFailed(message: "x > 0"), .forcedTryThrew(error: "negative"),
        .fatalError(message: nil), .notAnIntent(context: "'run'", type: "Int"),
        .snippetWithoutView(intent: "S"), .snippetInSnippet, .snippetChainTooLong(limit: 1000),
        .entityGone(type: "Todo", title: "Milk", parameter: "todo"), .restartOutsidePerform(intent: "I"), .tooManyRestarts(intent: "I", limit: 100), .queryResultNotArray(entity: "Todo"),
        .noTarget(name: "Lgo", known: ["Log"]), .unreadableFile(reason: "cannot read x.shortcut"),
        .unknownParameter(intent: "I", name: "shot", known: ["shots"]), .parameterEntityNotFound(entity: "Todo", id: "9"),
        .parameterDoesNotFit(type: "Int", why: "enter a whole number"), .onlyInTests(function: "answer(…)"), .snippetClosed,
        .noSuchAction(snippet: "Card", kind: "button", target: "\"Go\"", actions: ["1 Stop"]), .noSessionMember(name: "txt", isMethod: false),
    ]

    /// Which case a sample is; exhaustive, so a new case needs a sample above.
    static func caseName(_ e: RuntimeError) -> String {
        switch e {
        case .overflow: "overflow"
        case .divisionByZero: "divisionByZero"
        case .remainderByZero: "remainderByZero"
        case .notConvertible: "notConvertible"
        case .dateOutOfRange: "dateOutOfRange"
        case .cannotApply: "cannotApply"
        case .cannotCompare: "cannotCompare"
        case .cannotNegate: "cannotNegate"
        case .unwrappedNil: "unwrappedNil"
        case .nilBase: "nilBase"
        case .indexOutOfRange: "indexOutOfRange"
        case .rangeOutOfBounds: "rangeOutOfBounds"
        case .memoryNeeded: "memoryNeeded"
        case .memoryUsed: "memoryUsed"
        case .emptyCollection: "emptyCollection"
        case .invalidRange: "invalidRange"
        case .rangeBoundsNotInt: "rangeBoundsNotInt"
        case .emptyRandomRange: "emptyRandomRange"
        case .duplicateKey: "duplicateKey"
        case .emptySeparator: "emptySeparator"
        case .indexNotInt: "indexNotInt"
        case .cannotSubscript: "cannotSubscript"
        case .cannotIterate: "cannotIterate"
        case .cannotDestructure: "cannotDestructure"
        case .noMember: "noMember"
        case .noMethod: "noMethod"
        case .noModifier: "noModifier"
        case .notCallable: "notCallable"
        case .wrongArgumentCount: "wrongArgumentCount"
        case .missingArgument: "missingArgument"
        case .badArgument: "badArgument"
        case .castFailed: "castFailed"
        case .checkerBug: "checkerBug"
        case .typeMismatch: "typeMismatch"
        case .conditionNotBool: "conditionNotBool"
        case .closureResultNotBool: "closureResultNotBool"
        case .viewBodyHolds: "viewBodyHolds"
        case .mutatingOnConstant: "mutatingOnConstant"
        case .noStoredProperty: "noStoredProperty"
        case .fieldDoesNotFit: "fieldDoesNotFit"
        case .assignToConstant: "assignToConstant"
        case .assignToParameter: "assignToParameter"
        case .cannotAssign: "cannotAssign"
        case .cannotChange: "cannotChange"
        case .cannotAssignThroughSubscript: "cannotAssignThroughSubscript"
        case .switchUnmatched: "switchUnmatched"
        case .guardFellThrough: "guardFellThrough"
        case .preconditionFailed: "preconditionFailed"
        case .forcedTryThrew: "forcedTryThrew"
        case .fatalError: "fatalError"
        case .notAnIntent: "notAnIntent"
        case .snippetWithoutView: "snippetWithoutView"
        case .snippetInSnippet: "snippetInSnippet"
        case .snippetChainTooLong: "snippetChainTooLong"
        case .entityGone: "entityGone"
        case .restartOutsidePerform: "restartOutsidePerform"
        case .tooManyRestarts: "tooManyRestarts"
        case .queryResultNotArray: "queryResultNotArray"
        case .noTarget: "noTarget"
        case .unreadableFile: "unreadableFile"
        case .unknownParameter: "unknownParameter"
        case .parameterEntityNotFound: "parameterEntityNotFound"
        case .parameterDoesNotFit: "parameterDoesNotFit"
        case .onlyInTests: "onlyInTests"
        case .snippetClosed: "snippetClosed"
        case .noSuchAction: "noSuchAction"
        case .noSessionMember: "noSessionMember"
        }
    }

    /// Every case of the catalogue has a sample. (Counted by the switch above: 67 cases.)
    @Test func everyCaseHasASample() {
        #expect(Set(Self.samples.map(Self.caseName)).count == 67)
    }

    /// The diagnostics' style: lower case first letter (or a name), no final period, one line; and no
    /// command-line flag, which is the CLI's to add.
    @Test(arguments: samples)
    func messageStyle(_ error: RuntimeError) {
        let text = error.message
        #expect(!text.isEmpty)
        #expect(!text.hasSuffix("."), "\(text)")
        #expect(!text.contains("\n"), "\(text)")
        #expect(!text.contains("--"), "\(text)")
        // A capital only where the message begins with a name it was given (`Card has no button …`).
        if let first = text.first, first.isLetter, first.isUppercase {
            let word = text.prefix { $0.isLetter || $0.isNumber }
            #expect(String(describing: error).contains("\"\(word)"), "\(text)")
        }
    }

    /// A message quotes at most 200 characters of a value (SPEC §10).
    @Test func valuesAreQuotedShort() {
        let message = RuntimeError.fieldDoesNotFit(field: "S.xs", value: String(repeating: "x", count: 300), type: "[Int]").message
        #expect(message.contains(String(repeating: "x", count: 200) + "… (100 more characters)"))
        #expect(!message.contains(String(repeating: "x", count: 201)))
    }

    @Test func stackOverflowsNameNoFlag() {
        for overflow in [StackOverflow.depthLimit(limit: 10, function: "f"), .nativeStack(function: "f", depth: 3), .valueStack(function: "f", depth: 3)] {
            #expect(!overflow.message.contains("--"))
        }
    }

    /// Where a name is involved, the message suggests the closest one.
    @Test func namesGetSuggestions() {
        #expect(RuntimeError.noMember(type: "P", name: "nme", known: ["name", "age"]).message == "'P' has no member 'nme' (did you mean 'name'?)")
        #expect(RuntimeError.noTarget(name: "Logg", known: ["Log"]).message == "no intent or flow named 'Logg' (did you mean 'Log'?)")
        #expect(RuntimeError.noModifier(view: "Text", name: "bld").message == "'Text' has no modifier 'bld' (did you mean 'bold'?)")
    }
}
