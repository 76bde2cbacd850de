import ShortcutRuntime
import ShortcutSyntax
import Testing

/// Every message of the diagnostic catalogue is produced by some fixture, on its line
/// (Tests/Fixtures/errors, checked by `FixtureTests`), or is exempt for a reason written here.
@Suite struct DiagnosticCoverageTests {
    /// The catalogue's kinds. `kind(of:)` switches over every case with no `default`, so a
    /// new message does not compile until it is named here — and then it needs a fixture.
    static let allKinds: [String] = [
        "invalidUTF8", "unexpectedCharacter", "unterminatedString", "unterminatedComment", "invalidEscape", "integerOverflow",
        "invalidNumber", "multilineStringIndentation", "expected", "expectedToClose", "expectedExpression",
        "nestingTooDeep", "chainTooLong", "swiftism", "invalidAssignmentTarget", "assignmentInExpression", "unknownMetadata",
        "duplicateMetadata", "unknownAttribute", "consecutiveStatements", "consecutiveDeclarations", "lazyGlobal", "lopsidedOperator", "missingOperatorWhitespace", "unknownOperator", "incrementOperator", "unknownPrecedenceGroup", "memberNeedsContext", "unknownName", "unknownType", "doesNotConform", "overlappingAccess", "duplicateDeclaration", "duplicateRawValue", "circularInheritance", "inheritanceFromNonClass", "inheritanceFromFinalClass", "overridesFinal", "classStoredProperty", "overridingStoredProperty", "overrideRequired", "requiredInitializerMissing", "requiredModifierMissing", "overridesNothing",
        "unknownArgument", "wrongArgumentCount", "wrongArgumentLabel", "breakOutsideLoop", "returnOutsideFunction", "initializerReturnValue", "uninitializedProperties", "superInitNotCalled", "nonClassConformance", "overrideTypeMismatch", "initializerNotRequired", "divisionByZero", "constantOverflow", "recursiveValueType", "nonEscapingParameter", "extraArgument", "extraArguments", "throwingFunctionConversion", "sliceIndices", "argumentLabels", "missingArguments", "explicitSelfRequired", "ifExpressionWithoutElse",
        "getOnlyProperty", "getOnlySubscript", "getOnlySubscriptMember", "callNotMarkedTry", "callNotMarkedAwait", "asyncCallInSyncFunction", "actorIsolated", "errorNotHandled", "coalesceOfNonOptional", "floatIsDouble", "sizedIntegerIsInt", "nestedOptional", "ampersandOutsideInout", "inoutNeedsAmpersand", "inoutOnlyInFunctions", "inoutOutsideParameter", "rethrowsWithoutFunction", "escapingClosureCapturesInout", "escapingClosureCapturesMutatingSelf", "fallthroughOutsideSwitch", "fallthroughWithoutCase", "fallthroughIntoBindings",
        "assignToConstant", "assignToFunction", "mutatingOperatorOnConstant", "immutableInoutArgument", "importCycle", "importNotFound", "unknownModule", "multipleApps", "dollarOutsideIntent", "unknownParameterProjection",
        "shorthandOutsideClosure", "cannotConvert", "binaryOperands", "notAClassInstance", "unknownLabel", "continueToSwitch", "unaryOperand", "notBoolean", "mustUnwrap", "mustUnwrapForMember",
        "bindingNotOptional", "unexpectedReturnValue", "opaqueResultMismatch", "keyPathRootMismatch", "missingReturnValue", "returnWithoutValue", "integerLiteralAsBool", "guardFallsThrough", "usedBeforeInitialized", "constantInitializedTwice", "selfUsedBeforeInitialized", "emptyCollectionNeedsType", "heterogeneousCollection", "nilNeedsContext", "closureParameterNeedsType", "closureArity",
        "notCallable", "ternaryMismatch", "branchesMismatch", "optionalChainOnNonOptional", "noContextualBase", "ambiguousCall", "patternMismatch", "bindingNotInEveryPattern", "bindingTypeDiffers",
        "switchNotExhaustive", "emptyCase", "caseAfterDefault", "openNonClass", "sameTypeRequirement", "functionUsedAsProperty", "deprecatedRenamed", "protocolMethodBody", "protocolRequirement", "asyncLet", "mutatingInClass", "convenienceOutsideClass", "inoutDefault", "redundantConformance", "resultProtocolMismatch", "stringIntSubscript", "noExactSubscript", "stringIntRangeSubscript", "inferredVoid", "ownershipNeedsClass", "weakNeedsOptional", "partialRangeOutsideSubscript", "payloadPatternMismatch", "memberExpectsArgument", "memberIsFunction", "caseWithoutValues", "tuplePatternMismatch", "tupleLengthMismatch", "tuplePatternWrongLength", "sequencePatternMismatch", "patternTypeMismatch", "optionalPatternMismatch", "mutatingOnImmutable", "argumentOrder", "assignToPropertyOfConstant", "assignToCallResult", "noMatchingCall", "forceUnwrapNonOptional", "notASequence", "noSubscript",
        "notAnIntent", "unknownMember", "instanceMemberOnType", "staticMemberOnInstance", "unsupportedFormatStyle", "conflictingGenericArguments", "genericRequirement", "genericArgumentCount", "genericParameterNotInferred", "inaccessible", "storedPropertyInExtension", "notConstructible", "selfOutsideType", "mutatingInNonMutating", "unknownView", "unknownModifier",
        "unknownViewWord", "noModifierForm", "unusedQuery", "argumentToNoArgumentCall", "classWithoutInitializers",
        "declarationNotAtTopLevel", "letComputedProperty", "tooManyGlobals", "snippetWritesStore", "unsavedStoreWrite", "unsavedStoreField", "appShortcutRule", "runtimeError",
    ]

