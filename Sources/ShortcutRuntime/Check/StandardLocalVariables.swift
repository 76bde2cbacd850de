/// A body's variables with accessors, as Swift has them (`var count = 0 { didSet { … } }`, `var area: Int { get { … } set
/// { … } }` inside a function): the variable is a hidden local holding one of these boxes, and each use of its name is the
/// box's `__value` (`Resolver.localWithAccessors`), so every way a place changes — `=`, `+=`, a mutating method, an element,
/// `inout` — goes through the property's observers or setter, as a stored property's do. The accessors are closures made
/// where the variable is declared, given to the box once it is made (so their parameters' types are the value's and
/// they may name the variable): they see the body's other variables as Swift's do. An observer is given the box (its
/// name is the variable's hidden one, so the variable's name inside it is the value), and an assignment to the variable
/// inside its own observer does not run the observers again, as in Swift.
extension StandardTypes {
    static let localVariablesSource = """
    final class __ObservedVariable<Value> {
        var __observing = false
        var __willSet: ((__ObservedVariable<Value>, Value) -> Void)? = nil
        var __didSet: ((__ObservedVariable<Value>, Value) -> Void)? = nil
        var __value: Value {
            willSet {
                if !__observing, let observer = __willSet { __observing = true; observer(self, newValue); __observing = false }
            }
            didSet {
                if !__observing, let observer = __didSet { __observing = true; observer(self, oldValue); __observing = false }
            }
        }
        init(_ value: Value) { __value = value }
    }

    final class __ComputedVariable<Value> {
        var __get: (() -> Value)? = nil
        var __set: ((Value) -> Void)? = nil
        var __value: Value {
            get { __get!() }
            set { __set!(newValue) }
        }
    }
    """

    /// A `weak var`, as a property wrapper (`PropertyWrappers.weakAsWrapped`, `Resolver.localWrapped`): the instance held by
    /// a reference that does not keep it (`__weakReference`), read back as nil once it has gone. `Value` is the
    /// variable's own (optional) type: nil passes `as!` to it.
    static let weakSource = """
    struct __Weak<Value> {
        var __reference: Any
        init(wrappedValue: Value) { __reference = __weakReference(wrappedValue) }
        var wrappedValue: Value {
            get { __weakValue(__reference) as! Value }
            set { __reference = __weakReference(newValue) }
        }
    }

    struct __Unowned<Value> {
        var __reference: Any
        init(wrappedValue: Value) { __reference = __weakReference(wrappedValue) }
        var wrappedValue: Value {
            get {
                guard let value = __weakValue(__reference) else {
                    fatalError("attempted to read an unowned reference but the object was already deallocated")
                }
                return value as! Value
            }
            set { __reference = __weakReference(newValue) }
        }
    }
    """

    /// The box types' names, which a program wants by declaring such a variable (`Resolver.missedPreludes`).
    static let localVariableTypes = ["__ObservedVariable", "__ComputedVariable"]
}
