/// Foundation's `UserDefaults`, written in the language (`StandardTypes`): `UserDefaults.standard` and
/// `UserDefaults(suiteName:)` keep values by key — `set(_:forKey:)` of an `Int`, `Double`, `Bool`, `String`, `[String]`
/// or `Date`, `integer(forKey:)`, `double(forKey:)`, `bool(forKey:)` and `string(forKey:)` converting between them as
/// Foundation does (`"12"` is 12, `true` is `"1"`), `stringArray(forKey:)`, `object(forKey:)`, `removeObject(forKey:)` —
/// in the app's store (`UserDefaultsStore`), so they are kept between runs as a device keeps them. Checked against
/// `swift` on this machine.
extension StandardTypes {
    static let userDefaultsSource = #"""
    final class UserDefaultsStore {
        static let shared = UserDefaultsStore()
        // Each by suite ("standard" for `UserDefaults.standard`), then by key.
        var integers: [String: [String: Int]] = [:]
        var doubles: [String: [String: Double]] = [:]
        var bools: [String: [String: Bool]] = [:]
        var strings: [String: [String: String]] = [:]
        var stringArrays: [String: [String: [String]]] = [:]
        var dates: [String: [String: Date]] = [:]
    }

    struct UserDefaults {
        let suite: String
        static let standard = UserDefaults(suite: "standard")
        init(suite: String) { self.suite = suite }
        init?(suiteName: String?) { self.suite = suiteName ?? "standard" }
        private var store: UserDefaultsStore { UserDefaultsStore.shared }
        private func forget(_ k: String) {
            store.integers[suite]?[k] = nil
            store.doubles[suite]?[k] = nil
            store.bools[suite]?[k] = nil
            store.strings[suite]?[k] = nil
            store.stringArrays[suite]?[k] = nil
            store.dates[suite]?[k] = nil
        }
        func set(_ value: Int, forKey name: String) { let k = name; forget(k); store.integers[suite, default: [:]][k] = value }
        func set(_ value: Double, forKey name: String) { let k = name; forget(k); store.doubles[suite, default: [:]][k] = value }
        func set(_ value: Bool, forKey name: String) { let k = name; forget(k); store.bools[suite, default: [:]][k] = value }
        func set(_ value: String?, forKey name: String) { let k = name; forget(k); store.strings[suite, default: [:]][k] = value }
        func set(_ value: [String], forKey name: String) { let k = name; forget(k); store.stringArrays[suite, default: [:]][k] = value }
        func set(_ value: Date, forKey name: String) { let k = name; forget(k); store.dates[suite, default: [:]][k] = value }
        func removeObject(forKey name: String) { forget(name) }
        func integer(forKey name: String) -> Int {
            let k = name
            if let v = store.integers[suite]?[k] { return v }
            if let v = store.doubles[suite]?[k] { return Int(v) }
            if let v = store.bools[suite]?[k] { return v ? 1 : 0 }
            if let v = store.strings[suite]?[k] { return Int(v) ?? Int(Double(v) ?? 0) }
            return 0
        }
        func double(forKey name: String) -> Double {
            let k = name
            if let v = store.doubles[suite]?[k] { return v }
            if let v = store.integers[suite]?[k] { return Double(v) }
            if let v = store.bools[suite]?[k] { return v ? 1 : 0 }
            if let v = store.strings[suite]?[k] { return Double(v) ?? 0 }
            return 0
        }
        func bool(forKey name: String) -> Bool {
            let k = name
            if let v = store.bools[suite]?[k] { return v }
            if let v = store.integers[suite]?[k] { return v != 0 }
            if let v = store.doubles[suite]?[k] { return v != 0 }
            if let v = store.strings[suite]?[k] { return ["true", "yes", "1"].contains(v.lowercased()) || (Int(v) ?? 0) != 0 }
            return false
        }
        func string(forKey name: String) -> String? {
            let k = name
            if let v = store.strings[suite]?[k] { return v }
            if let v = store.integers[suite]?[k] { return String(v) }
            if let v = store.doubles[suite]?[k] { return String(v) }
            if let v = store.bools[suite]?[k] { return v ? "1" : "0" }
            return nil
        }
        func stringArray(forKey name: String) -> [String]? { store.stringArrays[suite]?[name] }
        func object(forKey name: String) -> Any? {
            let k = name
            if let v = store.integers[suite]?[k] { return v }
            if let v = store.doubles[suite]?[k] { return v }
            if let v = store.bools[suite]?[k] { return v }
            if let v = store.strings[suite]?[k] { return v }
            if let v = store.stringArrays[suite]?[k] { return v }
            if let v = store.dates[suite]?[k] { return v }
            return nil
        }
    }
    """#
}
