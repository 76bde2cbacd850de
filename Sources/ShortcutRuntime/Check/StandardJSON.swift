/// Foundation's `Data`, `JSONEncoder` and `JSONDecoder`, written in the language on `CodableJSON`'s two builtins (a
/// program's `Codable` types are encoded and decoded as Swift synthesises it). A `Data` here holds UTF-8 text, which is
/// what JSON is; `Data(text.utf8)`, `text.data(using: .utf8)`, `String(data:encoding:)` and `String(decoding:as:)`
/// convert (`Resolver+Data`). `JSONDecoder().decode(Item.self, from: data)` is typed as an `Item` there too.
extension StandardTypes {
    static let jsonSource = #"""
    struct Data: Hashable, CustomStringConvertible {
        let utf8Text: String
        init() { utf8Text = "" }
        init(utf8Text: String) { self.utf8Text = utf8Text }
        var count: Int { utf8Text.utf8.count }
        var isEmpty: Bool { utf8Text.isEmpty }
        var description: String { "\(count) bytes" }
    }

    final class JSONEncoder {
        struct OutputFormatting: ExpressibleByArrayLiteral, Equatable {
            static let prettyPrinted = OutputFormatting(names: ["prettyPrinted"])
            static let sortedKeys = OutputFormatting(names: ["sortedKeys"])
            static let withoutEscapingSlashes = OutputFormatting(names: ["withoutEscapingSlashes"])
            let names: [String]
            init(names: [String]) { self.names = names }
            init(arrayLiteral elements: OutputFormatting...) { names = elements.flatMap { $0.names } }
            func contains(_ other: OutputFormatting) -> Bool { other.names.allSatisfy { names.contains($0) } }
        }
        enum KeyEncodingStrategy { case useDefaultKeys, convertToSnakeCase }
        var outputFormatting: OutputFormatting = []
        var keyEncodingStrategy: KeyEncodingStrategy = .useDefaultKeys
        init() {}
        func encode<T: Encodable>(_ value: T) throws -> Data {
            Data(utf8Text: __jsonText(value, outputFormatting.names + (keyEncodingStrategy == .convertToSnakeCase ? ["convertToSnakeCase"] : [])))
        }
    }

    /// A key of a decoding error's coding path, as Swift's `CodingKey` gives it: a property's key, or an array's
    /// `Index 2` (its `intValue` 2).
    struct __CodingPathKey: CustomStringConvertible {
        let stringValue: String
        var intValue: Int? { stringValue.hasPrefix("Index ") ? Int(stringValue.dropFirst(6)) : nil }
        var description: String {
            if let i = intValue { return "_CodingKey(stringValue: \"\(stringValue)\", intValue: \(i))" }
            return "CodingKeys(stringValue: \"\(stringValue)\", intValue: nil)"
        }
    }

    enum DecodingError: LocalizedError, CustomStringConvertible {
        struct Context: CustomStringConvertible {
            let codingPath: [__CodingPathKey]
            let debugDescription: String
            var underlyingError: Error? { nil }
            var description: String {
                let path = codingPath.map { $0.description }.joined(separator: ", ")
                let text = debugDescription.replacingOccurrences(of: "\"", with: "\\\"")
                return "Context(codingPath: [\(path)], debugDescription: \"\(text)\", underlyingError: nil)"
            }
        }
        /// The second payload of `typeMismatch` and `valueNotFound` is the wanted type's name (a type prints as it).
        case dataCorrupted(Context), keyNotFound(__CodingPathKey, Context), typeMismatch(Any, Context), valueNotFound(Any, Context)
        /// As Swift prints one: what went wrong, where (`items[0].name`), and the context's description.
        var description: String {
            let (head, context): (String, Context)
            switch self {
            case .dataCorrupted(let c): (head, context) = ("dataCorrupted: Data was corrupted.", c)
            case .keyNotFound(let k, let c): (head, context) = ("keyNotFound: Key '\(k.stringValue)' not found in keyed decoding container.", c)
            case .typeMismatch(let t, let c): (head, context) = ("typeMismatch: expected value of type \(t).", c)
            case .valueNotFound(let t, let c): (head, context) = ("valueNotFound: Expected value of type \(t) but found null instead.", c)
            }
            var path = ""
            for key in context.codingPath {
                if let i = key.intValue { path += "[\(i)]" } else { path += (path.isEmpty ? "" : ".") + key.stringValue }
            }
            return "DecodingError.\(head)\(path.isEmpty ? "" : " Path: \(path).") Debug description: \(context.debugDescription)"
        }
        var errorDescription: String? {
            switch self {
            case .keyNotFound, .valueNotFound: return "The operation could not be completed. The data is missing."
            case .dataCorrupted, .typeMismatch: return "The operation could not be completed. The data isn’t in the correct format."
            }
        }
    }

    final class JSONDecoder {
        enum KeyDecodingStrategy { case useDefaultKeys, convertFromSnakeCase }
        var keyDecodingStrategy: KeyDecodingStrategy = .useDefaultKeys
        init() {}
        func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
            let (value, problem) = __jsonValue(type, data.utf8Text, keyDecodingStrategy == .convertFromSnakeCase)
            if let problem {
                let context = DecodingError.Context(codingPath: problem.dropFirst(3).map { __CodingPathKey(stringValue: $0) },
                                                    debugDescription: problem[1])
                switch problem[0] {
                case "keyNotFound": throw DecodingError.keyNotFound(__CodingPathKey(stringValue: problem[2]), context)
                case "valueNotFound": throw DecodingError.valueNotFound(problem[2], context)
                case "dataCorrupted": throw DecodingError.dataCorrupted(context)
                default: throw DecodingError.typeMismatch(problem[2], context)
                }
            }
            return value
        }
    }
    """#
}
