/// The pieces of JSON that `SentenceJSON` and `ScriptJSON` write by hand, each
/// byte for byte what `JSONCoding.encoder()` (Foundation's `JSONEncoder`, keys
/// sorted, slashes unescaped) makes of the same value: integers, ranges as
/// `[location,length]`, and strings.
enum JSONBytes {
    /// `[location,length]`, as `TextRange` encodes itself.
    static func append(_ range: TextRange, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "["))
        append(integer: range.location, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        append(integer: range.length, to: &bytes)
        bytes.append(UInt8(ascii: "]"))
    }

    /// `[[location,length],…]`.
    static func append(_ ranges: [TextRange], to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "["))
        for (number, range) in ranges.enumerated() {
            if number > 0 { bytes.append(UInt8(ascii: ",")) }
            append(range, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// A decimal integer.
    static func append(integer value: Int, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            bytes.append(contentsOf: buffer[(20 - count)...])
        }
    }

    /// A quoted string: `"` and `\` escaped, the control characters below
    /// U+0020 as `\b`, `\t`, `\n`, `\f`, `\r` or `\u00xx` (lowercase hex), and
    /// everything else as its UTF-8 bytes, as `JSONEncoder` writes it.
    static func append(string: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
            case 0x08: bytes.append(contentsOf: #"\b"#.utf8)
            case 0x09: bytes.append(contentsOf: #"\t"#.utf8)
            case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
            case 0x0C: bytes.append(contentsOf: #"\f"#.utf8)
            case 0x0D: bytes.append(contentsOf: #"\r"#.utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: #"\u00"#.utf8)
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
