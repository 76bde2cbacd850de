#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's maths, so results match Swift's (`pow(10.0, 2.5)` is
/// `316.22776601683796` there and here) without importing Foundation.
enum CMath {
    static func pow(_ x: Double, _ y: Double) -> Double {
        #if canImport(Glibc)
        Glibc.pow(x, y)
        #else
        Darwin.pow(x, y)
        #endif
    }

    /// The functions of one `Double` a program may call (`StandardMath`), by name.
    static let unary: [String: @Sendable (Double) -> Double] = [
        "sin": sin, "cos": cos, "tan": tan, "asin": asin, "acos": acos, "atan": atan,
        "sinh": sinh, "cosh": cosh, "tanh": tanh, "asinh": asinh, "acosh": acosh, "atanh": atanh,
        "exp": exp, "exp2": exp2, "expm1": expm1, "log": log, "log2": log2, "log10": log10, "log1p": log1p,
        "cbrt": cbrt, "trunc": trunc, "tgamma": tgamma, "lgamma": lgamma, "erf": erf, "erfc": erfc,
    ]

    /// The functions of two `Double`s, by name.
    static let binary: [String: @Sendable (Double, Double) -> Double] = [
        "atan2": atan2, "hypot": hypot, "fmod": fmod, "remainder": remainder, "copysign": copysign, "fmin": fmin, "fmax": fmax,
    ]

    /// The function `name` of `x` (and `y`); nil for a name it does not have.
    static func function(_ name: String, _ x: Double, _ y: Double?) -> Double? {
        if let y { return binary[name].map { $0(x, y) } }
        return unary[name].map { $0(x) }
    }
}