    static func kind(of message: DiagnosticMessage) -> String {
        switch message {
        case .invalidUTF8: return "invalidUTF8"
        case .unexpectedCharacter: return "unexpectedCharacter"
        case .unterminatedString: return "unterminatedString"
        case .unterminatedComment: return "unterminatedComment"
        case .invalidEscape: return "invalidEscape"
        case .integerOverflow: return "integerOverflow"
        case .invalidNumber: return "invalidNumber"
        case .multilineStringIndentation: return "multilineStringIndentation"
        case .expected: return "expected"
        case .expectedToClose: return "expectedToClose"
        case .expectedExpression: return "expectedExpression"
        case .nestingTooDeep: return "nestingTooDeep"
        case .chainTooLong: return "chainTooLong"
        case .swiftism: return "swiftism"
        case .invalidAssignmentTarget: return "invalidAssignmentTarget"
        case .assignmentInExpression: return "assignmentInExpression"
        case .unknownMetadata: return "unknownMetadata"
        case .duplicateMetadata: return "duplicateMetadata"
        case .unknownAttribute: return "unknownAttribute"
        case .consecutiveStatements: return "consecutiveStatements"
        case .consecutiveDeclarations: return "consecutiveDeclarations"
        case .lazyGlobal: return "lazyGlobal"
        case .lopsidedOperator: return "lopsidedOperator"
        case .missingOperatorWhitespace: return "missingOperatorWhitespace"
        case .unknownOperator: return "unknownOperator"
        case .incrementOperator: return "incrementOperator"
        case .unknownPrecedenceGroup: return "unknownPrecedenceGroup"
        case .memberNeedsContext: return "memberNeedsContext"
        case .unknownName: return "unknownName"
        case .unknownType: return "unknownType"
        case .doesNotConform: return "doesNotConform"
        case .overlappingAccess: return "overlappingAccess"
        case .duplicateDeclaration: return "duplicateDeclaration"
        case .duplicateRawValue: return "duplicateRawValue"
        case .circularInheritance: return "circularInheritance"
        case .inheritanceFromNonClass: return "inheritanceFromNonClass"
        case .inheritanceFromFinalClass: return "inheritanceFromFinalClass"
        case .overridesFinal: return "overridesFinal"
        case .classStoredProperty: return "classStoredProperty"
        case .overridingStoredProperty: return "overridingStoredProperty"
        case .overrideRequired: return "overrideRequired"
        case .requiredInitializerMissing: return "requiredInitializerMissing"
        case .requiredModifierMissing: return "requiredModifierMissing"
        case .overridesNothing: return "overridesNothing"
        case .unknownArgument: return "unknownArgument"
        case .wrongArgumentCount: return "wrongArgumentCount"
        case .wrongArgumentLabel: return "wrongArgumentLabel"
        case .breakOutsideLoop: return "breakOutsideLoop"
        case .getOnlyProperty: return "getOnlyProperty"
        case .getOnlySubscript: return "getOnlySubscript"
        case .getOnlySubscriptMember: return "getOnlySubscriptMember"
        case .callNotMarkedTry: return "callNotMarkedTry"
        case .callNotMarkedAwait: return "callNotMarkedAwait"
        case .actorIsolated: return "actorIsolated"
        case .asyncCallInSyncFunction: return "asyncCallInSyncFunction"
        case .errorNotHandled: return "errorNotHandled"
        case .coalesceOfNonOptional: return "coalesceOfNonOptional"
        case .floatIsDouble: return "floatIsDouble"
        case .sizedIntegerIsInt: return "sizedIntegerIsInt"
        case .nestedOptional: return "nestedOptional"
        case .ampersandOutsideInout: return "ampersandOutsideInout"
        case .inoutNeedsAmpersand: return "inoutNeedsAmpersand"
        case .inoutOnlyInFunctions: return "inoutOnlyInFunctions"
        case .inoutOutsideParameter: return "inoutOutsideParameter"
        case .rethrowsWithoutFunction: return "rethrowsWithoutFunction"
        case .escapingClosureCapturesInout: return "escapingClosureCapturesInout"
        case .escapingClosureCapturesMutatingSelf: return "escapingClosureCapturesMutatingSelf"
        case .fallthroughOutsideSwitch: return "fallthroughOutsideSwitch"
        case .fallthroughWithoutCase: return "fallthroughWithoutCase"
        case .fallthroughIntoBindings: return "fallthroughIntoBindings"
        case .returnOutsideFunction: return "returnOutsideFunction"
        case .initializerReturnValue: return "initializerReturnValue"
        case .uninitializedProperties: return "uninitializedProperties"
        case .superInitNotCalled: return "superInitNotCalled"
        case .nonClassConformance: return "nonClassConformance"
        case .overrideTypeMismatch: return "overrideTypeMismatch"
        case .initializerNotRequired: return "initializerNotRequired"
        case .divisionByZero: return "divisionByZero"
        case .nonEscapingParameter: return "nonEscapingParameter"
        case .extraArgument: return "extraArgument"
        case .extraArguments: return "extraArguments"
        case .throwingFunctionConversion: return "throwingFunctionConversion"
        case .sliceIndices: return "sliceIndices"
        case .argumentLabels: return "argumentLabels"
        case .explicitSelfRequired: return "explicitSelfRequired"
        case .missingArguments: return "missingArguments"
        case .recursiveValueType: return "recursiveValueType"
        case .constantOverflow: return "constantOverflow"
        case .ifExpressionWithoutElse: return "ifExpressionWithoutElse"
        case .assignToConstant: return "assignToConstant"
        case .assignToFunction: return "assignToFunction"
        case .mutatingOperatorOnConstant: return "mutatingOperatorOnConstant"
        case .immutableInoutArgument: return "immutableInoutArgument"
        case .importCycle: return "importCycle"
        case .importNotFound: return "importNotFound"
        case .unknownModule: return "unknownModule"
        case .multipleApps: return "multipleApps"
        case .dollarOutsideIntent: return "dollarOutsideIntent"
        case .unknownParameterProjection: return "unknownParameterProjection"
        case .shorthandOutsideClosure: return "shorthandOutsideClosure"
        case .cannotConvert: return "cannotConvert"
        case .binaryOperands: return "binaryOperands"
        case .notAClassInstance: return "notAClassInstance"
        case .unknownLabel: return "unknownLabel"
        case .continueToSwitch: return "continueToSwitch"
        case .unaryOperand: return "unaryOperand"
        case .notBoolean: return "notBoolean"
        case .mustUnwrap: return "mustUnwrap"
        case .mustUnwrapForMember: return "mustUnwrapForMember"
        case .bindingNotOptional: return "bindingNotOptional"
        case .unexpectedReturnValue: return "unexpectedReturnValue"
        case .opaqueResultMismatch: return "opaqueResultMismatch"
        case .keyPathRootMismatch: return "keyPathRootMismatch"
        case .missingReturnValue: return "missingReturnValue"
        case .returnWithoutValue: return "returnWithoutValue"
        case .integerLiteralAsBool: return "integerLiteralAsBool"
        case .guardFallsThrough: return "guardFallsThrough"
        case .usedBeforeInitialized: return "usedBeforeInitialized"
        case .constantInitializedTwice: return "constantInitializedTwice"
        case .selfUsedBeforeInitialized: return "selfUsedBeforeInitialized"
        case .emptyCollectionNeedsType: return "emptyCollectionNeedsType"
        case .heterogeneousCollection: return "heterogeneousCollection"
        case .nilNeedsContext: return "nilNeedsContext"
        case .closureParameterNeedsType: return "closureParameterNeedsType"
        case .notCallable: return "notCallable"
        case .ternaryMismatch: return "ternaryMismatch"
        case .branchesMismatch: return "branchesMismatch"
        case .optionalChainOnNonOptional: return "optionalChainOnNonOptional"
        case .noContextualBase: return "noContextualBase"
        case .ambiguousCall: return "ambiguousCall"
        case .patternMismatch: return "patternMismatch"
        case .bindingNotInEveryPattern: return "bindingNotInEveryPattern"
        case .bindingTypeDiffers: return "bindingTypeDiffers"
        case .switchNotExhaustive: return "switchNotExhaustive"
        case .emptyCase: return "emptyCase"
        case .openNonClass: return "openNonClass"
        case .sameTypeRequirement: return "sameTypeRequirement"
        case .functionUsedAsProperty: return "functionUsedAsProperty"
        case .deprecatedRenamed: return "deprecatedRenamed"
        case .protocolMethodBody: return "protocolMethodBody"
        case .protocolRequirement: return "protocolRequirement"
        case .asyncLet: return "asyncLet"
        case .mutatingInClass: return "mutatingInClass"
        case .convenienceOutsideClass: return "convenienceOutsideClass"
        case .inoutDefault: return "inoutDefault"
        case .redundantConformance: return "redundantConformance"
        case .caseAfterDefault: return "caseAfterDefault"
        case .resultProtocolMismatch: return "resultProtocolMismatch"
        case .stringIntSubscript: return "stringIntSubscript"
        case .noExactSubscript: return "noExactSubscript"
        case .stringIntRangeSubscript: return "stringIntRangeSubscript"
        case .inferredVoid: return "inferredVoid"
        case .ownershipNeedsClass: return "ownershipNeedsClass"
        case .weakNeedsOptional: return "weakNeedsOptional"
        case .partialRangeOutsideSubscript: return "partialRangeOutsideSubscript"
        case .payloadPatternMismatch: return "payloadPatternMismatch"
        case .memberExpectsArgument: return "memberExpectsArgument"
        case .memberIsFunction: return "memberIsFunction"
        case .caseWithoutValues: return "caseWithoutValues"
        case .tuplePatternMismatch: return "tuplePatternMismatch"
        case .tupleLengthMismatch: return "tupleLengthMismatch"
        case .closureArity: return "closureArity"
        case .tuplePatternWrongLength: return "tuplePatternWrongLength"
        case .sequencePatternMismatch: return "sequencePatternMismatch"
        case .patternTypeMismatch: return "patternTypeMismatch"
        case .optionalPatternMismatch: return "optionalPatternMismatch"
        case .mutatingOnImmutable: return "mutatingOnImmutable"
        case .argumentOrder: return "argumentOrder"
        case .assignToPropertyOfConstant: return "assignToPropertyOfConstant"
        case .assignToCallResult: return "assignToCallResult"
        case .noMatchingCall: return "noMatchingCall"
        case .forceUnwrapNonOptional: return "forceUnwrapNonOptional"
        case .notASequence: return "notASequence"
        case .noSubscript: return "noSubscript"
        case .notAnIntent: return "notAnIntent"
        case .unknownMember: return "unknownMember"
        case .instanceMemberOnType: return "instanceMemberOnType"
        case .staticMemberOnInstance: return "staticMemberOnInstance"
        case .unsupportedFormatStyle: return "unsupportedFormatStyle"
        case .conflictingGenericArguments: return "conflictingGenericArguments"
        case .genericRequirement: return "genericRequirement"
        case .genericArgumentCount: return "genericArgumentCount"
        case .genericParameterNotInferred: return "genericParameterNotInferred"
        case .inaccessible: return "inaccessible"
        case .storedPropertyInExtension: return "storedPropertyInExtension"
        case .notConstructible: return "notConstructible"
        case .selfOutsideType: return "selfOutsideType"
        case .mutatingInNonMutating: return "mutatingInNonMutating"
        case .unknownView: return "unknownView"
        case .unknownModifier: return "unknownModifier"
        case .unknownViewWord: return "unknownViewWord"
        case .noModifierForm: return "noModifierForm"
        case .unusedQuery: return "unusedQuery"
        case .argumentToNoArgumentCall: return "argumentToNoArgumentCall"
        case .classWithoutInitializers: return "classWithoutInitializers"
        case .declarationNotAtTopLevel: return "declarationNotAtTopLevel"
        case .letComputedProperty: return "letComputedProperty"
        case .tooManyGlobals: return "tooManyGlobals"
        case .snippetWritesStore: return "snippetWritesStore"
        case .unsavedStoreWrite: return "unsavedStoreWrite"
        case .unsavedStoreField: return "unsavedStoreField"
        case .appShortcutRule: return "appShortcutRule"
        case .runtimeError: return "runtimeError"
        }
    }

