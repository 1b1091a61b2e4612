/// Binary search over ascending arrays, the O(log n) core of position lookups.
package enum SortedSearch {
    /// The index of the last element `<= value`, or nil when every element is greater.
    package static func lastIndex<T: Comparable>(in sorted: [T], atMost value: T) -> Int? {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] <= value { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }
}
