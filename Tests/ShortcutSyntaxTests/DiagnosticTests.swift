@testable import ShortcutSyntax
import Testing

@Suite struct DiagnosticTests {
    /// One of every message in the catalogue.
    static let catalogue: [DiagnosticMessage] = [
        .invalidUTF8, .unexpectedCharacter("#"), .unterminatedString, .unterminatedComment, .invalidEscape("q"),
        .integerOverflow("9999"), .invalidNumber("1x"), .multilineStringIndentation, .expected("a name", found: "'='"),
        .expectedToClose(")", open: "(", line: 3), .expectedExpression(found: "'*'"),
        .nestingTooDeep(limit: 200), .chainTooLong(limit: 100_000), .swiftism(found: "static", suggestion: "remove it"), .invalidAssignmentTarget,
        .assignmentInExpression, .unknownMetadata(key: "k", declaration: "intent 'A'", known: ["title"]), .duplicateMetadata("title"),
        .unknownAttribute("State"), .consecutiveStatements, .unknownName("x", suggestion: "y"), .unknownPrecedenceGroup("Heavy"), .memberNeedsContext("zero"), .unknownType("Strin", suggestion: "String"),
        .duplicateDeclaration("f", previousLine: 1),
        .unknownArgument(label: "shot", callee: "LogShotIntent", kind: "parameter", known: ["amount"], suggestion: nil),
        .wrongArgumentCount(callee: "f", expected: 1, got: 2),
        .wrongArgumentLabel(callee: "f", expected: "'a:'", got: "no label"),
        .wrongArgumentLabel(callee: "f", expected: "no label", got: "'a:'"), .wrongArgumentLabel(callee: "f", expected: "'a:'", got: "'b:'"), .breakOutsideLoop("break"), .returnOutsideFunction,
        .initializerReturnValue(isNil: true), .initializerReturnValue(isNil: false), .uninitializedProperties(["b"], at: nil), .superInitNotCalled, .nonClassConformance(type: "S", protocol: "P"), .overrideTypeMismatch(property: "v", type: "String", overridden: "Int"), .initializerNotRequired("init(v:)", type: "C"),
        .uninitializedProperties(["q"], at: "super.init call"), .divisionByZero, .constantOverflow(operation: "1 + 2", type: "type 'Int'"),
        .recursiveValueType("Node", isEnum: false), .recursiveValueType("Tree", isEnum: true), .nonEscapingParameter("h", use: .assigned),
        .nonEscapingParameter("h", use: .used), .nonEscapingParameter("h", use: .converted(genericParameter: "Element")), .nonEscapingParameter("h", use: .passed), .extraArgument(nil), .extraArgument("c"), .extraArguments([3, 4]), .throwingFunctionConversion(from: "() throws -> Int", to: "() -> Int"), .callNotMarkedTry(handled: true), .callNotMarkedTry(handled: false),
        .argumentLabels(.missing, "x:", count: 1), .sliceIndices("rest"), .argumentLabels(.extraneous, "a:b:", count: 2), .argumentLabels(.incorrect(expected: "a:b:"), "a:c:", count: 1),
        .missingArguments(["'y'"]), .missingArguments(["#2", "'c'"]), .explicitSelfRequired("ticks", isMethod: false), .explicitSelfRequired("tick", isMethod: true),
        .constantOverflow(operation: "1 / 2", type: nil), .ifExpressionWithoutElse,
        .assignToConstant("x"), .assignToConstant("x", property: true), .mutatingOperatorOnConstant("k"), .conflictingGenericArguments(parameter: "T", first: "Int", second: "String"), .genericRequirement(callee: "global function 'f'", type: "Bool", requirement: "Comparable"), .genericArgumentCount(type: "A", expected: 1, got: 2), .genericArgumentCount(type: "B", expected: 0, got: 1), .genericParameterNotInferred("T"), .inaccessible("x", part: ""), .inaccessible("T", part: "initializer"), .inaccessible("n", part: "setter"), .importCycle(["a", "b", "a"]), .importNotFound("x.shortcut"), .multipleApps, .dollarOutsideIntent("x"),
        .unknownParameterProjection("x", intent: "I"), .shorthandOutsideClosure("$0"),
.notAnIntent("V"), .unknownMember("m", type: "T", suggestion: nil), .instanceMemberOnType("x", type: "S"), .staticMemberOnInstance("shared", type: "S"),
        .selfOutsideType, .mutatingInNonMutating("x"), .unknownView("Txt", suggestion: "Text"), .unknownModifier("fnt", suggestion: "font"),
        .unknownViewWord("huge", kind: "font", suggestion: nil, known: ["title"]), .noModifierForm("padding", forms: ["padding()"]), .unusedQuery("Q"), .argumentToNoArgumentCall, .classWithoutInitializers("C", property: "x"),
        .declarationNotAtTopLevel("intent"), .letComputedProperty, .nestedOptional("Int??"), .tooManyGlobals(limit: 65536), .snippetWritesStore(snippet: "S", detail: "x"), .unsavedStoreWrite(writer: "top-level code", detail: "x"), .unsavedStoreField(field: "f", type: "T", reason: "r"), .appShortcutRule("a phrase may hold at most one parameter"), .runtimeError("division by zero"),
        .cannotConvert(actual: "Int", expected: "String", site: .returned), .cannotConvert(actual: "nil", expected: "Int", site: .argument),
        .binaryOperands(op: "+", lhs: "Int", rhs: "String"), .notAClassInstance(type: "Int"), .unknownLabel("outer"), .continueToSwitch, .unaryOperand(op: "-", type: "String"), .notBoolean(type: "Int", literal: nil), .notBoolean(type: "Int", literal: "1"),
        .mustUnwrap(optional: "Int?", wrapped: "Int"), .bindingNotOptional(type: "Int"), .unexpectedReturnValue, .opaqueResultMismatch("some Equatable"), .keyPathRootMismatch(path: "KeyPath<String, Int>", base: "P"), .missingReturnValue(type: "Int"), .guardFallsThrough, .usedBeforeInitialized("q", isConstant: false, use: "used"), .constantInitializedTwice("self.x"),
        .emptyCollectionNeedsType, .heterogeneousCollection("[Any]"), .nilNeedsContext, .notCallable(type: "Int"), .ternaryMismatch("Int", "String"), .branchesMismatch("String", "Int"), .forceUnwrapNonOptional(type: "Int"), .notASequence(type: "Int"), .optionalChainOnNonOptional(type: "Int"), .noContextualBase("anything"), .ambiguousCall("log"), .patternMismatch(pattern: "String", subject: "Int"), .bindingNotInEveryPattern("x"), .bindingTypeDiffers(bound: "String", expected: "Int"), .switchNotExhaustive, .emptyCase, .caseAfterDefault, .openNonClass, .sameTypeRequirement(callee: "global function 'f'", "Character", "Int"), .functionUsedAsProperty("u"), .deprecatedRenamed("index(of:)", to: "firstIndex(of:)"), .protocolMethodBody, .mutatingInClass, .convenienceOutsideClass("structs"), .protocolRequirement(.noAccessors(subscript: false)), .protocolRequirement(.noAccessors(subscript: true)), .protocolRequirement(.setterWithoutGetter(subscript: false)), .protocolRequirement(.setterWithoutGetter(subscript: true)), .protocolRequirement(.notAnAccessor), .protocolRequirement(.duplicateAccessor(subscript: false, getter: false)), .protocolRequirement(.duplicateAccessor(subscript: true, getter: true)), .protocolRequirement(.immutable), .protocolRequirement(.initialValue), .protocolRequirement(.accessModifier("private")), .protocolRequirement(.final), .asyncLet(.noInitializer), .asyncLet(.captured), .asyncLet(.notLocal), .asyncLet(.readNotMarkedTry), .inoutDefault("x"), .redundantConformance(type: "S", protocol: "P"), .resultProtocolMismatch("the result type promises a dialog"), .unknownModule("Combine", known: ["SwiftUI"]), .argumentOrder("x", mustPrecede: "y"), .assignToPropertyOfConstant("s", throughSubscript: false), .assignToPropertyOfConstant("s", throughSubscript: true), .assignToCallResult(function: "f", throughSubscript: false), .assignToCallResult(function: nil, throughSubscript: true), .stringIntSubscript, .noExactSubscript, .getOnlySubscriptMember(mutatingOperator: false), .getOnlySubscriptMember(mutatingOperator: true), .stringIntRangeSubscript, .inferredVoid("constant", name: "x"), .ownershipNeedsClass("weak", type: "Int"), .weakNeedsOptional(type: "C"), .partialRangeOutsideSubscript, .payloadPatternMismatch(case: "plus"), .tuplePatternMismatch(type: "Int", ofElements: false), .tuplePatternMismatch(type: "Int", ofElements: true), .optionalPatternMismatch(type: "Int"), .mutatingOnImmutable(member: "append", reason: "'arr' is a 'let' constant"), .noMatchingCall(callee: "contains", forms: ["contains(_:)"]), .noSubscript(type: "Int"),
    ]

