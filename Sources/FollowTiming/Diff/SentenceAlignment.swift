/// Pairs up the sentences of two versions of a chapter by their text, so that
/// an edited sentence is one change and the sentences after it are still
/// compared with their counterparts.
///
/// A longest common subsequence over whole sentence strings, after trimming
/// the common prefix and suffix (so identical texts cost O(n)). When the
/// differing middle is too large for the quadratic table (`maximumCells`), it
/// is reported as one change.
package enum SentenceAlignment {
    /// One step through both versions, in order.
    package enum Step: Hashable {
        /// Old sentence `old` has the same text as new sentence `new`.
        case match(old: Int, new: Int)
        /// These old sentences were replaced by these new ones (either may be empty).
        case change(old: Range<Int>, new: Range<Int>)
    }

    /// Largest LCS table filled, in cells (4 bytes each).
    package static let maximumCells = 16_000_000

    package static func align(_ old: [String], _ new: [String]) -> [Step] {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
              old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        let oldMiddle = prefix..<(old.count - suffix), newMiddle = prefix..<(new.count - suffix)
        var matches = (0..<prefix).map { ($0, $0) }
        matches += commonSubsequence(old, oldMiddle, new, newMiddle)
        matches += (0..<suffix).map { (old.count - suffix + $0, new.count - suffix + $0) }
        return steps(matches, oldCount: old.count, newCount: new.count)
    }

    /// Matched index pairs of a longest common subsequence of the two ranges.
    private static func commonSubsequence(_ old: [String], _ oldRange: Range<Int>,
                                          _ new: [String], _ newRange: Range<Int>) -> [(Int, Int)] {
        let rows = oldRange.count, columns = newRange.count
        guard rows > 0, columns > 0, (rows + 1) * (columns + 1) <= maximumCells else { return [] }
        let width = columns + 1
        var table = [Int32](repeating: 0, count: (rows + 1) * width)
        for row in stride(from: rows - 1, through: 0, by: -1) {
            for column in stride(from: columns - 1, through: 0, by: -1) {
                table[row * width + column] = old[oldRange.lowerBound + row] == new[newRange.lowerBound + column]
                    ? table[(row + 1) * width + column + 1] + 1
                    : max(table[(row + 1) * width + column], table[row * width + column + 1])
            }
        }
        var pairs: [(Int, Int)] = []
        var row = 0, column = 0
        while row < rows, column < columns {
            if old[oldRange.lowerBound + row] == new[newRange.lowerBound + column] {
                pairs.append((oldRange.lowerBound + row, newRange.lowerBound + column))
                row += 1
                column += 1
            } else if table[(row + 1) * width + column] >= table[row * width + column + 1] {
                row += 1
            } else {
                column += 1
            }
        }
        return pairs
    }

    /// Matches in order, with the unmatched runs between them as changes.
    private static func steps(_ matches: [(Int, Int)], oldCount: Int, newCount: Int) -> [Step] {
        var steps: [Step] = []
        var oldNext = 0, newNext = 0
        for (old, new) in matches + [(oldCount, newCount)] {
            if old > oldNext || new > newNext { steps.append(.change(old: oldNext..<old, new: newNext..<new)) }
            if old < oldCount { steps.append(.match(old: old, new: new)) }
            oldNext = old + 1
            newNext = new + 1
        }
        return steps
    }
}
