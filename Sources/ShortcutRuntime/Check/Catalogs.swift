import ShortcutSyntax

/// Functions the system provides inside intents, flows and tests (SPEC §5.3, §5.9, §5.11).
enum SystemFunction: String, CaseIterable {
    case requestConfirmation, requestChoice, ask, choose, open, answer, expect, expectError, reload
    /// A `ForegroundContinuableIntent`'s question before it goes on in the app (asked as a confirmation here).
    case requestToContinueInForeground
    /// `try await continueInForeground(dialog, alwaysConfirm:)` (iOS 26): the same question, unless `alwaysConfirm: false`.
    case continueInForeground
    /// `throw needsToContinueInForegroundError(dialog) { … }`: the error that ends the intent to go on in the app.
    case needsToContinueInForegroundError
    case IntentChoiceOption, AppShortcut
}

/// The names of the views and modifiers of SPEC §7, for lookups and suggestions.
enum ViewCatalog {
    static let views = ViewKind.known.map(\.rawValue)
    /// SwiftUI values that modifiers take (`.background(Color(…).gradient)`, `.clipShape(Circle())`):
    /// kept by name, not drawn (SPEC §13).
    static let styleValues: Set<String> = ["Color", "RoundedRectangle", "Circle", "Capsule", "Rectangle", "Ellipse",
                                           "LinearGradient", "RadialGradient", "Gradient", "ContainerRelativeShape"]
}
