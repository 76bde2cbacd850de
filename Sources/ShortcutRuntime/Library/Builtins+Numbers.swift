/// An `Int` or a `Double`: what the numeric builtins take.
enum Number {
    case int(Int)
    case double(Double)

    @inline(__always)
    init?(_ value: Value) {
        switch value {
        case .int(let i): self = .int(i)
        case .double(let d): self = .double(d)
        default: return nil
        }
    }

    /// The number a register holds, read in place (no copy of the `Value`).
    @inline(__always)
    init?(_ register: UnsafeMutablePointer<Value>) {
        if let i = register.int {
            self = .int(i)
        } else if let d = register.double {
            self = .double(d)
        } else {
            return nil
        }
    }

    var asDouble: Double {
        switch self {
        case .int(let i): Double(i)
        case .double(let d): d
        }
    }

    var value: Value {
        switch self {
        case .int(let i): .int(i)
        case .double(let d): .double(d)
        }
    }
}

extension Builtin {
    /// The builtin that does the work of a Double's method of no arguments: `squareRoot()` is `sqrt`'s,
    /// `rounded()` is `round`'s.
    init?(method: String) {
        switch method {
        case "squareRoot": self = .sqrt
        case "rounded": self = .round
        default: return nil
        }
    }

    /// The builtins `numeric(_:_:)` answers: the VM's `call-numeric` tries them on its registers first.
    var isNumeric: Bool {
        switch self {
        case .abs, .min, .max, .round, .floor, .ceil, .sqrt, .pow, .int, .double: true
        default: false
        }
    }

    /// Of those, the ones whose value is a number (or nil) whatever their arguments: `min`, `max` and `abs` give back
    /// one of their arguments, which may be any `Comparable` — a string, a struct, a class instance
    /// (`BytecodeCompiler.referenceEffect`).
    var givesANumber: Bool {
        switch self {
        case .round, .floor, .ceil, .sqrt, .pow, .int, .double: true
        default: false
        }
    }
}

extension Interpreter {
    /// `numeric` of `count` arguments, the first `x` and the second `y` (asked for only when there are two), when
    /// there are one or two and each is a number; nil otherwise.
    @inline(__always)
    static func numeric(_ builtin: Builtin, count: Int, _ x: Number?, _ y: @autoclosure () -> Number?) -> Value? {
        guard let x else { return nil }
        switch count {
        case 1: return numeric(builtin, x, nil)
        case 2: return y().flatMap { numeric(builtin, x, $0) }
        default: return nil
        }
    }

    /// A numeric builtin of one or two unlabelled numbers, as Swift has it: `abs`, `round`, `floor`, `ceil`, `sqrt`,
    /// `Int(_:)`, `Double(_:)`; `min`, `max` of two numbers of one type, `pow`. Nil for anything else and where
    /// Swift would stop the program (`abs(Int.min)`, `Int(Double.nan)`): `callBuiltin` says why.
    /// One definition for both callers: the general `callBuiltin` and the VM's `call-numeric`.
    @inline(__always)
    static func numeric(_ builtin: Builtin, _ x: Number, _ y: Number?) -> Value? {
        guard let y else {
            switch (builtin, x) {
            case (.abs, .int(let i)): return i == .min ? nil : .int(Swift.abs(i))
            case (.abs, .double(let d)): return .double(Swift.abs(d))
            case (.round, .int), (.floor, .int), (.ceil, .int), (.int, .int), (.double, .double):
                return x.value
            case (.round, .double(let d)): return .double(d.rounded())
            case (.floor, .double(let d)): return .double(d.rounded(.down))
            case (.ceil, .double(let d)): return .double(d.rounded(.up))
            case (.sqrt, _): return .double(x.asDouble.squareRoot())
            case (.double, .int(let i)): return .double(Double(i))
            case (.int, .double(let d)):
                // Swift's `Int(_:)` stops the program outside Int's range: the caller says so.
                guard d.isFinite, d >= -0x1p63, d < 0x1p63 else { return nil }
                return .int(Int(d))
            default: return nil
            }
        }
        switch (builtin, x, y) {
        // Swift's `min(x, y)` is `y < x ? y : x` and `max(x, y)` is `y >= x ? y : x`: which zero, which NaN.
        case (.min, .int(let a), .int(let b)): return .int(b < a ? b : a)
        case (.max, .int(let a), .int(let b)): return .int(b >= a ? b : a)
        case (.min, .double(let a), .double(let b)): return .double(b < a ? b : a)
        case (.max, .double(let a), .double(let b)): return .double(b >= a ? b : a)
        case (.pow, _, _): return .double(CMath.pow(x.asDouble, y.asDouble))
        default: return nil
        }
    }

    /// `String(c)` of a string (a character is one here), `Int(s)` and `Double(s)` of one — nil where Swift's are, as
    /// this machine's parse (no spaces around the digits) — for `callBuiltin` and for the VM without its `Arguments`
    /// (JSON's `Int(String(chars[i]))`); nil for anything else.
    static func convertedText(_ builtin: Builtin, _ text: String) -> Value? {
        switch builtin {
        case .string: return .string(text)
        case .int: return Int(text).map { .int($0) } ?? .null
        case .double: return Double(text).map { .double($0) } ?? .null
        default: return nil
        }
    }
}
