/// Foundation's string comparisons, as en_US orders text: `compare` by Unicode scalars (Swift's `<`);
/// `caseInsensitiveCompare` in lower case; `localizedCompare` in lower case first, then a lower-case letter before
/// its capital (ICU's tertiary strength); `localizedStandardCompare` so too, runs of digits compared as numbers
/// (`file2` before `file10`, as Finder sorts).
enum TextOrder {
    /// -1, 0 or 1, as `ComparisonResult`'s raw values.
    static func compare(_ a: String, _ b: String, _ how: Member) -> Int {
        switch how {
        case .caseInsensitiveCompare, .localizedCaseInsensitiveCompare: return sign(a.lowercased(), b.lowercased())
        case .localizedCompare: return primaryThenCase(a, b, sign(a.lowercased(), b.lowercased()))
        case .localizedStandardCompare: return primaryThenCase(a, b, numeric(Array(a.lowercased()), Array(b.lowercased())))
        default: return sign(a, b)
        }
    }

    private static func sign(_ a: String, _ b: String) -> Int { a < b ? -1 : a == b ? 0 : 1 }

    /// The case of each letter decides only between texts otherwise the same: lower case first.
    private static func primaryThenCase(_ a: String, _ b: String, _ primary: Int) -> Int {
        guard primary == 0 else { return primary }
        for (x, y) in zip(a, b) where x != y {
            if x.isLowercase, y.isUppercase { return -1 }
            if x.isUppercase, y.isLowercase { return 1 }
        }
        return sign(a, b)
    }

    /// Characters one by one, a run of digits as its number (a shorter run of equal value first).
    private static func numeric(_ a: [Character], _ b: [Character]) -> Int {
        var i = 0, j = 0
        while i < a.count, j < b.count {
            if a[i].isASCII, a[i].isNumber, b[j].isASCII, b[j].isNumber {
                var ei = i, ej = j
                while ei < a.count, a[ei].isASCII, a[ei].isNumber { ei += 1 }
                while ej < b.count, b[ej].isASCII, b[ej].isNumber { ej += 1 }
                let x = a[i..<ei].drop { $0 == "0" }, y = b[j..<ej].drop { $0 == "0" }
                if x.count != y.count { return x.count < y.count ? -1 : 1 }
                if let d = zip(x, y).first(where: { $0 != $1 }) { return d.0 < d.1 ? -1 : 1 }
                (i, j) = (ei, ej)
            } else {
                if a[i] != b[j] { return a[i] < b[j] ? -1 : 1 }
                i += 1
                j += 1
            }
        }
        return a.count - i == b.count - j ? 0 : (a.count - i < b.count - j ? -1 : 1)
    }
}
