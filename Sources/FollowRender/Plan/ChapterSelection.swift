import Foundation

/// A set of spine positions written as `1,3-5,9`.
public struct ChapterSelection: Hashable, Sendable {
    public var indices: Set<Int>

    /// Parses the list; nil when it is not of that form.
    public init?(_ text: String) {
        var indices = Set<Int>()
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let bounds = part.split(separator: "-", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
            switch bounds.count {
            case 1:
                guard let single = bounds[0], single > 0 else { return nil }
                indices.insert(single)
            case 2:
                guard let low = bounds[0], let high = bounds[1], low > 0, low <= high, high - low < 100_000 else { return nil }
                indices.formUnion(low...high)
            default:
                return nil
            }
        }
        guard !indices.isEmpty else { return nil }
        self.indices = indices
    }

    public func contains(_ index: Int) -> Bool { indices.contains(index) }
}
