/// What a `perform` returns: `.result(value:opensIntent:dialog:view:snippetIntent:)`
/// (SPEC §6). Each part is there or not; the resolver matched the labels.
public final class IntentResult {
    public let value: Value?
    public let opensIntent: Value?
    public let dialog: Value?
    public let view: Value?
    public let snippetIntent: Value?

    init(value: Value?, opensIntent: Value?, dialog: Value?, view: Value?, snippetIntent: Value?) {
        self.value = value
        self.opensIntent = opensIntent
        self.dialog = dialog
        self.view = view
        self.snippetIntent = snippetIntent
    }

    /// The parts given, in §6's order, for printing.
    var parts: [(label: String, value: Value)] {
        [("value", value), ("opensIntent", opensIntent), ("dialog", dialog), ("view", view), ("snippetIntent", snippetIntent)]
            .compactMap { label, v in v.map { (label, $0) } }
    }
}

/// `IntentChoiceOption(title: "Delete", style: .destructive)` (SPEC §5.3).
public final class ChoiceOption {
    public enum Style: String, Sendable {
        case `default`, destructive, cancel
    }

    public let title: Value
    public let style: Style

    init(title: Value, style: Style) {
        self.title = title
        self.style = style
    }
}

/// A `UUID`: 128 bits, shown as its `uuidString` (`E621E1F8-C36C-495A-93FC-0C247A3E6E5F`).
public struct UUIDValue: Hashable, Sendable {
    public let high: UInt64
    public let low: UInt64

    /// A version 4 (random) UUID.
    init(random: inout SeededRandom) {
        var high = random.next(), low = random.next()
        high = (high & ~0xF000) | 0x4000                       // version 4
        low = (low & ~(0xC000 << 48)) | (0x8000 << 48)          // variant 10
        self.high = high
        self.low = low
    }

    /// Reads `E621E1F8-C36C-495A-93FC-0C247A3E6E5F` (either case); nil when it is not one.
    init?(string: String) {
        let hex = string.utf8.filter { $0 != UInt8(ascii: "-") }
        let dashes = string.utf8.enumerated().filter { $0.element == UInt8(ascii: "-") }.map(\.offset)
        guard hex.count == 32, dashes == [8, 13, 18, 23] else { return nil }
        var words: [UInt64] = [0, 0]
        for (i, c) in hex.enumerated() {
            let digit: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = c - UInt8(ascii: "A") + 10
            default: return nil
            }
            words[i / 16] = words[i / 16] << 4 | UInt64(digit)
        }
        high = words[0]
        low = words[1]
    }

    /// Upper-case hex in 8-4-4-4-12 groups, as Foundation's `uuidString`.
    public var uuidString: String {
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(36)
        for (w, word) in [high, low].enumerated() {
            for i in 0..<16 {
                let position = w * 16 + i
                if position == 8 || position == 12 || position == 16 || position == 20 { out.append(UInt8(ascii: "-")) }
                out.append(digits[Int(word >> UInt64(60 - 4 * i) & 0xF)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
