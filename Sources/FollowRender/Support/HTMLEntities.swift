import CLibXML2
import Foundation

/// Rewrites HTML named character references (`&nbsp;`, `&mdash;` …) as numeric ones.
///
/// EPUB 2 content declares them through the XHTML DTD, which is never loaded
/// (untrusted input, no network); without this they would be undefined entities.
enum HTMLEntities {
    private static let xmlPredefined: Set<String> = ["amp", "lt", "gt", "quot", "apos"]

    static func numericReferences(in data: Data) -> Data {
        let bytes = [UInt8](data)
        guard bytes.contains(UInt8(ascii: "&")) else { return data }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var changed = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "&"), let (name, end) = entityName(in: bytes, from: index + 1),
                  !xmlPredefined.contains(name), let codePoint = lookup(name) else {
                output.append(byte)
                index += 1
                continue
            }
            output += Array("&#\(codePoint);".utf8)
            index = end + 1
            changed = true
        }
        return changed ? Data(output) : data
    }

    /// The name of a reference starting at `start`, and the index of its `;`.
    private static func entityName(in bytes: [UInt8], from start: Int) -> (String, Int)? {
        var index = start
        while index < bytes.count, index - start < 32 {
            let byte = bytes[index]
            if byte == UInt8(ascii: ";") {
                guard index > start else { return nil }
                return (String(decoding: bytes[start..<index], as: UTF8.self), index)
            }
            let isAlphanumeric = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
                || (byte >= 0x61 && byte <= 0x7A)
            guard isAlphanumeric else { return nil }
            index += 1
        }
        return nil
    }

    private static func lookup(_ name: String) -> UInt32? {
        guard let entity = htmlEntityLookup(name) else { return nil }
        return entity.pointee.value
    }
}
