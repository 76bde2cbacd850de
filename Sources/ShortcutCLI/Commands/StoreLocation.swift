import ShortcutRuntime

/// Where an app's store lives (SPEC §8).
enum StoreLocation {
    /// `Caffeine Pal` → `caffeine-pal`.
    static func slug(_ appName: String) -> String {
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
