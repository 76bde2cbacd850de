// Library — the standard library, by the kind of value a member belongs to.
//
// Owns: free functions and conversions (`Builtins.swift`), members of
// arrays and ranges, strings, dictionaries, dates, numbers and types, the
// closures library methods call, and the SwiftUI view vocabulary that
// builds view values. A new method touches one file here.
//
// May not: perform intents, touch stores or transactions, or ask the `Host`
// anything (`print` is the one thing it shows).
