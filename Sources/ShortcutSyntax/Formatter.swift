/// `shortcut fmt`: one canonical layout, keeping every comment where it was.
///
/// The formatter works on lines and tokens, not by reprinting the syntax
/// tree, so comments, blank lines between groups, and the spelling of
/// literals (`1_000`, `0xFF`) stay as written:
/// 1. inside an intent or snippet, members are put in order — metadata, then
///    `@Parameter` and `@Dependency`, then other members, then `perform` —
///    each moving with the comments above it;
/// 2. lines are indented 4 spaces per open bracket; a line starting with `.`
///    continues its statement one level deeper (level with a `}` or a modifier
///    above it; not after a `,` or as a block's first line); a line inside an
///    argument list that began on its opener's line keeps its alignment, as
///    Apple's code aligns arguments; a multi-line string moves as a whole, so
///    its value never changes;
/// 3. a line longer than `FormatterLimits.lineLength` with a chain of
///    modifiers (`.font(…).bold()`) is split one modifier per line;
/// 4. trailing blanks go, runs of blank lines become one, the file ends with
///    one line break.
/// Formatting is idempotent: formatting formatted text changes nothing.
public enum Formatter {
    public enum Failure: Error {
        /// The file has syntax errors; broken code is never formatted.
        case syntax([Diagnostic])
    }

    public static func format(_ source: String, name: String = "<input>") -> Result<String, Failure> {
        let file = SourceFile(name: name, text: source)
        let (unit, diagnostics) = Parser.parse(file, fileIndex: 0)
        if diagnostics.contains(where: \.isError) { return .failure(.syntax(diagnostics)) }
        let ordered = orderMembers(file, unit)
        let indented = reindent(ordered)
        let split = splitLongChains(indented)
        return .success(tidy(split == indented ? indented : reindent(split)))
    }

    // MARK: 1. Member order

