import ShortcutSyntax

extension Interpreter {
    public struct ParameterProblem: Error {
        public var message: String
    }

    /// Reads `--param NAME=VALUE` per the parameter's type: enum cases by name,
    /// title or number, entities by id (through the query's `byIDs`), numbers,
    /// `true`/`false`, ISO dates, text. The message of a failure names the
    /// parameter and what it accepts.
    public func parameterValue(_ type: IntentType, name: String, text: String) -> Result<(Int, Value), ParameterProblem> {
        guard let index = type.parameterIndex[name] else {
            let known = type.parameters.map(\.name)
            let hint = didYouMean(name, in: known)
            return .failure(ParameterProblem(message: "\(type.name) has no parameter '\(name)'\(hint); its parameters: \(known.isEmpty ? "none" : known.joined(separator: ", "))"))
        }
        var check = type.parameters[index].type
        if case .optional(let inner) = check { check = inner }
        do throws(ScriptError) {
            if case .record(let r) = check, r.kind == .entity, let byIDs = r.query["byIDs"] {
                let found = try call(byIDs, captures: [], selfValue: nil, arguments: Arguments(.array([.string(text)])), site: type.range)
                if case .array(let items) = found, let first = items.first { return .success((index, first)) }
                return .failure(ParameterProblem(message: "--param \(name)=\(text): no \(r.name) has the id '\(text)'"))
            }
            let choices = try options(for: check, site: type.range)
            switch parseAnswer(text, as: check, options: choices) {
            case .value(let v): return .success((index, v))
            case .invalid(let why):
                return .failure(ParameterProblem(message: "--param \(name)=\(text) does not fit \(check): \(why)"))
            case .cancel:
                return .failure(ParameterProblem(message: "--param \(name)=\(text) does not fit \(check)"))
            }
        } catch {
            return .failure(ParameterProblem(message: "--param \(name): \(error.message)"))
        }
    }
}
