/// The C library's maths as Foundation (Glibc, Darwin) gives it to Swift: `sin`, `cos`, `atan2`, `exp`, `log`…
/// of `Double`s, and `M_PI`, `M_E` — written in the language (`StandardTypes.preludes`), each a call of the C
/// function by name (`CMath`), so results are this machine's, as Swift's are.
extension StandardTypes {
    static let unaryMath = ["sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh",
                            "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "cbrt", "trunc", "tgamma", "lgamma", "erf", "erfc"]
    static let binaryMath = ["atan2", "hypot", "fmod", "remainder", "copysign", "fmin", "fmax"]
    static let mathConstants = ["M_PI": "3.141592653589793", "M_PI_2": "1.5707963267948966", "M_PI_4": "0.7853981633974483",
                                "M_E": "2.718281828459045", "M_SQRT2": "1.4142135623730951", "M_LN2": "0.6931471805599453",
                                "M_LN10": "2.302585092994046", "M_1_PI": "0.3183098861837907", "M_2_PI": "0.6366197723675814"]

    /// Each function and constant its own prelude: a program names the few it uses, and may declare others of those names.
    static var mathPreludes: [Prelude] {
        unaryMath.map { name in
            Prelude(wanted: [name], declared: [name], source: "func \(name)(_ x: Double) -> Double { __math(\"\(name)\", x) }", fileName: "Foundation.shortcut")
        } + binaryMath.map { name in
            Prelude(wanted: [name], declared: [name], source: "func \(name)(_ x: Double, _ y: Double) -> Double { __math(\"\(name)\", x, y) }",
                    fileName: "Foundation.shortcut")
        } + mathConstants.sorted(by: { $0.key < $1.key }).map { name, value in
            Prelude(wanted: [name], declared: [name], source: "let \(name) = \(value)", fileName: "Foundation.shortcut")
        }
    }
}
