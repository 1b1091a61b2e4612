import FollowRender
import Foundation

/// Plain-text columns for command output, padded to the widest cell; numbers
/// can be right-aligned. Cells are escaped (`TerminalText`): they hold a book's text.
enum Table {
    static func render(header: [String], rows: [[String]], rightAligned: Set<Int> = []) -> String {
        let all = ([header] + rows).map { row in row.map { TerminalText.escaped($0) } }
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.indices.map { column in
                let pad = String(repeating: " ", count: widths[column] - row[column].count)
                if rightAligned.contains(column) { return pad + row[column] }
                return column == row.count - 1 ? row[column] : row[column] + pad
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
