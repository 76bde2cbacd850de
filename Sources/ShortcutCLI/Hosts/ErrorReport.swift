import ShortcutRuntime
import ShortcutSyntax

/// Turns errors into the text a person reads, through the one diagnostic renderer.
struct ErrorReport {
    let renderer: DiagnosticRenderer

    init(files: [SourceFile], color: Bool) {
        renderer = DiagnosticRenderer(files: files, color: color)
    }

    /// A runtime error: position, source line, caret, and the call chain as notes.
    /// Runs of the same frame (recursion) are shown once with a count.
    /// A cancellation is the person's choice, not a fault: one plain line.
    func render(_ error: ScriptError) -> String {
        if case .cancelled = error.kind {
            let place = renderer.position(error.range).map { " at \($0.file):\($0.location)" } ?? ""
            return "cancelled\(place); nothing was changed\n"
        }
        var runs: [(function: String, site: SourceRange, count: Int)] = []
        for frame in error.trace where frame.function != "top level" {
            if let last = runs.last, last.function == frame.function, last.site == frame.callSite {
                runs[runs.count - 1].count += 1
            } else {
                runs.append((frame.function, frame.callSite, 1))
            }
        }
        if error.omittedFrames > 0, !runs.isEmpty { runs[runs.count - 1].count += error.omittedFrames }
        var notes: [String] = []
        for (i, run) in runs.prefix(ErrorReport.maximumTraceLines).enumerated() {
            let site = renderer.position(run.site).map { "\($0.file):\($0.location)" } ?? "the system"
            let times = run.count > 1 ? " (\(run.count) times)" : ""
            notes.append(i == 0 ? "in \(run.function), called from \(site)\(times)" : "  from \(run.function), called from \(site)\(times)")
        }
        if runs.count > ErrorReport.maximumTraceLines {
            notes.append("  … and \(runs.count - ErrorReport.maximumTraceLines) more")
        }
        if let origin = error.origin { notes.append("  from \(origin)") }
        let diagnostic = Diagnostic(.runtimeError(ErrorReport.message(error)), at: error.range, notes: notes)
        return renderer.render(diagnostic)
    }

    /// The error's message, with the command-line option that sets the limit it
    /// passed (the runtime knows limits, not flags).
    static func message(_ error: ScriptError) -> String {
        switch error.kind {
        case .stackOverflow(.depthLimit): return error.message + " (--max-depth)"
        case .timeout: return error.message + " (--timeout)"
        case .runtime(.memoryNeeded), .runtime(.memoryUsed): return error.message + " (--max-memory)"
        case .storeError(.doesNotFit): return error.message + "; run with --reset-store to start the store afresh, or change the field back"
        case .thrown, .runtime, .stackOverflow, .cancelled, .inputNeeded, .needsValue, .storeError(.file), .storeError(.corrupt), .storeError(.conflict): return error.message
        }
    }

    /// How many calls of a trace are shown (runaway recursion has thousands).
    static let maximumTraceLines = 8

    /// The exit code an error ends a run with.
    static func exitCode(for error: ScriptError) -> ExitCode {
        switch error.kind {
        case .cancelled: return .cancelled
        case .inputNeeded: return .input
        case .storeError: return .store
        case .thrown, .runtime, .stackOverflow, .timeout, .needsValue: return .failure
        }
    }
}
