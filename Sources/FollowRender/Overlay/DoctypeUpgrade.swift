import Foundation

/// What an EPUB 2 content document needs to stay valid once its book is EPUB 3:
/// the XHTML 1.1 (or other public) DOCTYPE, regular in EPUB 2 and an error in
/// EPUB 3, becomes `<!DOCTYPE html>` (an internal subset is kept), and the HTML
/// named character references that DTD declared (`&nbsp;` …) become numeric
/// ones, since EPUB 3 declares none. Everything else keeps its bytes.
enum DoctypeUpgrade {
    /// The upgraded document, or nil when it needs no change.
    static func upgraded(_ data: Data) -> Data? {
        let bytes = [UInt8](data)
        guard let start = find(Array("<!DOCTYPE".utf8), in: bytes, limit: 4096) else { return nil }
        var index = start + 9
        var quote: UInt8?
        var externalID: Range<Int>?
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") || byte == UInt8(ascii: ">") {
                break
            } else if externalID == nil, let keyword = ["PUBLIC", "SYSTEM"].first(where: { matches(Array($0.utf8), in: bytes, at: index) }) {
                externalID = index..<(index + keyword.utf8.count)
            }
            index += 1
        }
        guard externalID != nil, index < bytes.count else { return nil }
        let closing = bytes[index] == UInt8(ascii: "[") ? " " : ""
        let replaced = Array(bytes[..<start]) + Array("<!DOCTYPE html\(closing)".utf8) + Array(bytes[index...])
        return HTMLEntities.numericReferences(in: Data(replaced))
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], limit: Int) -> Int? {
        let end = min(bytes.count, limit) - needle.count
        guard end >= 0 else { return nil }
        return (0...end).first { matches(needle, in: bytes, at: $0) }
    }

    private static func matches(_ needle: [UInt8], in bytes: [UInt8], at index: Int) -> Bool {
        index + needle.count <= bytes.count && bytes[index..<(index + needle.count)].elementsEqual(needle)
    }
}
