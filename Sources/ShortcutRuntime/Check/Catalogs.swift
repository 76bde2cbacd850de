import ShortcutSyntax

/// Functions the system provides inside intents, flows and tests (SPEC §5.3, §5.9, §5.11).
enum SystemFunction: String, CaseIterable {
    case requestConfirmation, requestChoice, ask, choose, open, answer, expect, expectError, reload
    case IntentChoiceOption, AppShortcut
}

/// The views and modifiers of SPEC §7.
enum ViewCatalog {
    static let views = ["VStack", "HStack", "ZStack", "Group", "Text", "Label", "Image", "Spacer", "Divider",
                        "Button", "Toggle", "ProgressView", "Gauge", "ForEach"]
    static let modifiers = ["font", "bold", "italic", "foregroundStyle", "foregroundColor", "padding", "frame", "background",
                            "clipShape", "contentTransition", "buttonStyle", "multilineTextAlignment", "tint",
                            "opacity", "cornerRadius", "lineLimit", "monospacedDigit", "fontWeight", "symbolRenderingMode",
                            "imageScale", "labelStyle", "toggleStyle", "gaugeStyle", "progressViewStyle", "disabled", "id"]
}
