import ShortcutRuntime

/// Where an app's store lives (SPEC §8).
enum StoreLocation {
    /// `Caffeine Pal` → `caffeine-pal`: letters and digits lowercased, each run of anything else one `-`.
    static func slug(_ appName: String) -> String {
        guard appName.utf8.allSatisfy({ $0 < 0x80 }) else { return slug(characters: appName) }
        // An ASCII name byte by byte, as `slug(characters:)` would make it: every run makes its store's path, and the
        // Unicode tables and the grapheme breaking that reading Characters maps in were 4 page faults of `hello`.
        var out: [UInt8] = []
        for byte in appName.utf8 {
            let lower = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
            if lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z") || lower >= UInt8(ascii: "0") && lower <= UInt8(ascii: "9") {
                out.append(lower)
            } else if !out.isEmpty && out.last != UInt8(ascii: "-") {
                out.append(UInt8(ascii: "-"))
            }
        }
        if out.last == UInt8(ascii: "-") { out.removeLast() }
        return out.isEmpty ? "app" : String(decoding: out, as: UTF8.self)
    }

    /// `slug` of any name, Character by Character.
    static func slug(characters appName: String) -> String {
        var out = ""
        for c in appName.lowercased() {
            if c.isLetter || c.isNumber { out.append(c) } else if !out.hasSuffix("-") { out.append("-") }
        }
        while out.hasSuffix("-") { out.removeLast() }
        while out.hasPrefix("-") { out.removeFirst() }
        return out.isEmpty ? "app" : out
    }

    /// `--store PATH`, else `$SHORTCUT_STORE_DIR/<slug>.json`, else
    /// `$XDG_DATA_HOME/shortcut/stores/<slug>.json`, else `~/.local/share/shortcut/stores/<slug>.json`.
    static func path(appName: String, explicit: String?, io: IO) -> String {
        if let explicit { return explicit }
        let file = slug(appName) + ".json"
        if let dir = io.environment("SHORTCUT_STORE_DIR"), !dir.isEmpty { return dir + "/" + file }
        if let data = io.environment("XDG_DATA_HOME"), !data.isEmpty { return data + "/shortcut/stores/" + file }
        let home = io.environment("HOME") ?? "."
        return home + "/.local/share/shortcut/stores/" + file
    }
}
