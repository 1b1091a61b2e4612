import CLibXML2
import Foundation

/// Rewrites HTML named character references (`&nbsp;`, `&mdash;` …) as numeric ones.
///
/// EPUB 2 content declares them through the XHTML DTD, which is never loaded
/// (untrusted input, no network); without this they would be undefined entities.
enum HTMLEntities {
    private static let xmlPredefined: Set<String> = ["amp", "lt", "gt", "quot", "apos"]

    /// `data` with every HTML named reference that is not one of XML's own
    /// replaced by its numeric form; `data` itself when there is none, so a
    /// long chapter is not copied (its bytes are held once while it is parsed).
    static func numericReferences(in data: Data) -> Data {
        data.withUnsafeBytes { bytes -> Data in
            guard let first = nextReference(in: bytes, from: 0) else { return data }
            var output = Data(capacity: bytes.count + 64)
            var copied = 0
            var next: (start: Int, end: Int, codePoint: UInt32)? = first
            while let reference = next {
                output.append(contentsOf: bytes[copied..<reference.start])
                output.append(contentsOf: Array("&#\(reference.codePoint);".utf8))
                copied = reference.end + 1
                next = nextReference(in: bytes, from: copied)
            }
            output.append(contentsOf: bytes[copied...])
            return output
        }
    }

    /// The first named reference at or after `start` that is to be rewritten:
    /// where its `&` is, the index of its `;`, and its code point.
    private static func nextReference(in bytes: UnsafeRawBufferPointer, from start: Int) -> (start: Int, end: Int, codePoint: UInt32)? {
        var index = start
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "&") else {
                index += 1
                continue
            }
            if let (name, end) = entityName(in: bytes, from: index + 1), !xmlPredefined.contains(name), let codePoint = lookup(name) {
                return (index, end, codePoint)
            }
            index += 1
        }
        return nil
    }

    /// The name of a reference starting at `start`, and the index of its `;`.
    private static func entityName(in bytes: UnsafeRawBufferPointer, from start: Int) -> (String, Int)? {
        var index = start
        while index < bytes.count, index - start < 32 {
            let byte = bytes[index]
            if byte == UInt8(ascii: ";") {
                guard index > start else { return nil }
                return (String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self), index)
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
