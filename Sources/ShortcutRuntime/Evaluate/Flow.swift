import ShortcutSyntax

/// How a `return`, `break` or `continue` leaves a statement list.
enum Flow {
    case normal
    case breakLoop
    case continueLoop
    case returned(Value)
}
