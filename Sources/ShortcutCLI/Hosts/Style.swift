/// Colour and Unicode choices for text output (SPEC §9).
struct Style {
    var color: Bool
    var unicode: Bool

    static func from(_ options: RunOptions, _ io: IO) -> Style {
        let noColor = io.environment("NO_COLOR").map { !$0.isEmpty } ?? false
        let color = options.color ?? (io.stdoutIsTerminal && !noColor && io.environment("TERM") != "dumb")
        return Style(color: color && !noColor || options.color == true, unicode: !options.ascii)
    }
}
