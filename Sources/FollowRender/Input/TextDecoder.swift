import CICU
import Foundation

/// Turns the bytes of a text or Markdown file into a string: a byte-order
/// mark (UTF-8, UTF-16 LE/BE, UTF-32 LE/BE) decides first, then valid UTF-8,
/// then ICU's charset detection; `--encoding` overrides all of them.
/// Conversion goes through ICU; undecodable bytes become U+FFFD with one
/// warning naming the byte offset of the first.
struct TextDecoder {
    /// The decoded text, without byte-order mark.
    var text: String
    /// ICU's name of the encoding read.
    var encoding: String
    /// How it was chosen: `byte-order mark`, `valid UTF-8`, `detected NN%` or `--encoding`.
    var source: String
    var warnings: [BookWarning] = []

    /// Below this ICU confidence (0-100) a detected encoding is still used, with a warning.
    static let confidenceThreshold: Int32 = 30

    private static let marks: [(bytes: [UInt8], encoding: String)] = [
        ([0xEF, 0xBB, 0xBF], "UTF-8"), ([0xFF, 0xFE, 0x00, 0x00], "UTF-32LE"), ([0x00, 0x00, 0xFE, 0xFF], "UTF-32BE"),
        ([0xFF, 0xFE], "UTF-16LE"), ([0xFE, 0xFF], "UTF-16BE"),
    ]

    init(data: Data, encoding forced: String?) throws(BookError) {
        let bytes = [UInt8](data)
        if let forced {
            let body = Self.marks.first { bytes.starts(with: $0.bytes) && Self.sameCharset($0.encoding, forced) }
                .map { Array(bytes.dropFirst($0.bytes.count)) } ?? bytes
            try self.init(bytes: body, encoding: forced, source: "\(Setting.encoding)")
        } else if let mark = Self.marks.first(where: { bytes.starts(with: $0.bytes) }) {
            try self.init(bytes: Array(bytes.dropFirst(mark.bytes.count)), encoding: mark.encoding, source: "byte-order mark")
        } else if let wide = Self.wideEncoding(bytes) {
            try self.init(bytes: bytes, encoding: wide, source: "NUL bytes, no byte-order mark")
        } else if !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self) {
            // NUL bytes mean the file is not UTF-8 text, although they are valid UTF-8.
            self = TextDecoder(text: text, encoding: "UTF-8", source: "valid UTF-8")
        } else {
            let (name, confidence) = try Self.detect(bytes)
            try self.init(bytes: bytes, encoding: name, source: "detected \(confidence)%")
            if confidence < Self.confidenceThreshold {
                warnings.insert(BookWarning("encoding uncertain: read as \(name) (confidence \(confidence)%); "
                    + "name the right one with \(Setting.encoding)"), at: 0)
            }
        }
    }

    private init(text: String, encoding: String, source: String) {
        self.text = text
        self.encoding = encoding
        self.source = source
    }

    private init(bytes: [UInt8], encoding: String, source: String) throws(BookError) {
        let capacity = bytes.count * 2 + 2
        var units = [UInt16](repeating: 0, count: capacity)
        var invalid: Int32 = 0
        var first: Int64 = -1
        var status: Int32 = 0
        let written = bytes.withUnsafeBufferPointer { input in
            input.withMemoryRebound(to: CChar.self) { chars in
                fr_charset_to_utf16(encoding, chars.baseAddress, Int32(chars.count), &units, Int32(capacity),
                                    &invalid, &first, &status)
            }
        }
        guard written >= 0 else {
            let failure = CLibraryError.icu(status)
            throw BookError(.unreadable, written == -1 ? "unknown encoding '\(encoding)'" : "ICU conversion: \(failure.message)",
                            cause: failure)
        }
        text = String(decoding: units.prefix(Int(written)), as: UTF16.self)
        self.encoding = encoding
        self.source = source
        if invalid > 0 {
            warnings.append(BookWarning("\(invalid) undecodable byte sequence\(invalid == 1 ? "" : "s") in \(encoding), "
                + "the first at byte \(first); replaced with U+FFFD"))
        }
    }

    /// UTF-16 or UTF-32 without a byte-order mark, told by where its NUL bytes
    /// fall: text mostly in the Latin, Greek, Cyrillic … blocks has a zero byte in
    /// every code unit's high half (every second byte for UTF-16, the two or
    /// three high bytes of four for UTF-32). Nil when the NUL bytes (if any)
    /// follow no such pattern. Up to the first 64 KiB are looked at.
    static func wideEncoding(_ bytes: [UInt8]) -> String? {
        let sample = bytes.prefix(65536)
        guard sample.count >= 4, sample.contains(0) else { return nil }
        var zeros = [Int](repeating: 0, count: 4), slots = [Int](repeating: 0, count: 4)
        for (offset, byte) in sample.enumerated() {
            slots[offset % 4] += 1
            if byte == 0 { zeros[offset % 4] += 1 }
        }
        let share = (0..<4).map { Double(zeros[$0]) / Double(max(1, slots[$0])) }
        if sample.count % 4 == 0 {
            if share[2] > 0.9, share[3] > 0.9, share[0] < 0.5 { return "UTF-32LE" }
            if share[0] > 0.9, share[1] > 0.9, share[3] < 0.5 { return "UTF-32BE" }
        }
        let even = (share[0] + share[2]) / 2, odd = (share[1] + share[3]) / 2
        if odd > 0.3, even < odd / 4 { return "UTF-16LE" }
        if even > 0.3, odd < even / 4 { return "UTF-16BE" }
        return nil
    }

    /// ICU's best guess and its confidence.
    private static func detect(_ bytes: [UInt8]) throws(BookError) -> (String, Int32) {
        var name = [CChar](repeating: 0, count: 64)
        var confidence: Int32 = 0
        let status = bytes.withUnsafeBufferPointer { input in
            input.withMemoryRebound(to: CChar.self) { chars in
                fr_charset_detect(chars.baseAddress, Int32(chars.count), &name, name.count, &confidence)
            }
        }
        guard status == 0 else { throw detectionFailure(status) }
        return (Self.string(name), confidence)
    }

    /// ICU's charset detection failing with `status`: the book cannot be read
    /// without a named encoding.
    static func detectionFailure(_ status: Int32) -> BookError {
        let failure = CLibraryError.icu(status)
        return BookError(.unreadable, "cannot tell the text encoding: ICU charset detection: \(failure.message); use \(Setting.encoding)",
                         cause: failure)
    }

    /// A NUL-terminated C buffer as a string.
    private static func string(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func sameCharset(_ a: String, _ b: String) -> Bool {
        let normalize = { (name: String) in name.lowercased().filter { $0.isLetter || $0.isNumber } }
        return normalize(a) == normalize(b)
    }
}
