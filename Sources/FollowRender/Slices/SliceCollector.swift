/// Gathers the slices of split chapters as their workers finish, in any
/// order, and turns the last one in into the chapter's `finished` event (by
/// joining them) or the first failure into the chapter's `failed` event.
final class SliceCollector: Sendable {
    private struct State {
        var parts: [Int: [Int: ChapterResult]] = [:]
        var failed: Set<Int> = []
    }

    private let state = Locked(State())

    /// The event to pass on for `event`, or nil to hold it back: a slice
    /// that is not the last of its chapter, or a further failure of a chapter
    /// that has already failed. `join` turns a chapter's slices, in order,
    /// into its result.
    func translate(_ event: ChapterEvent, join: ([ChapterResult]) throws -> ChapterResult) -> ChapterEvent? {
        switch event {
        case let .finished(result):
            guard let slice = result.slice else { return event }
            let complete = state.update { state -> [ChapterResult]? in
                guard !state.failed.contains(result.index) else { return nil }
                state.parts[result.index, default: [:]][slice.index] = result
                guard let parts = state.parts[result.index], parts.count == slice.count else { return nil }
                state.parts[result.index] = nil
                return parts.sorted { $0.key < $1.key }.map(\.value)
            }
            guard let complete else { return nil }
            do {
                return .finished(try join(complete))
            } catch {
                return fail(index: result.index, reason: String(describing: error))
            }
        case let .failed(index, reason):
            return fail(index: index, reason: reason)
        case .planned, .started, .progress:
            return event
        }
    }

    private func fail(index: Int, reason: String) -> ChapterEvent? {
        let first = state.update { $0.failed.insert(index).inserted }
        return first ? .failed(index: index, reason: reason) : nil
    }
}
