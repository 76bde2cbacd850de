/// Where a value met a type it does not fit, for the wording of the message.
public enum ConversionSite: String, Sendable {
    case specified, argument, returned, assigned, element, key, value, defaultValue, property, parameter
    /// An enum case's raw value (`case a = "x"` in an `Int` enum).
    case rawType
    /// What a `throw` throws where one type of error is declared (`throws(BankError)`).
    case thrown
    /// The value of `x as T` (`"a" as Double`): swiftc's "… to type 'Double' in coercion".
    case coercion
    /// The value assigned to a subscript (`xs[0] = "a"`): swiftc's "… to subscript of type 'Int'".
    case subscriptAssigned
    /// What a closure returns, against its context's result type (`let f: () -> Int = { "a" }`).
    case closureResult

    var phrase: String {
        switch self {
        case .specified: return "specified type"
        case .argument: return "expected argument type"
        case .returned: return "return type"
        case .assigned: return "type"
        case .element: return "expected element type"
        case .key: return "expected dictionary key type"
        case .value: return "expected dictionary value type"
        case .defaultValue: return "the parameter's type"
        case .property: return "the property's type"
        case .parameter: return "the intent parameter's type"
        case .rawType: return "raw type"
        case .thrown: return "error type"
        case .coercion: return "type"
        case .subscriptAssigned: return "subscript of type"
        case .closureResult: return "closure result type"
        }
    }

    /// Swift's words for a value whose type does not conform to the protocol wanted (`let s: Shape = Dog()`); nil where
    /// it says "cannot convert".
    func nonConformance(_ actual: String, protocol p: String) -> String? {
        switch self {
        case .specified: return "value of type '\(actual)' does not conform to specified type '\(p)'"
        case .argument: return "argument type '\(actual)' does not conform to expected type '\(p)'"
        case .returned: return "return expression of type '\(actual)' does not conform to '\(p)'"
        default: return nil
        }
    }
}
