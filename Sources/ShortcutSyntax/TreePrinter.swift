/// What the tree printers share (`ASTPrinter`, the runtime's `IRPrinter`):
/// text built a line at a time, two spaces an indent, and nested
/// S-expressions whose closing parenthesis ends their last line.
public protocol TreePrinter {
    var out: String { get set }
    var indent: Int { get set }
}

extension TreePrinter {
    /// One line at the current indent.
    public mutating func line(_ text: String) {
        out += String(repeating: "  ", count: indent) + text + "\n"
    }

    /// `(head` on a line, what `body` prints one level in, and `)` closing the last line.
    public mutating func nested(_ head: String, _ body: (inout Self) -> Void) {
        line("(" + head)
        indent += 1
        body(&self)
        indent -= 1
        out.removeLast()
        out += ")\n"
    }
}
