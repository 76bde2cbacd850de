import ShortcutSyntax

/// Why a value given for a parameter from outside (`--param NAME=VALUE`) was not taken.
/// The runtime says what is wrong; the CLI says which option it came from.
public enum ParameterProblem: Error {
    /// The intent has no such parameter.
    case unknown(RuntimeError)
    /// The text does not name a value of the parameter's type.
    case rejected(RuntimeError)
    /// Finding the value ran script code that failed (an entity query).
    case failed(ScriptError)

    public var message: String {
        switch self {
        case .unknown(let e), .rejected(let e): return e.message
        case .failed(let e): return e.message
        }
    }
}

extension Interpreter {
    /// Reads a parameter's value from text, per its type: enum cases by name,
    /// title or number, entities by id (through the query's `byIDs`), numbers,
    /// `true`/`false`, ISO dates, text.
    public func parameterValue(_ type: IntentType, name: String, text: String) -> Result<(Int, Value), ParameterProblem> {
        guard let index = type.parameterIndex[name] else {
            return .failure(.unknown(.unknownParameter(intent: type.name, name: name, known: type.parameters.map(\.name))))
        }
        var check = type.parameters[index].type
        if case .optional(let inner) = check { check = inner }
        do throws(ScriptError) {
            if case .record(let r) = check, r.kind == .entity, let byIDs = r.query["byIDs"] {
                // The id as the entity declares it: `let id: UUID`, `let id: Int`, else text.
                var id = Value.string(text)
                switch r.fieldIndex["id"].flatMap({ r.fields[$0].type }) ?? r.memberTypes.computed["id"] {
                case .uuid?: id = UUIDValue(string: text).map { .uuid($0) } ?? id
                case .int?: id = Int(text).map { .int($0) } ?? id
                default: break
                }
                let found = try call(byIDs, captures: [], selfValue: nil, arguments: Arguments(.array([id])), site: type.range)
                if case .array(let items) = found, let first = items.first { return .success((index, first)) }
                return .failure(.rejected(.parameterEntityNotFound(entity: r.name, id: text)))
            }
            let choices = try options(for: check, site: type.range)
            switch parseAnswer(text, as: check, options: choices) {
            case .value(let v): return .success((index, v))
            case .invalid(let why): return .failure(.rejected(.parameterDoesNotFit(type: "\(check)", why: why)))
            case .cancel: return .failure(.rejected(.parameterDoesNotFit(type: "\(check)", why: nil)))
            }
        } catch {
            return .failure(.failed(error))
        }
    }
}