    static func orderMembers(_ file: SourceFile, _ unit: SourceUnit) -> String {
        var text = Array(file.bytes)
        // Work from the end of the file so earlier offsets stay valid.
        let intents = unit.items.compactMap { item -> (Decl, IntentDecl)? in
            if case .declaration(let d) = item.kind, case .intent(let i) = d.kind { return (d, i) }
            return nil
        }
        // The Swift form is Apple's code: its members stay where its author put them.
        for (decl, intent) in intents.reversed() where !intent.isSwiftForm {
            var members: [(rank: Int, start: Int, end: Int)] = []
            for m in intent.members.metadata { members.append((0, Int(m.keyRange.start), Int(m.value.range.end))) }
            for p in intent.parameters { members.append((1, Int(p.range.start), Int(p.range.end))) }
            for d in intent.dependencies { members.append((1, Int(d.range.start), Int(d.range.end))) }
            for p in intent.members.properties { members.append((2, Int(p.range.start), Int(p.range.end))) }
            for f in intent.members.functions { members.append((2, Int(f.range.start), Int(f.range.end))) }
            if let perform = intent.perform, let keyword = keywordStart("perform", before: Int(perform.range.start), in: text) {
                members.append((3, keyword, Int(perform.range.end)))
            }
            members.sort { $0.start < $1.start }
            let ranks = members.map(\.rank)
            guard ranks != ranks.sorted(), let open = firstIndex(of: UInt8(ascii: "{"), from: Int(decl.nameRange.end), in: text),
                  let last = members.last else { continue }
            // Each member's span runs from just after the previous one's line to the end of its own line,
            // so the comments above a member move with it.
            var spans: [(rank: Int, bytes: [UInt8])] = []
            var cursor = lineEnd(after: open, in: text)
            for m in members {
                let end = lineEnd(after: m.end - 1, in: text)
                spans.append((m.rank, Array(text[cursor..<end])))
                cursor = end
            }
            let reordered = spans.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }.flatMap(\.element.bytes)
            let start = lineEnd(after: open, in: text)
            let stop = lineEnd(after: last.end - 1, in: text)
            text.replaceSubrange(start..<stop, with: reordered)
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Offset just past the line break ending the line that holds `offset`.
    static func lineEnd(after offset: Int, in text: [UInt8]) -> Int {
        var i = offset
        while i < text.count, text[i] != UInt8(ascii: "\n") { i += 1 }
        return min(text.count, i + 1)
    }

    static func firstIndex(of byte: UInt8, from: Int, in text: [UInt8]) -> Int? {
        var i = from
        while i < text.count {
            if text[i] == byte { return i }
            i += 1
        }
        return nil
    }

    /// Where `word` starts, the last word before `offset` (skipping blanks).
    static func keywordStart(_ word: String, before offset: Int, in text: [UInt8]) -> Int? {
        let w = Array(word.utf8)
        var i = offset - 1
        while i >= 0, text[i] == UInt8(ascii: " ") || text[i] == UInt8(ascii: "\t") || text[i] == UInt8(ascii: "\n") { i -= 1 }
        let start = i - w.count + 1
        guard start >= 0, Array(text[start...i]) == w else { return nil }
        return start
    }

    // MARK: 2. Indentation

    /// The width of one level of indentation.
    public static let indentWidth = 4

    static func reindent(_ source: String) -> String {
        let file = SourceFile(name: "<fmt>", text: source)
        var lexer = Lexer(file: file, fileIndex: 0)
        let tokens = lexer.tokenize()
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // For each line: the lines on which the brackets still open at its start were opened,
        // what the line starts with, and whether it lies inside a multi-line string.
        var openersAtLine = [[Int]](repeating: [], count: lines.count + 1)
        var firstToken = [Token?](repeating: nil, count: lines.count + 1)
        var lastToken = [Token?](repeating: nil, count: lines.count + 1)
        // Brackets after which the same line goes on (`.result(value: amount,`): the lines up to their
        // closing one keep the alignment their author gave them, as Apple's code aligns arguments.
        var hangingOpeners: [Bool] = []
        var hangingAtLine = [Bool](repeating: false, count: lines.count + 1)
        var insideString = [Bool](repeating: false, count: lines.count + 1)
        var ownerLineOfString = [Int](repeating: -1, count: lines.count + 1)
        var openers: [Int] = []
        var tokenIndex = 0
        for lineNumber in 0..<lines.count {
            let lineStart = file.lineStarts[lineNumber]
            let lineEnd = lineNumber + 1 < file.lineStarts.count ? file.lineStarts[lineNumber + 1] : file.bytes.count
            while tokenIndex < tokens.count, Int(tokens[tokenIndex].range.end) <= lineStart, tokens[tokenIndex].kind != .eof {
                tokenIndex += 1
            }
            openersAtLine[lineNumber] = openers
            hangingAtLine[lineNumber] = hangingOpeners.last ?? false
            var i = tokenIndex
            while i < tokens.count, tokens[i].kind != .eof, Int(tokens[i].range.start) < lineEnd {
                let t = tokens[i]
                if Int(t.range.start) >= lineStart, firstToken[lineNumber] == nil { firstToken[lineNumber] = t }
                if Int(t.range.start) >= lineStart { lastToken[lineNumber] = t }
                if Int(t.range.start) < lineStart {
                    // A token that began on an earlier line (a multi-line string) covers this one.
                    insideString[lineNumber] = true
                    ownerLineOfString[lineNumber] = file.location(of: Int(t.range.start)).line - 1
                } else if case .punct(let p) = t.kind {
                    switch p {
                    case .lbrace, .lparen, .lbracket:
                        openers.append(lineNumber)
                        let next = i + 1 < tokens.count ? tokens[i + 1] : nil
                        let goesOn = p == .lparen && next.map { Int($0.range.start) < lineEnd && $0.kind != .punct(.rparen) && $0.kind != .eof } ?? false
                        hangingOpeners.append(goesOn)
                    case .rbrace, .rparen, .rbracket:
                        if !openers.isEmpty { openers.removeLast() }
                        if !hangingOpeners.isEmpty { hangingOpeners.removeLast() }
                    default: break
                    }
                }
                if Int(t.range.end) > lineEnd { break }
                i += 1
            }
        }
        /// Brackets opened on one line add one level together: the level is the number of distinct opening lines.
        func distinctLines(_ lines: ArraySlice<Int>) -> Int {
            var count = 0
            var last = -1
            for l in lines where l != last {
                count += 1
                last = l
            }
            return count
        }
        var out: [String] = []
        var newIndent = [Int](repeating: 0, count: lines.count)
        var oldIndent = [Int](repeating: 0, count: lines.count)
        var switchLevels: Set<Int> = []
        var previousCode: (level: Int, baseLevel: Int, startsWithCloser: Bool, isModifier: Bool)?
        for (n, line) in lines.enumerated() {
            let content = line.drop { $0 == " " || $0 == "\t" }
            oldIndent[n] = line.count - content.count
            if insideString[n] {
                // Inside a multi-line string: move with the line that opened it, blanks and all,
                // so the indentation the closing delimiter strips stays the same.
                let owner = max(0, ownerLineOfString[n])
                let shift = newIndent[owner] - oldIndent[owner]
                let kept = max(0, oldIndent[n] + shift)
                newIndent[n] = kept
                out.append(String(repeating: " ", count: kept) + content)
                continue
            }
            guard !content.isEmpty else {
                out.append("")
                continue
            }
            let open = openersAtLine[n]
            // A line inside an argument list that began on its opener's line keeps its own alignment.
            if hangingAtLine[n], n > 0 {
                newIndent[n] = oldIndent[n]
                out.append(line)
                continue
            }
            var level = distinctLines(open[...])
            let baseLevel = level
            var isModifier = false
            var startsWithCloser = false
            if let t = firstToken[n], case .punct(let p) = t.kind, p == .rbrace || p == .rparen || p == .rbracket, let top = open.last {
                // A closing line lines up with the line that opened its bracket.
                level = distinctLines(open.prefix { $0 < top })
                startsWithCloser = true
            }
            if let t = firstToken[n] {
                switch t.kind {
                case .punct(.dot), .punct(.optionalDot):
                    // A modifier continues the expression above: one level in; level with a closing `}` it
                    // follows or with the modifier above it; and not at all as a block's first line
                    // (`perform {` then `.result(…)`).
                    isModifier = true
                    let previousEnd = (0..<n).reversed().first { lastToken[$0] != nil }.flatMap { lastToken[$0]?.kind }
                    if let previous = previousCode {
                        if baseLevel > previous.baseLevel || previousEnd == .punct(.comma) {
                            isModifier = false
                        } else if previous.startsWithCloser || (previous.isModifier && previous.baseLevel == baseLevel) {
                            level = previous.level
                        } else {
                            level += 1
                        }
                    } else {
                        level += 1
                    }
                case .punct(.and), .punct(.or), .punct(.coalesce):
                    level += 1
                case .keyword(.case), .keyword(.default):
                    // `case` sits at its `switch`'s level.
                    if switchLevels.contains(level - 1) { level -= 1 }
                default: break
                }
                if case .keyword(.switch) = t.kind { switchLevels.insert(level) }
            }
            level = max(0, level)
            newIndent[n] = level * indentWidth
            out.append(String(repeating: " ", count: newIndent[n]) + content)
            previousCode = (level, baseLevel, startsWithCloser, isModifier)
        }
        return out.joined(separator: "\n")
    }

    // MARK: 3. Long modifier chains

    static func splitLongChains(_ source: String) -> String {
        var out: [String] = []
        for line in source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            guard line.count > FormatterLimits.lineLength, let pieces = chainPieces(line), pieces.count > 2 else {
                out.append(line)
                continue
            }
            let indent = String(line.prefix { $0 == " " })
            out.append(pieces[0])
            for piece in pieces.dropFirst() { out.append(indent + String(repeating: " ", count: indentWidth) + piece) }
        }
        return out.joined(separator: "\n")
    }

