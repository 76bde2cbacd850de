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
        var outputFormatting: OutputFormatting = []
        init() {}
        func encode<T: Encodable>(_ value: T) throws -> Data { Data(utf8Text: __jsonText(value, outputFormatting.names)) }
    }

    enum DecodingError: LocalizedError, CustomStringConvertible {
        case dataCorrupted(String), keyNotFound(String), typeMismatch(String), valueNotFound(String)
        var description: String {
            switch self {
            case .dataCorrupted(let m): return "dataCorrupted: \(m)"
            case .keyNotFound(let m): return "keyNotFound: \(m)"
            case .typeMismatch(let m): return "typeMismatch: \(m)"
            case .valueNotFound(let m): return "valueNotFound: \(m)"
            }
        }
        var errorDescription: String? {
            switch self {
            case .keyNotFound, .valueNotFound: return "The operation could not be completed. The data is missing."
            case .dataCorrupted, .typeMismatch: return "The operation could not be completed. The data isn’t in the correct format."
            }
        }
    }

    final class JSONDecoder {
        init() {}
        func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
            let (value, problem) = __jsonValue(type, data.utf8Text)
            if let problem {
                switch problem[0] {
                case "keyNotFound": throw DecodingError.keyNotFound(problem[1])
                case "valueNotFound": throw DecodingError.valueNotFound(problem[1])
                case "dataCorrupted": throw DecodingError.dataCorrupted(problem[1])
                default: throw DecodingError.typeMismatch(problem[1])
                }
            }
            return value
        }
    }
    """#
}
