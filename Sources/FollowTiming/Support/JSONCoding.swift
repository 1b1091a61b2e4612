import Foundation

/// The one way follow-render writes and reads JSON: keys sorted, slashes
/// unescaped, so the same value always gives the same bytes.
public enum JSONCoding {
    /// An encoder with sorted keys and unescaped slashes, indented when `pretty`.
    public static func encoder(pretty: Bool = false) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty
            ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
            : [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// Encodes `value`, ending with a newline as text files do.
    public static func data<T: Encodable>(_ value: T, pretty: Bool = false) throws -> Data {
        var data = try encoder(pretty: pretty).encode(value)
        data.append(0x0A)
        return data
    }

    /// Decodes `type` from `data` (any key order).
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try JSONDecoder().decode(type, from: data)
    }
}
