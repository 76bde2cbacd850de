/// A problem found in a program, as data. The message is a case of the `DiagnosticMessage` catalogue that carries
/// what the text and any suggestion need; `DiagnosticRenderer` is the one place that turns diagnostics into text.
public struct Diagnostic: Sendable, Equatable {
    public enum Severity: String, Sendable { case error, warning }

    public var severity: Severity
    public var message: DiagnosticMessage
    public var range: SourceRange
    /// Extra lines shown after the source excerpt (`note: …`).
    public var notes: [String]

    public init(_ message: DiagnosticMessage, at range: SourceRange, severity: Severity = .error, notes: [String] = []) {
        self.message = message
        self.range = range
        self.severity = severity
        self.notes = notes + message.notes
    }

    public var isError: Bool { severity == .error }
}

/// Every message the front end can give. Text is lower case with no final
/// period, like the Swift compiler's, and a test pins that style.
public enum DiagnosticMessage: Sendable, Equatable {
    // Lexical
    case invalidUTF8
    case unexpectedCharacter(String)
    case unterminatedString
    case unterminatedComment
    case invalidEscape(String)
    case integerOverflow(String)
    case invalidNumber(String)
    case multilineStringIndentation
    // Syntax
    case expected(String, found: String)
    case expectedToClose(String, open: String, line: Int)
    case expectedExpression(found: String)
    case nestingTooDeep(limit: Int)
    /// A statement chains more operators, calls, members and `else if`s than the passes after the parser may recurse through.
    case chainTooLong(limit: Int)
    case swiftism(found: String, suggestion: String)
    case invalidAssignmentTarget
    case assignmentInExpression
    case unknownMetadata(key: String, declaration: String, known: [String])
    case duplicateMetadata(String)
    case unknownAttribute(String)
    case consecutiveStatements
    /// Two members of a type's body on one line with no `;` between them.
    case consecutiveDeclarations
    /// `lazy var` at the top level, where a global is lazy already.
    case lazyGlobal
    /// `a -3`, `a- 3`: a binary operator with a space on one side only, which Swift reads as prefix or postfix.
    case lopsidedOperator(String, prefix: Bool)
    /// `a==-1`, `t&&!u`: an operator run into a prefix operator, which Swift lexes as one operator.
    case missingOperatorWhitespace(String, String)
    /// `3 +* 4`: an operator run into one that is not prefix, which Swift lexes as one operator it has not declared.
    case unknownOperator(String)
    /// `n++`, `--n`: Swift has no increment or decrement operator.
    case incrementOperator(String)
    case unknownPrecedenceGroup(String)
    // Names and structure
    case unknownName(String, suggestion: String?)
    case unknownType(String, suggestion: String?)
    /// A type that lists a protocol of the program's and lacks one of its requirements.
    case doesNotConform(type: String, protocol: String)
    /// `swap(&xs[i], &xs[j])`: two `inout` accesses to one collection (Swift's exclusivity rule).
    case overlappingAccess(String)
    case duplicateDeclaration(String, previousLine: Int)
    /// Two cases of an enum with the same raw value (`case a = 1, b = 1`).
    case duplicateRawValue(previousLine: Int)
    /// Class inheritance as Swift checks it (`Inheritance`).
    case circularInheritance(String, isProtocol: Bool = false)
    case inheritanceFromNonClass(String)
    case inheritanceFromFinalClass(String)
    case overridesFinal
    /// `class var n = 3`: a class's stored properties are `static`.
    case classStoredProperty
    case overridingStoredProperty(String)
    case overrideRequired(String)
    /// A subclass with initialisers of its own that does not provide its superclass's `required` one (`init()`).
    case requiredInitializerMissing(String, superclass: String)
    /// A subclass's initialiser of the same labels as its superclass's `required` one, written without `required`.
    case requiredModifierMissing(override: Bool)
    case overridesNothing(String, isMethod: Bool)
    case unknownArgument(label: String, callee: String, kind: String, known: [String], suggestion: String?)
    case wrongArgumentCount(callee: String, expected: Int, got: Int)
    case wrongArgumentLabel(callee: String, expected: String, got: String)
    case breakOutsideLoop(String)
    /// An assignment to a computed property without a setter (`value`: a variable outside a type); `mutatingOperator`
    /// for `+=` and the like, reported at the operator as swiftc does.
    /// `immutable`: a `let` of the standard library's (an enum's `rawValue`), which swiftc calls immutable.
    case getOnlyProperty(String, value: Bool = false, mutatingOperator: Bool = false, immutable: Bool = false)
    case floatIsDouble
    case sizedIntegerIsInt(String)
    /// `if let f = xs.first` of a `[Int?]`: an optional of an optional is one optional here.
    case nestedOptional(String)
    case ampersandOutsideInout
    case inoutNeedsAmpersand(type: String)
    case inoutOnlyInFunctions
    /// `let t: (inout Int, Int)`: `inout` outside a function type's parameters.
    case inoutOutsideParameter
    /// `func f(_ xs: [Int]) rethrows`: no function among its parameters for it to rethrow the errors of.
    case rethrowsWithoutFunction
    /// `return { x += 1 }` in a function with `inout x`: a kept closure captures the parameter.
    case escapingClosureCapturesInout(String)
    case escapingClosureCapturesMutatingSelf
    case fallthroughOutsideSwitch
    case fallthroughWithoutCase
    case fallthroughIntoBindings(String)
    case returnOutsideFunction
    /// `return 5` in an `init`, or `return nil` in one that is not `init?`.
    case initializerReturnValue(isNil: Bool)
    /// An `init` that may end (or call `super.init`, `at`) before it assigns these stored properties.
    case uninitializedProperties([String], at: String?)
    /// A subclass's `init` that can end without its superclass's `init`: one called on some paths only, or none where
    /// the superclass has no `init()` for Swift to call implicitly.
    case superInitNotCalled
    /// A struct or enum that lists a protocol only classes adopt (`protocol P: AnyObject`).
    case nonClassConformance(type: String, protocol: String)
    /// `override var v: String` over a property of another type.
    case overrideTypeMismatch(property: String, type: String, overridden: String)
    /// A protocol's `init` requirement met by a non-final class's initialiser not written `required`.
    case initializerNotRequired(String, type: String)
    /// `self` used in an `init` before every stored property is assigned: a class's method called or computed property
    /// read (`use`: "method call 'log'", "property access 'total'"), or — a struct's — `self` itself, in swiftc's words for
    /// each (a class's stored property read is `usedBeforeInitialized` of `self.x`).
    case selfUsedBeforeInitialized(use: String?)
    /// Int arithmetic Swift's compiler folds: a divisor known to be 0, and an operation of known values that overflows
    /// (`type` nil for a division: `Int.min / -1`).
    case divisionByZero
    /// `greet("a", loud: true, 3)`: one argument more than the parameters (`k(a: 1, b: 2, c: 3)`: with its label);
    /// several, by their positions (from 1).
    case extraArgument(String?), extraArguments([Int])
    /// `let f: () -> Int = { throw E.x }`: a closure that throws where a function type without `throws` is wanted.
    case throwingFunctionConversion(from: String, to: String)
    /// `rest[1]`, `rest.startIndex` where `rest` is Swift's `ArraySlice` (a warning: here it is indexed from 0).
    case sliceIndices(String)
    /// A call's labels, all at once: `labels` missing or extraneous, or (`incorrect`) the ones given against those expected.
    case argumentLabels(LabelProblem, String, count: Int)
    /// `handler = { ticks += 1 }` in a class's method: a kept closure names the instance's members with `self.`.
    case explicitSelfRequired(String, isMethod: Bool)
    /// `S(x: 1)` for `S(x:y:)`: the parameters with neither an argument nor a default, each `'y'` or `#2`.
    case missingArguments([String])
    /// A closure parameter that is not `@escaping`, used where it could outlive the call (`Resolver+Escaping`).
    case nonEscapingParameter(String, use: EscapingUse)
    /// `struct Node { var next: Node? }`, an enum whose case holds it without `indirect` (`RecursiveValueTypes`).
    case recursiveValueType(String, isEnum: Bool)
    case constantOverflow(operation: String, type: String?)
    /// `let x = if c { 1 }`: an `if` used as a value needs a final `else`.
    case ifExpressionWithoutElse
    case assignToConstant(String, property: Bool = false)
    /// `f = { 2 }` of a declared function.
    case assignToFunction(String)
    /// `k += 1` for a `let k`, or a part of one (`p.x += 1`).
    case mutatingOperatorOnConstant(String)
    /// `f(&k)` for a `let k`.
    case immutableInoutArgument(String)
    case importCycle([String])
    case importNotFound(String)
    /// `import Combine`: a module that is not built in (SPEC §13 lists the known ones).
    case unknownModule(String, known: [String])
    case multipleApps
    case dollarOutsideIntent(String)
    case unknownParameterProjection(String, intent: String)
    case shorthandOutsideClosure(String)
    // Types (SPEC §3.1)
    /// A value of one type where another is wanted; `site` says where, as Swift's messages do.
    case cannotConvert(actual: String, expected: String, site: ConversionSite)
    case binaryOperands(op: String, lhs: String, rhs: String)
    /// `===` on a value that is not a class instance.
    case notAClassInstance(type: String)
    /// `break outer` with no loop or switch labelled `outer` around.
    case unknownLabel(String)
    /// `continue outer` where `outer` labels a switch.
    case continueToSwitch
    case unaryOperand(op: String, type: String)
    /// `literal`: the condition is an integer literal (`if 1`), which Swift words differently. `operand`: the value is an
    /// operand of `!`, `&&` or `||` (an argument to swiftc); `negated`: of `!` (swiftc's fix for an `Int` is then `== 0`).
    case notBoolean(type: String, literal: String?, operand: Bool = false, negated: Bool = false)
    case mustUnwrap(optional: String, wrapped: String)
    /// `opt.count`: a member of the wrapped type read through the optional.
    case mustUnwrapForMember(optional: String, member: String, wrapped: String)
    case bindingNotOptional(type: String)
    case unexpectedReturnValue
    /// `p[keyPath: \String.count]` on a `P`.
    case keyPathRootMismatch(path: String, base: String)
    /// `func f() -> some Equatable` whose returns give an Int in one place and a String in another.
    case opaqueResultMismatch(String)
    case missingReturnValue(type: String)
    /// A bare `return` in a function (a getter) that returns a value.
    case returnWithoutValue
    /// `let b: Bool = 1`: an integer literal 0 or 1 where a `Bool` is wanted (swiftc's own message, with the word meant).
    case integerLiteralAsBool(Int)
    /// A `guard`'s `else` block that can reach its end.
    case guardFallsThrough
    /// A variable declared without a value, read on a path where nothing was assigned to it;
    /// `use` is how it was met ("used", "passed by reference", "captured by a closure"), as swiftc words it.
    case usedBeforeInitialized(String, isConstant: Bool, use: String)
    /// A `let` assigned where it may have been assigned already (`x = 2` after `if b { x = 1 }`), or a `let` property with an
    /// initial value assigned in an `init`; the name as swiftc gives it (`self.x` for a property).
    case constantInitializedTwice(String)
    case emptyCollectionNeedsType
    case heterogeneousCollection(String)
    case nilNeedsContext
    /// `let f = { x in x }`: nothing, in the context or the body, says what the parameter is.
    case closureParameterNeedsType(String)
    /// `let f: (Int) -> Int = { $0 + $1 }`: a closure literal of another number of parameters than its context's type.
    case closureArity(type: String, expects: Int, used: Int)
    case memberNeedsContext(String)
    case notCallable(type: String)
    case ternaryMismatch(String, String)
    /// `if c { "a" } else { 1 }` used as a value: each branch is typed alone, and they differ.
    case branchesMismatch(String, String)
    case optionalChainOnNonOptional(type: String)
    case noContextualBase(String)
    case ambiguousCall(String)
    case patternMismatch(pattern: String, subject: String)
    /// `case .a(let x), .b:`: a name one of a case's patterns binds and another does not.
    case bindingNotInEveryPattern(String)
    /// `case .a(let x), .b(let x):` where the two `x` are of different types.
    case bindingTypeDiffers(bound: String, expected: String)
    case switchNotExhaustive
    /// `case 1:` followed at once by the next case: Swift has no implicit fallthrough, so a case must do something.
    case emptyCase
    /// `open struct S`: `open` is for classes and what their subclasses may override.
    case openNonClass
    /// `f("abc")` of `func f<S: Sequence>(_ s: S) where S.Element == Int`.
    case sameTypeRequirement(callee: String, String, String)
    /// `u.isEmpty` where `u` is a function that takes nothing and gives a value that has the member.
    case functionUsedAsProperty(String)
    /// `xs.index(of: 4)`: a name the standard library renamed; the call goes to the new one.
    case deprecatedRenamed(String, to: String)
    /// `protocol P { func f() { } }`: a requirement has no body (an extension of the protocol gives a default).
    case protocolMethodBody
    /// `class C { mutating func f() }`: a class's method changes its instance through the reference.
    case mutatingInClass
    /// `struct S { convenience init() {} }`: only a class's initialiser delegates as a convenience one (the kind's plural).
    case convenienceOutsideClass(String)
    /// `protocol P { var x: Int }`: a requirement written as no protocol may have it (`ProtocolRequirementProblem`).
    case protocolRequirement(ProtocolRequirementProblem)
    /// An `async let` swiftc refuses (`AsyncLetProblem`).
    case asyncLet(AsyncLetProblem)
    /// `func f(_ x: inout Int = 1)`.
    case inoutDefault(String)
    /// `struct S: P, P`.
    case redundantConformance(type: String, protocol: String)
    /// A `case` (or a second `default`) after a switch's `default`.
    case caseAfterDefault
    /// A `.result(…)` that its perform's declared result protocols do not allow, or that lacks what they promise.
    case resultProtocolMismatch(String)
    /// `s[0]` on a `String`: Swift indexes strings by `String.Index`, not by `Int`.
    case stringIntSubscript
    /// `d.keys[0]`: no subscript of the collection takes an Int.
    case noExactSubscript
    case stringIntRangeSubscript
    /// `let x = f()` of a function that returns nothing (a warning).
    case inferredVoid(String, name: String)
    /// `weak var a: Int?`, `unowned let b: String`.
    case ownershipNeedsClass(String, type: String)
    case weakNeedsOptional(type: String)
    /// `5...` anywhere but a subscript or a `case` pattern (a deliberate limit, docs/Language.md).
    case partialRangeOutsideSubscript
    /// A pattern's values do not match the case's associated values (`values`: how many it has).
    case payloadPatternMismatch(case: String)
    /// `let t: Token = .num` for `case num(Int)`: the case's value is missing.
    case memberExpectsArgument(member: String, type: String)
    /// `let t: Token = .pair` for `case pair(Int, String)`: the case's values are missing.
    case memberIsFunction(member: String, produces: String)
    /// `.plus(1)` of `case plus`.
    case caseWithoutValues(String)
    /// `ofElements`: a `for` loop's pattern, which swiftc words without "the".
    case tuplePatternMismatch(type: String, ofElements: Bool)
    /// `let (a, b, c) = (1, 2)`: the value's type and the pattern's, as swiftc spells it (`(Int, Int, _)`).
    case tupleLengthMismatch(actual: String, pattern: String)
    /// `let (a, b): (Int, Int, Int) = …`: a tuple pattern of another length than the type written.
    case tuplePatternWrongLength(type: String)
    /// `for (a, b) in [(1, 2, 3)]`: a tuple pattern of another length than the elements.
    case sequencePatternMismatch(type: String)
    /// What swiftc adds after a tuple pattern that does not fit the type written for it: the pattern's own type.
    case patternTypeMismatch(pattern: String, type: String)
    case optionalPatternMismatch(type: String)
    case mutatingOnImmutable(member: String, reason: String)
    /// `s.a = 2` where `s` is a `let` holding a value (a struct, an array…).
    case assignToPropertyOfConstant(String, throughSubscript: Bool)
    /// `f().x = 1`: a call gives a value, not a variable (nil: a call of no named function).
    case assignToCallResult(function: String?, throughSubscript: Bool)
    /// A memberwise initialiser's arguments come in the properties' order.
    case argumentOrder(String, mustPrecede: String)
    /// A library method called with labels none of its forms takes.
    case noMatchingCall(callee: String, forms: [String])
    case forceUnwrapNonOptional(type: String)
    case notASequence(type: String)
    case noSubscript(type: String)
    /// `x[i] = v` where the type's own subscript has no setter; a call of a `throws` function with no `try` before it.
    case getOnlySubscript, callNotMarkedTry(handled: Bool)
    /// `spots[0].x = 1` (or `+=`) through a get-only subscript of a value type.
    case getOnlySubscriptMember(mutatingOperator: Bool)
    /// A call of an `async` function with no `await` before it; one in a function that is not `async`.
    case callNotMarkedAwait, asyncCallInSyncFunction
    /// An actor's isolated property or method (`member`: `'n'`, `'inc(by:)'`) reached from outside it without `await`, or
    /// a property of it changed from outside it; `use` says where, as swiftc words each.
    case actorIsolated(member: String, isMethod: Bool, use: ActorIsolatedUse)
    /// A `try` or a `throw` in a function that does not throw, where no `do` catches every error.
    case errorNotHandled(isThrow: Bool, exhaustive: Bool)
    /// `a ?? b` where `a` is not optional (a warning, as Swift's).
    case coalesceOfNonOptional(type: String)
    case notAnIntent(String)
    /// `ofValue`: a value's member (`a.y`: "value of type 'A'"), a type's (`Int.maxo`, `.one`: "type 'Int'"), or neither
    /// (nil: a name of ours, `$shot`).
    case unknownMember(String, type: String, suggestion: String?, ofValue: Bool? = false)
    /// `S.x` of an instance member, `S().shared` of a static one.
    case instanceMemberOnType(String, type: String), staticMemberOnInstance(String, type: String)
    /// `extension S { var y = 2 }` (storage is the type's own); `E()` for an enum with no raw type and no `init`.
    case storedPropertyInExtension, notConstructible(String)
    /// A part of a Foundation format style this does not format (`.notation(.compactName)`): refused, not done another way.
    case unsupportedFormatStyle(String, type: String, supported: [String])
    /// A generic function's call: two arguments that give its parameter different types; a type its constraint refuses.
    case conflictingGenericArguments(parameter: String, first: String, second: String), genericRequirement(callee: String, type: String, requirement: String)
    /// `A<Int, Int>` for `struct A<T>`, `B<Int>` for a type that is not generic.
    case genericArgumentCount(type: String, expected: Int, got: Int), genericParameterNotInferred(String), inaccessible(String, part: String)
    case selfOutsideType
    case mutatingInNonMutating(String)
    case unknownView(String, suggestion: String?)
    case unknownModifier(String, suggestion: String?)
    /// A leading-dot argument that SwiftUI's vocabulary does not know (`.font(.huge)`).
    case unknownViewWord(String, kind: String, suggestion: String?, known: [String])
    /// `M(x: 1)` for a class with no `init`: classes have no memberwise initialiser.
    case argumentToNoArgumentCall
    /// A class with a stored property without a default and no `init`.
    case classWithoutInitializers(String, property: String)
    /// A `struct Q: EntityQuery` that no entity's `defaultQuery` names.
    case unusedQuery(String)
    /// A known modifier with arguments that fit none of its forms.
    case noModifierForm(String, forms: [String])
    case declarationNotAtTopLevel(String)
    case letComputedProperty
    case tooManyGlobals(limit: Int)
    case snippetWritesStore(snippet: String, detail: String)
    /// A store changed by top-level code or a flow's own statements (SPEC §5.7): it lives in memory for that run only.
    case unsavedStoreWrite(writer: String, detail: String)
    /// `store S { var node: Node? }` for a class `Node` (SPEC §5.7: a store field cannot hold one), a function, a protocol's value.
    case unsavedStoreField(field: String, type: String, reason: String)
    case appShortcutRule(String)
    // Running
    case runtimeError(String)
}

