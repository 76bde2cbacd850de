/// The catalogue's text: each message as swiftc words it where Swift has one.
extension DiagnosticMessage {
    /// The message text, one line.
    public var text: String {
        switch self {
        case .invalidUTF8: return "source is not valid UTF-8"
        case .unexpectedCharacter(let c): return "unexpected character '\(escapingControls(c))'"
        case .unterminatedString: return "unterminated string literal"
        case .unterminatedComment: return "unterminated block comment"
        case .invalidEscape(let e): return "invalid escape sequence '\\\(e)' in string"
        case .integerOverflow(let t): return "integer literal '\(t)' overflows Int"
        case .invalidNumber(let t): return "invalid number literal '\(t)'"
        case .multilineStringIndentation:
            return "line in multi-line string is indented less than its closing delimiter"
        case .expected(let what, let found): return "expected \(what), found \(found)"
        case .expectedToClose(let close, let open, let line):
            return "expected '\(close)' to close '\(open)' from line \(line)"
        case .expectedExpression(let found): return "expected an expression, found \(found)"
        case .nestingTooDeep(let limit): return "code is nested too deeply (the limit is \(limit) levels)"
        case .chainTooLong(let limit):
            return "this statement chains too many operators, calls and members (the limit is \(limit) along one statement and the statements around it)"
        case .swiftism(let found, _): return "'\(found)' is Swift, not Shortcut Script"
        case .invalidAssignmentTarget: return "cannot assign to this expression"
        case .assignmentInExpression: return "assignment is a statement and cannot be used as a value"
        case .unknownMetadata(let key, let decl, _): return "unknown metadata '\(key)' in \(decl)"
        case .duplicateMetadata(let key): return "metadata '\(key)' is given twice"
        case .unknownAttribute(let a): return "unknown attribute '\(a)'"
        case .consecutiveStatements: return "consecutive statements on a line must be separated by ';'"
        case .consecutiveDeclarations: return "consecutive declarations on a line must be separated by ';'"
        case .lazyGlobal: return "'lazy' cannot be used on an already-lazy global"
        case .lopsidedOperator(let op, true): return "'\(op)' has a space before it and none after, so Swift reads it as a prefix operator here"
        case .lopsidedOperator(let op, false): return "'\(op)' is not a postfix unary operator"
        case .missingOperatorWhitespace(let op, let prefix): return "missing whitespace between '\(op)' and '\(prefix)' operators"
        case .unknownOperator(let op): return "cannot find operator '\(op)' in scope"
        case .incrementOperator(let op): return "cannot find operator '\(op)' in scope; did you mean '\(op.prefix(1))= 1'?"
        case .unknownPrecedenceGroup(let name): return "unknown precedence group '\(name)'"
        case .unknownName(let n, _): return "cannot find '\(n)' in scope"
        case .unknownType(let n, _): return "cannot find type '\(n)' in scope"
        case .doesNotConform(let t, let p): return "type '\(t)' does not conform to protocol '\(p)'"
        case .overlappingAccess(let n):
            return "overlapping accesses to '\(n)', but modification requires exclusive access; consider calling MutableCollection.swapAt(_:_:)"
        case .duplicateDeclaration(let n, _): return "invalid redeclaration of '\(n)'"
        case .duplicateRawValue: return "raw value for enum case is not unique"
        case .circularInheritance(let n, let isProtocol): return isProtocol ? "protocol '\(n)' refines itself" : "'\(n)' inherits from itself"
        case .inheritanceFromNonClass(let n): return "inheritance from non-protocol, non-class type '\(n)'"
        case .inheritanceFromFinalClass(let n): return "inheritance from a final class '\(n)'"
        case .overridesFinal: return "instance method overrides a 'final' instance method"
        case .classStoredProperty: return "class stored properties not supported in classes; did you mean 'static'?"
        case .overridingStoredProperty(let n): return "cannot override with a stored property '\(n)'"
        case .overrideRequired: return "overriding declaration requires an 'override' keyword"
        case .requiredInitializerMissing(let initializer, let superclass): return "'required' initializer '\(initializer)' must be provided by subclass of '\(superclass)'"
        case .requiredModifierMissing(let isOverride):
            return isOverride ? "use the 'required' modifier to override a required initializer"
                : "'required' modifier must be present on all overrides of a required initializer"
        case .overridesNothing(_, let isMethod):
            return isMethod ? "method does not override any method from its superclass" : "property does not override any property from its superclass"
        case .unknownArgument(let label, let callee, let kind, _, _):
            return "unknown \(kind) '\(label)' for '\(callee)'"
        case .wrongArgumentCount(let callee, let expected, let got):
            return "'\(callee)' takes \(expected) argument\(expected == 1 ? "" : "s") but \(got) \(got == 1 ? "was" : "were") given"
        case .wrongArgumentLabel(let callee, let expected, let got):
            // Swift's wording: a label missing, one too many, or a different one.
            if got == "no label" { return "missing argument label \(expected) in call to '\(callee)'" }
            if expected == "no label" { return "extraneous argument label\(got.filter { $0 == ":" }.count > 1 ? "s" : "") \(got) in call to '\(callee)'" }
            return "incorrect argument label in call to '\(callee)' (have \(got), expected \(expected))"
        case .breakOutsideLoop(let word): return "'\(word)' is only allowed inside a loop"
        case .ampersandOutsideInout: return "'&' may only be used to pass an argument to an inout parameter"
        case .inoutNeedsAmpersand(let type): return "passing value of type '\(type)' to an inout parameter requires explicit '&'"
        case .inoutOnlyInFunctions: return "inout parameters are supported on functions and methods, not on initializers"
        case .inoutOutsideParameter: return "'inout' may only be used on parameters"
        case .rethrowsWithoutFunction: return "'rethrows' function must take a throwing function argument"
        case .escapingClosureCapturesInout(let name): return "escaping closure captures 'inout' parameter '\(name)'"
        case .escapingClosureCapturesMutatingSelf: return "escaping closure captures mutating 'self' parameter"
        case .nestedOptional(let type): return "'\(type)' is one optional here: nil when there is no value and when the value is nil"
        case .floatIsDouble: return "'Float' is a Double here: it rounds and prints as a 64-bit number ('1.0 / 3' is 0.3333333333333333, not 0.33333334)"
        case .sizedIntegerIsInt(let name) where name == "UInt" || name == "UInt64":
            return "'\(name)' is an Int here: a value past Int.max (a wrapped product, a hash) is a negative Int, and shifts right keep its sign"
        case .sizedIntegerIsInt(let name): return "'\(name)' is an Int here: a value past \(name)'s range neither stops the run nor wraps as Swift's does"
        case .getOnlyProperty(let name, let value, let mutatingOperator, let immutable):
            return (mutatingOperator ? "left side of mutating operator isn't mutable" : "cannot assign to \(value ? "value" : "property")")
                + ": '\(name)' is \(immutable ? "immutable" : "a get-only property")"
        case .fallthroughOutsideSwitch: return "'fallthrough' is only allowed inside a switch"
        case .fallthroughWithoutCase: return "'fallthrough' without a following 'case' or 'default' block"
        case .fallthroughIntoBindings(let name): return "'fallthrough' from a case which doesn't bind variable '\(name)'"
        case .returnOutsideFunction: return "'return' is only allowed inside a function, perform or closure"
        case .ifExpressionWithoutElse: return "'if' must have an unconditional 'else' to be used as expression"
        case .initializerReturnValue(let isNil): return isNil ? "only a failable initializer can return 'nil'" : "'nil' is the only return value permitted in an initializer"
        case .divisionByZero: return "division by zero"
        case .extraArgument(let label): return "extra argument \(label.map { "'\($0)' " } ?? "")in call"
        case .throwingFunctionConversion(let from, let to):
            return "invalid conversion from throwing function of type '\(from)' to non-throwing function type '\(to)'"
        case .extraArguments(let positions): return "extra arguments at positions \(positions.map { "#\($0)" }.joined(separator: ", ")) in call"
        case .sliceIndices(let n): return "'\(n)' is an ArraySlice in Swift, which keeps its array's indices; here it is an array indexed from 0"
        case .argumentLabels(let problem, let labels, let count):
            let noun = count == 1 ? "argument label" : "argument labels"
            switch problem {
            case .missing: return "missing \(noun) '\(labels)' in call"
            case .extraneous: return "extraneous \(noun) '\(labels)' in call"
            case .incorrect(let expected): return "incorrect \(noun) in call (have '\(labels)', expected '\(expected)')"
            }
        case .explicitSelfRequired(let n, let isMethod):
            return "\(isMethod ? "call to method" : "reference to property") '\(n)' in closure requires explicit use of 'self' to make capture semantics explicit"
        case .missingArguments(let names):
            return names.count == 1 ? "missing argument for parameter \(names[0]) in call" : "missing arguments for parameters \(names.joined(separator: ", ")) in call"
        case .nonEscapingParameter(let n, .assigned): return "assigning non-escaping parameter '\(n)' to an '@escaping' closure"
        case .nonEscapingParameter(let n, .used): return "using non-escaping parameter '\(n)' in a context expecting an '@escaping' closure"
        case .nonEscapingParameter(let n, .converted(let g)): return "converting non-escaping parameter '\(n)' to generic parameter '\(g)' may allow it to escape"
        case .nonEscapingParameter(let n, .passed): return "passing non-escaping parameter '\(n)' to function expecting an '@escaping' closure"
        case .recursiveValueType(let n, let isEnum):
            return isEnum ? "recursive enum '\(n)' is not marked 'indirect'" : "value type '\(n)' cannot have a stored property that recursively contains it"
        case .constantOverflow(let operation, let type?): return "arithmetic operation '\(operation)' (on \(type)) results in an overflow"
        case .constantOverflow(let operation, nil): return "division '\(operation)' results in an overflow"
        case .uninitializedProperties(_, nil): return "return from initializer without initializing all stored properties"
        case .uninitializedProperties(let names, let call?): return "property 'self.\(names.first ?? "")' not initialized at \(call)"
        case .superInitNotCalled: return "'super.init' isn't called on all paths before returning from initializer"
        case .nonClassConformance(let t, let p): return "non-class type '\(t)' cannot conform to class protocol '\(p)'"
        case .overrideTypeMismatch(let p, let t, let o): return "property '\(p)' with type '\(t)' cannot override a property with type '\(o)'"
        case .initializerNotRequired(let i, let t): return "initializer requirement '\(i)' can only be satisfied by a 'required' initializer in non-final class '\(t)'"
        case .selfUsedBeforeInitialized(let use?): return "'self' used in \(use) before all stored properties are initialized"
        case .selfUsedBeforeInitialized(nil): return "'self' used before all stored properties are initialized"
        case .conflictingGenericArguments(let p, let a, let b): return "conflicting arguments to generic parameter '\(p)' ('\(a)' vs. '\(b)')"
        case .genericRequirement(let f, let t, let r): return "\(f) requires that '\(t)' conform to '\(r)'"
        case .genericArgumentCount(let t, 0, _): return "cannot specialize non-generic type '\(t)'"
        case .genericParameterNotInferred(let name): return "generic parameter '\(name)' could not be inferred"
        case .inaccessible(let n, let part): return part == "setter" ? "cannot assign to property: '\(n)' setter is inaccessible" : "'\(n)'\(part.isEmpty ? "" : " " + part) is inaccessible due to 'private' protection level"
        case .genericArgumentCount(let t, let expected, let got):
            return "generic type '\(t)' specialized with too \(got > expected ? "many" : "few") type parameters (got \(got), but expected \(expected))"
        // A closure's `$0` is "immutable" to swiftc, a named constant "a 'let' constant".
        case .assignToConstant(let n, let property):
            return "cannot assign to \(property ? "property" : "value"): '\(n)' is " + (n.hasPrefix("$") || n == "self" ? "immutable" : "a 'let' constant")
        case .assignToFunction(let n): return "cannot assign to value: '\(n)' is a function"
        case .mutatingOperatorOnConstant(let n): return "left side of mutating operator isn't mutable: '\(n)' is " + (n.hasPrefix("$") || n == "self" ? "immutable" : "a 'let' constant")
        case .immutableInoutArgument(let n): return "cannot pass immutable value as inout argument: '\(n)' is " + (n.hasPrefix("$") || n == "self" ? "immutable" : "a 'let' constant")
        case .importCycle(let chain): return "import cycle: \(chain.joined(separator: " → "))"
        case .importNotFound(let path): return "cannot import '\(path)': no such file"
        case .multipleApps: return "a program may declare 'app' only once"
        case .dollarOutsideIntent(let n): return "'$\(n)' can only be used inside an intent"
        case .unknownParameterProjection(let n, let intent): return "'\(intent)' has no parameter '\(n)'"
        case .shorthandOutsideClosure(let n): return "'\(n)' can only be used inside a closure"
        case .cannotConvert(let actual, let expected, let site):
            if expected.hasPrefix("any "), let message = site.nonConformance(actual, protocol: String(expected.dropFirst(4))) { return message }
            if actual == "nil" {
                switch site {
                case .specified: return "'nil' cannot initialize specified type '\(expected)'"
                case .assigned: return "'nil' cannot be assigned to type '\(expected)'"
                case .subscriptAssigned: return "'nil' cannot be assigned to subscript of type '\(expected)'"
                case .returned: return "'nil' is incompatible with return type '\(expected)'"
                case .coercion: return "'nil' cannot be used in context expecting type '\(expected)'"
                case .defaultValue: return "nil default argument value cannot be converted to type '\(expected)'"
                default: return "'nil' is not compatible with \(site.phrase) '\(expected)'"
                }
            }
            switch site {
            case .returned: return "cannot convert return expression of type '\(actual)' to return type '\(expected)'"
            case .assigned: return "cannot assign value of type '\(actual)' to type '\(expected)'"
            case .subscriptAssigned: return "cannot assign value of type '\(actual)' to subscript of type '\(expected)'"
            case .thrown: return "thrown expression type '\(actual)' cannot be converted to error type '\(expected)'"
            case .coercion: return "cannot convert value of type '\(actual)' to type '\(expected)' in coercion"
            case .defaultValue: return "default argument value of type '\(actual)' cannot be converted to type '\(expected)'"
            default: return "cannot convert value of type '\(actual)' to \(site.phrase) '\(expected)'"
            }
        case .unknownLabel(let name): return "cannot find label '\(name)' in scope"
        case .continueToSwitch: return "'continue' cannot be used with switch statements"
        case .notAClassInstance(let type): return "argument type '\(type)' expected to be an instance of a class or class-constrained type"
        case .binaryOperands(let op, let lhs, let rhs):
            return "binary operator '\(op)' cannot be applied to " + (lhs == rhs ? "two '\(lhs)' operands" : "operands of type '\(lhs)' and '\(rhs)'")
        case .unaryOperand(let op, let type): return "unary operator '\(op)' cannot be applied to an operand of type '\(type)'"
        case .notBoolean(let type, let literal, let operand, let negated):
            // swiftc's three wordings: an integer literal 0 or 1, another `Int`, anything else.
            if literal == "0" || literal == "1" { return "integer literal value '\(literal!)' cannot be used as a boolean; did you mean '\(literal == "0" ? "false" : "true")'?" }
            if type == "Int", literal == nil { return "type 'Int' cannot be used as a boolean; test for '\(negated ? "==" : "!=") 0' instead" }
            return "cannot convert value of type '\(type)' to expected \(operand ? "argument" : "condition") type 'Bool'"
        case .mustUnwrap(let optional, let wrapped):
            return "value of optional type '\(optional)' must be unwrapped to a value of type '\(wrapped)'"
        case .mustUnwrapForMember(let optional, let member, let wrapped):
            return "value of optional type '\(optional)' must be unwrapped to refer to member '\(member)' of wrapped base type '\(wrapped)'"
        case .bindingNotOptional(let type): return "initializer for conditional binding must have Optional type, not '\(type)'"
        case .unexpectedReturnValue: return "unexpected non-void return value in void function"
        case .keyPathRootMismatch(let path, let base): return "key path of type '\(path)' cannot be applied to a base of type '\(base)'"
        case .opaqueResultMismatch(let t):
            return "function declares an opaque return type '\(t)', but the return statements in its body do not have matching underlying types"
        case .missingReturnValue(let type): return "missing return in a function expected to return '\(type)'"
        case .returnWithoutValue: return "non-void function should return a value"
        case .integerLiteralAsBool(let n): return "integer literal value '\(n)' cannot be used as a boolean; did you mean '\(n == 0 ? "false" : "true")'?"
        case .guardFallsThrough: return "'guard' body must not fall through, consider using a 'return' or 'throw' to exit the scope"
        case .usedBeforeInitialized(let name, let isConstant, let use): return "\(isConstant ? "constant" : "variable") '\(name)' \(use) before being initialized"
        case .constantInitializedTwice(let name): return "immutable value '\(name)' may only be initialized once"
        case .emptyCollectionNeedsType: return "empty collection literal requires an explicit type"
        case .heterogeneousCollection(let kind):
            return "heterogeneous collection literal could only be inferred to '\(kind)'; there is no 'Any': give the elements one type"
        case .nilNeedsContext: return "'nil' requires a contextual type"
        case .closureParameterNeedsType(let name): return "cannot infer type of closure parameter '\(name)' without a type annotation"
        case .memberNeedsContext(let name): return "reference to member '\(name)' cannot be resolved without a contextual type"
        case .notCallable(let type): return "cannot call value of non-function type '\(type)'"
        case .ternaryMismatch(let a, let b): return "result values in '? :' expression have mismatching types '\(a)' and '\(b)'"
        case .branchesMismatch(let a, let b): return "branches have mismatching types '\(a)' and '\(b)'"
        case .mutatingOnImmutable(let member, let reason):
            return "cannot use mutating \(member.hasPrefix(VarDecl.lazyGetterPrefix) ? "getter" : "member") on immutable value: \(reason)"
        case .argumentOrder(let a, let b): return "argument '\(a)' must precede argument '\(b)'"
        case .getOnlySubscript: return "cannot assign through subscript: subscript is get-only"
        case .getOnlySubscriptMember(let op): return (op ? "left side of mutating operator isn't mutable" : "cannot assign to property") + ": subscript is get-only"
        case .callNotMarkedTry(let handled):
            return handled ? "call can throw but is not marked with 'try'" : "call can throw, but it is not marked with 'try' and the error is not handled"
        case .callNotMarkedAwait: return "expression is 'async' but is not marked with 'await'"
        case .actorIsolated(let member, let isMethod, let use):
            switch (use, isMethod) {
            case (.mutated, _): return "actor-isolated property '\(member)' can not be mutated from a nonisolated context"
            case (.synchronous(let isolated), true): return "call to actor-isolated instance method '\(member)' in a synchronous \(isolated ? "actor-isolated" : "nonisolated") context"
            case (.synchronous(true), false): return "actor-isolated property '\(member)' can not be referenced on a nonisolated actor instance"
            case (.synchronous(false), false): return "actor-isolated property '\(member)' can not be referenced from a nonisolated context"
            case (.asynchronous, true): return "actor-isolated instance method '\(member)' cannot be called from outside of the actor"
            case (.asynchronous, false): return "actor-isolated property '\(member)' cannot be accessed from outside of the actor"
            }
        case .asyncCallInSyncFunction: return "'async' call in a function that does not support concurrency"
        case .errorNotHandled(let isThrow, let exhaustive):
            let what = isThrow ? "error is not handled" : "errors thrown from here are not handled"
            return what + (exhaustive ? (isThrow ? " because the enclosing function is not declared 'throws'" : "") : " because the enclosing catch is not exhaustive")
        case .coalesceOfNonOptional(let type): return "left side of nil coalescing operator '??' has non-optional type '\(type)', so the right side is never used"
        case .assignToCallResult(let function, let throughSubscript):
            return "cannot assign \(throughSubscript ? "through subscript" : "to property"): " + (function.map { "'\($0)' returns immutable value" } ?? "function call returns immutable value")
        case .assignToPropertyOfConstant(let name, let throughSubscript):
            return "cannot assign \(throughSubscript ? "through subscript" : "to property"): '\(name)' is a 'let' constant"
        case .patternMismatch(let pattern, let subject): return "expression pattern of type '\(pattern)' cannot match values of type '\(subject)'"
        case .bindingNotInEveryPattern(let name): return "'\(name)' must be bound in every pattern"
        case .bindingTypeDiffers(let bound, let expected): return "pattern variable bound to type '\(bound)', expected type '\(expected)'"
        case .switchNotExhaustive: return "switch must be exhaustive"
        case .redundantConformance(let type, let p): return "redundant conformance of '\(type)' to protocol '\(p)'"
        case .protocolMethodBody: return "protocol methods must not have bodies"
        case .mutatingInClass: return "'mutating' is not valid on instance methods in classes"
        case .convenienceOutsideClass(let kinds): return "initializers in \(kinds) are not marked with 'convenience'"
        case .asyncLet(.noInitializer): return "'async let' binding requires an initializer expression"
        case .asyncLet(.captured): return "capturing 'async let' variables is not supported"
        case .asyncLet(.notLocal): return "'async let' can only be used on local declarations"
        case .asyncLet(.readNotMarkedTry): return "reading 'async let' can throw but is not marked with 'try'"
        case .protocolRequirement(let problem):
            switch problem {
            case .noAccessors(let isSubscript): return "\(isSubscript ? "subscript" : "property") in protocol must have explicit { get } or { get set } specifier"
            case .setterWithoutGetter(let isSubscript): return "\(isSubscript ? "subscript" : "variable") with a setter must also have a getter"
            case .duplicateAccessor(let isSubscript, let getter):
                return "\(isSubscript ? "subscript" : "variable") already has a \(getter ? "getter" : "setter")"
            case .notAnAccessor: return "expected get or set in a protocol property"
            case .immutable:
                return "protocols cannot require properties to be immutable; declare read-only properties by using 'var' with a '{ get }' specifier"
            case .initialValue: return "initial value is not allowed here"
            case .accessModifier(let word): return "'\(word)' modifier cannot be used in protocols"
            case .final: return "only classes and class members may be marked with 'final'"
            }
        case .inoutDefault(let name): return "cannot provide default value to inout parameter '\(name)'"
        case .deprecatedRenamed(let old, let new): return "'\(old)' is deprecated: renamed to '\(new)'"
        case .functionUsedAsProperty(let name): return "function '\(name)' was used as a property; add () to call it"
        case .sameTypeRequirement(let callee, let a, let b): return "\(callee) requires the types '\(a)' and '\(b)' be equivalent"
        case .openNonClass: return "only classes and overridable class members can be declared 'open'; use 'public'"
        case .emptyCase: return "'case' label in a 'switch' must have at least one executable statement"
        case .caseAfterDefault: return "additional 'case' blocks cannot appear after the 'default' block of a 'switch'"
        case .optionalPatternMismatch(let type): return "'?' pattern cannot match values of type '\(type)'"
        case .tuplePatternMismatch(let type, let ofElements):
            return "tuple pattern cannot match values of \(ofElements ? "" : "the ")non-tuple type '\(type)'"
        case .closureArity(let type, let expects, let used):
            let arguments = "\(expects) argument\(expects == 1 ? "" : "s")"
            if used == 0 { return "contextual type for closure argument list expects \(arguments), which cannot be implicitly ignored" }
            return "contextual closure type '\(type)' expects \(arguments), but \(used) \(used == 1 ? "was" : "were") used in closure body"
        case .tupleLengthMismatch(let actual, let pattern):
            return "'\(actual)' is not convertible to '\(pattern)', tuples have a different number of elements"
        case .tuplePatternWrongLength(let type): return "tuple pattern has the wrong length for tuple type '\(type)'"
        case .sequencePatternMismatch(let type): return "pattern cannot match values of type '\(type)'"
        case .patternTypeMismatch(let pattern, let type): return "pattern of type '\(pattern)' cannot match '\(type)'"
        case .ambiguousCall(let name): return "ambiguous use of '\(name)'"
        case .noContextualBase(let name): return "cannot infer contextual base in reference to member '\(name)'"
        case .optionalChainOnNonOptional(let type): return "cannot use optional chaining on non-optional value of type '\(type)'"
        case .noMatchingCall(let callee, _): return "no exact matches in call to '\(callee)'"
        case .forceUnwrapNonOptional(let type): return "cannot force unwrap value of non-optional type '\(type)'"
        case .notASequence(let type): return "for-in loop requires '\(type)' to conform to 'Sequence'"
        case .noSubscript(let type): return "value of type '\(type)' has no subscripts"
        case .notAnIntent(let n): return "'\(n)' is not an intent"
        case .instanceMemberOnType(let m, let type):
            return "instance member '\(m)' cannot be used on type '\(type)'; did you mean to use a value of this type instead?"
        case .staticMemberOnInstance(let m, let type): return "static member '\(m)' cannot be used on instance of type '\(type)'"
        case .unknownMember(let m, let type, _, let ofValue):
            // A tuple's is "value of tuple type", as swiftc words it (a function's type starts with a `(` too).
            return (ofValue.map { $0 ? (DiagnosticMessage.isTupleType(type) ? "value of tuple type " : "value of type ") : "type " } ?? "") + "'\(type)' has no member '\(m)'"
        case .storedPropertyInExtension: return "extensions must not contain stored properties"
        case .notConstructible(let t): return "'\(t)' cannot be constructed because it has no accessible initializers"
        case .unsupportedFormatStyle(let m, let type, _): return "'\(m)' of '\(type)' is not supported by shortcut"
        case .payloadPatternMismatch(let name): return "pattern with associated values does not match enum case '\(name)'"
        case .memberExpectsArgument(let member, let type): return "member '\(member)' expects argument of type '\(type)'"
        case .memberIsFunction(let member, let produces):
            return "member '\(member)' is a function that produces expected type '\(produces)'; did you mean to call it?"
        case .caseWithoutValues(let name): return "enum case '\(name)' has no associated values"
        case .noExactSubscript: return "no exact matches in call to subscript"
        case .stringIntSubscript: return "'subscript(_:)' is unavailable: cannot subscript String with an Int, use a String.Index instead"
        case .ownershipNeedsClass(let word, let type): return "'\(word)' may only be applied to class and class-bound protocol types, not '\(type)'"
        case .weakNeedsOptional(let type): return "'weak' variable should have optional type '\(type)?'"
        case .inferredVoid(let kind, let name): return "\(kind) '\(name)' inferred to have type '()', which may be unexpected"
        case .stringIntRangeSubscript: return "'subscript(_:)' is unavailable: cannot subscript String with an integer range, use a String.Index range instead"
        case .resultProtocolMismatch(let why): return why
        case .partialRangeOutsideSubscript:
            return "a one-sided range ('..<n', '...n', or 'x...' of a non-Int) can only be used as a subscript ('xs[..<n]') or in a 'case' pattern"
        case .unknownModule(let name, _): return "no such module '\(name)'"
        case .selfOutsideType: return "'self' is only available inside a type, intent or view"
        case .mutatingInNonMutating(let n): return "cannot assign to property '\(n)' in a method that is not 'mutating'"
        case .unknownView(let n, _): return "unknown view '\(n)' (kept in the view tree, its content drawn)"
        case .unknownModifier(let n, _): return "unknown modifier '.\(n)' (kept in the view tree)"
        case .unknownViewWord(let w, let kind, _, _): return "unknown \(kind) '.\(w)' (kept in the view tree)"
        case .argumentToNoArgumentCall: return "argument passed to call that takes no arguments"
        case .classWithoutInitializers(let n, _): return "class '\(n)' has no initializers"
        case .unusedQuery(let n): return "query '\(n)' is the 'defaultQuery' of no entity, so nothing uses it"
        case .noModifierForm(let n, _): return "no form of '.\(n)' takes these arguments (kept in the view tree)"
        case .declarationNotAtTopLevel(let n): return "'\(n)' must be declared at the top level of a file"
        case .letComputedProperty: return "'let' declarations cannot be computed properties"
        case .tooManyGlobals(let limit): return "a program may declare at most \(limit) top-level variables and functions"
        case .snippetWritesStore(let snippet, let detail): return "snippet '\(snippet)' changes the store in its perform (\(detail))"
        case .unsavedStoreWrite(let writer, let detail): return "\(writer) changes the store outside a perform (\(detail)): the change is not saved"
        case .unsavedStoreField(let field, let type, let reason): return "store field '\(field)' of type '\(type)' cannot be saved: \(reason)"
        case .appShortcutRule(let rule): return "\(rule) (an App Shortcuts rule)"
        case .runtimeError(let message): return message
        }
    }
}

extension DiagnosticMessage {
    /// Whether a type as written is a tuple's (`(Int, Int)`), not a function's (`(Int) -> Int`), which starts with a `(` too.
    static func isTupleType(_ type: String) -> Bool {
        guard type.hasPrefix("(") else { return false }
        var depth = 0
        for (i, c) in type.enumerated() {
            if c == "(" { depth += 1 } else if c == ")" { depth -= 1 }
            if depth == 0 { return !type.dropFirst(i + 1).hasPrefix(" ") }   // `) -> …`, `) throws -> …`: a function
        }
        return true
    }
}
