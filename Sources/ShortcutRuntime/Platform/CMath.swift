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
}