    /// Messages no fixture can produce, and why.
    static let exempt: [String: String] = [
        "invalidUTF8": "a fixture is UTF-8 text; LexerTests feeds invalid bytes",
        "multilineStringIndentation": "it is reported inside the string, where no comment can stand; LexerTests checks it",
        "tooManyGlobals": "needs 65 536 globals; LimitsTests.tooManyGlobalsIsADiagnostic makes them",
        "nestingTooDeep": "DeepShapeTests generates every nesting past the limit",
        "chainTooLong": "DeepShapeTests generates every chain past the limit",
        "runtimeError": "the CLI renders runtime errors as diagnostics; run fixtures check them with 'expect runtime error'",
        "importCycle": "Tests/Fixtures/errors/imports_cycle.shortcut and its folder; LoaderTests",
        "importNotFound": "LoaderTests",
    ]

    @Test func everyKindIsNamedOnce() {
        #expect(Set(Self.allKinds).count == Self.allKinds.count)
    }

    @Test func everyMessageHasAFixture() throws {
        var produced: Set<String> = []
        for path in FixtureTests.errorFixtures {
            for d in Fixture.run(path: path).diagnostics { produced.insert(Self.kind(of: d.message)) }
        }
        let missing = Self.allKinds.filter { !produced.contains($0) && Self.exempt[$0] == nil }
        #expect(missing.isEmpty, "no error fixture produces: \(missing.joined(separator: ", "))")
    }
}
