/// A function value: code plus the cells it captured, or a bound method.
public final class Function {
    let code: FunctionCode
    let captures: [Cell]
    /// For bound methods (`let f = xs.append` is not supported; this is for `store.method` values).
    let receiver: Value?
    init(code: FunctionCode, captures: [Cell], receiver: Value? = nil) {
        self.code = code
        self.captures = captures
        self.receiver = receiver
    }
}
