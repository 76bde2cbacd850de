/// SF Symbols a terminal can show (SPEC §7): the close glyph each one is drawn
/// as, and what a person may type to tap a button that shows only a symbol.
public enum SymbolGlyphs {
    /// Each symbol's look in Unicode and in ASCII.
    public static let table: [String: (unicode: String, ascii: String)] = [
        "plus": ("+", "+"), "minus": ("−", "-"), "plus.circle": ("⊕", "(+)"), "plus.circle.fill": ("⊕", "(+)"),
        "minus.circle": ("⊖", "(-)"), "minus.circle.fill": ("⊖", "(-)"), "checkmark": ("✓", "v"),
        "checkmark.circle": ("✓", "(v)"), "checkmark.circle.fill": ("✔", "(v)"), "xmark": ("✕", "x"),
        "xmark.circle": ("⊗", "(x)"), "xmark.circle.fill": ("⊗", "(x)"), "star": ("☆", "*"), "star.fill": ("★", "*"),
        "heart": ("♡", "<3"), "heart.fill": ("♥", "<3"), "cup.and.saucer": ("☕", "[_]"), "cup.and.saucer.fill": ("☕", "[_]"),
        "trash": ("🗑", "[del]"), "circle": ("○", "o"), "circle.fill": ("●", "*"), "square": ("□", "[ ]"),
        "checkmark.square": ("☑", "[x]"), "arrow.right": ("→", "->"), "arrow.left": ("←", "<-"), "arrow.up": ("↑", "^"),
        "arrow.down": ("↓", "v"), "ticket": ("🎟", "[ticket]"), "person": ("👤", "(person)"), "person.2": ("👥", "(people)"),
        "bolt": ("⚡", "!"), "clock": ("◷", "(clock)"), "calendar": ("▦", "[cal]"), "chart.bar": ("▤", "[bar]"),
        "magnifyingglass": ("⌕", "(find)"), "info.circle": ("ⓘ", "(i)"), "exclamationmark.triangle": ("⚠", "/!\\"),
        "ticket.fill": ("🎟", "[ticket]"), "chevron.right": ("›", ">"), "chevron.left": ("‹", "<"), "chevron.down": ("⌄", "v"),
        "chevron.up": ("⌃", "^"), "map": ("🗺", "[map]"), "book.closed": ("📕", "[book]"), "book": ("📖", "[book]"),
        "building.columns": ("🏛", "[bank]"), "gear": ("⚙", "[gear]"), "gearshape": ("⚙", "[gear]"), "bell": ("🔔", "[bell]"),
        "bell.fill": ("🔔", "[bell]"), "trash.fill": ("🗑", "[del]"), "pencil": ("✎", "[edit]"), "play.fill": ("▶", ">"),
        "pause.fill": ("⏸", "||"), "stop.fill": ("■", "[]"), "house": ("⌂", "[home]"), "house.fill": ("⌂", "[home]"),
        "mappin": ("📍", "[pin]"), "location": ("➤", "[loc]"), "cart": ("🛒", "[cart]"), "creditcard": ("💳", "[card]"),
        "envelope": ("✉", "[mail]"), "phone": ("☎", "[phone]"), "sun.max": ("☀", "[sun]"), "moon": ("☾", "[moon]"),
        "cloud": ("☁", "[cloud]"), "flame": ("🔥", "[fire]"), "drop": ("💧", "[drop]"), "bolt.fill": ("⚡", "!"),
        "hand.thumbsup": ("👍", "[+1]"), "list.bullet": ("☰", "[list]"), "ellipsis": ("…", "..."), "arrow.clockwise": ("↻", "(r)"),
        "arrow.counterclockwise": ("↺", "(u)"), "square.and.arrow.up": ("⇪", "[share]"), "plus.square": ("⊞", "[+]"),
        "minus.square": ("⊟", "[-]"), "cup.and.heat.waves": ("☕", "[_]"), "timer": ("⏲", "(timer)"), "checkmark.square.fill": ("☑", "[x]"),
    ]
}