    /// Splits a line before each `.name(` that follows a `)` at the line's outermost level.
    static func chainPieces(_ line: String) -> [String]? {
        var pieces: [String] = []
        var current = ""
        var depth = 0
        var inString = false
        var previous: Character = " "
        let chars = Array(line)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == "\"" && previous != "\\" { inString.toggle() }
            if !inString {
                if c == "/" && i + 1 < chars.count && chars[i + 1] == "/" { return nil }   // a trailing comment: leave the line alone
                if c == "(" || c == "[" || c == "{" { depth += 1 }
                if c == ")" || c == "]" || c == "}" { depth -= 1 }
                if c == ".", depth == 0, previous == ")", i + 1 < chars.count, chars[i + 1].isLetter {
                    pieces.append(current.hasSuffix(" ") ? String(current.dropLast()) : current)
                    current = ""
                }
            }
            current.append(c)
            previous = c
            i += 1
        }
        pieces.append(current)
        return pieces.count > 1 ? pieces : nil
    }

    /// Lines (zero-based) that lie inside a multi-line string, after its first line.
    static func stringInteriorLines(_ source: String) -> Set<Int> {
        let file = SourceFile(name: "<fmt>", text: source)
        var lexer = Lexer(file: file, fileIndex: 0)
        var lines: Set<Int> = []
        for token in lexer.tokenize() {
            guard case .string = token.kind else { continue }
            let first = file.location(of: Int(token.range.start)).line - 1
            let last = file.location(of: Int(token.range.end)).line - 1
            if last > first { lines.formUnion((first + 1)...last) }
        }
        return lines
    }

    // MARK: 4. Blank lines and trailing blanks

    static func tidy(_ source: String) -> String {
        let interior = stringInteriorLines(source)
        var out: [String] = []
        for (n, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if interior.contains(n) {
                out.append(String(line))   // part of a string's value: untouched
                continue
            }
            var trimmed = String(line)
            while trimmed.last == " " || trimmed.last == "\t" { trimmed.removeLast() }
            if trimmed.isEmpty, out.last?.isEmpty ?? true { continue }
            out.append(trimmed)
        }
        while out.last?.isEmpty == true { out.removeLast() }
        return out.joined(separator: "\n") + "\n"
    }
}

/// Limits of the formatter.
public enum FormatterLimits {
    /// Lines longer than this with a chain of modifiers are split one modifier per line.
    public static let lineLength = 100
}