    /// The Swift compiler's style: lower case first letter, no final period, one line.
    @Test(arguments: catalogue)
    func messageStyle(_ message: DiagnosticMessage) {
        let text = message.text
        #expect(!text.isEmpty)
        #expect(!text.hasSuffix("."), "\(text)")
        #expect(!text.contains("\n"), "\(text)")
        if let first = text.first, first.isLetter { #expect(first.isLowercase, "\(text)") }
    }

    @Test func rendererDrawsSourceLineCaretAndNotes() {
        let file = SourceFile(name: "caffeine.shortcut", text: "let a = 1\n        Button(intent: LogShotIntent(shot: 1)) {\n")
        let start = Int(file.lineStarts[1]) + 37
        let d = Diagnostic(.unknownArgument(label: "shot", callee: "LogShotIntent", kind: "parameter", known: ["amount"], suggestion: nil),
                           at: SourceRange(file: 0, start: start, end: start + 4))
        #expect(DiagnosticRenderer(files: [file]).render(d) == """
        caffeine.shortcut:2:38: error: unknown parameter 'shot' for 'LogShotIntent'
                Button(intent: LogShotIntent(shot: 1)) {
                                             ^~~~
        note: LogShotIntent has parameters: amount

        """)
    }

    @Test func columnsCountCharactersNotBytes() {
        let file = SourceFile(name: "t", text: "let é = 😀x")
        let offset = Array("let é = 😀".utf8).count
        #expect(file.location(of: offset) == SourceLocation(line: 1, column: 10))
    }

    @Test func didYouMean() {
        #expect(closestMatch(to: "coutn", in: ["count", "print"]) == "count")
        #expect(closestMatch(to: "zzz", in: ["count"]) == nil)
        // Equally close names: the alphabetically first, whatever order they come in (a dictionary's
        // keys come in a different order on every run, and a note must not change with it).
        #expect(closestMatch(to: "q", in: ["z", "b", "f"]) == "b")
        #expect(closestMatch(to: "q", in: ["f", "z", "b"]) == "b")
        #expect(closestMatch(to: "coutn", in: ["coint", "count"]) == "count")
    }
}

extension DiagnosticMessage: CustomTestStringConvertible {
    public var testDescription: String { text }
}
