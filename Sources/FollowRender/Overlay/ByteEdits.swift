import Foundation

/// Insertions and replacements at byte offsets of an original document,
/// applied in one pass so that every untouched byte is kept as it was.
struct ByteEdits {
    private struct Edit {
        var range: Range<Int>
        var text: [UInt8]
        /// Order among edits at the same offset (lower first).
        var rank: Int
    }

    private var edits: [Edit] = []

    var isEmpty: Bool { edits.isEmpty }

    /// Inserts `text` at `offset`; among insertions at one offset, lower `rank` goes first, then call order.
    mutating func insert(_ text: String, at offset: Int, rank: Int = 0) {
        edits.append(Edit(range: offset..<offset, text: Array(text.utf8), rank: rank))
    }

    /// Replaces the bytes of `range` with `text` (empty to delete).
    mutating func replace(_ range: Range<Int>, with text: String) {
        edits.append(Edit(range: range, text: Array(text.utf8), rank: 0))
    }

    /// The edited bytes; throws when two edits overlap.
    func applied(to bytes: [UInt8], path: String) throws(RenderError) -> Data {
        let ordered = edits.enumerated().sorted { lhs, rhs in
            (lhs.element.range.lowerBound, lhs.element.range.isEmpty ? 0 : 1, lhs.element.rank, lhs.offset)
                < (rhs.element.range.lowerBound, rhs.element.range.isEmpty ? 0 : 1, rhs.element.rank, rhs.offset)
        }.map(\.element)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + edits.reduce(0) { $0 + $1.text.count })
        var cursor = 0
        for edit in ordered {
            guard edit.range.lowerBound >= cursor, edit.range.upperBound <= bytes.count else {
                throw RenderError(.overlay, file: path, "overlapping edits at byte \(edit.range.lowerBound)")
            }
            output += bytes[cursor..<edit.range.lowerBound]
            output += edit.text
            cursor = edit.range.upperBound
        }
        output += bytes[cursor...]
        return Data(output)
    }
}