/// How a closure parameter that is not `@escaping` would escape, for swiftc's words: assigned to a variable or property,
/// used as a value (returned, an element of a literal), made a generic parameter's value (`xs.append(h)`), or passed
/// to a function's `@escaping` parameter.
public enum EscapingUse: Sendable, Equatable { case assigned, used, converted(genericParameter: String), passed }

/// What swiftc refuses of an `async let`, for its words (`DiagnosticMessage.asyncLet`).
public enum AsyncLetProblem: Sendable, Equatable {
    /// `async let a: Int`.
    case noInitializer
    /// A closure or nested function that reads an `async let` of the code around it.
    case captured
    /// `struct S { async let x = 1 }`.
    case notLocal
    /// A read of an `async let` of a throwing call, with no `try`, where something takes the error.
    case readNotMarkedTry
}

/// What is wrong with a protocol's requirement as written, in swiftc's words (`DiagnosticMessage.protocolRequirement`).
public enum ProtocolRequirementProblem: Sendable, Equatable {
    /// `var x: Int`, `subscript(i: Int) -> Int`: no `{ get }` or `{ get set }`.
    case noAccessors(subscript: Bool)
    /// `{ set }`.
    case setterWithoutGetter(subscript: Bool)
    /// `{ get set set }`.
    case duplicateAccessor(subscript: Bool, getter: Bool)
    /// `{ return 1 }`: a requirement's braces hold its accessors only.
    case notAnAccessor
    /// `let x: Int`.
    case immutable
    /// `var x: Int = 1`.
    case initialValue
    /// `private func f()`: any access modifier.
    case accessModifier(String)
    /// `final func f()`.
    case final
}

public enum LabelProblem: Sendable, Equatable { case missing, extraneous, incorrect(expected: String) }

/// Where an actor's isolated member is reached from outside it (`DiagnosticMessage.actorIsolated`).
public enum ActorIsolatedUse: Sendable, Equatable {
    /// A property of it assigned or changed.
    case mutated
    /// Read or called without `await` in code that does not wait: a function without `async`, top-level code, or an
    /// actor's own method (`actorIsolated`).
    case synchronous(actorIsolated: Bool)
    /// Read or called without `await` in code that may wait.
    case asynchronous
}
