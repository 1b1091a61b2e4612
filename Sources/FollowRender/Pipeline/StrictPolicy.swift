/// `--strict` (fail on any warning), decided in this one place: a render that
/// reported a `fault` is refused with one error naming the first. Warnings are
/// all reported before the refusal; `BookRenderJob` asks after each stage (the book
/// opened, its chapters read, the spoken forms built, the chapters rendered), so
/// a refused book stops before the next stage's work.
public struct StrictPolicy: Sendable {
    /// Whether faults refuse the render (`--strict`).
    public var strict: Bool
    /// The book, the file a refusal names.
    public var book: String

    public init(strict: Bool, book: String) {
        self.strict = strict
        self.book = book
    }

    /// Throws the refusal of the first fault among `warnings`, when strict.
    public func check(_ warnings: [RenderWarning]) throws(RenderError) {
        guard strict, let first = warnings.first(where: { $0.severity == .fault }) else { return }
        let named = first.file == book ? first.text : first.description
        throw RenderError(.strict, file: book, "refused with \(Setting.strict): \(named)")
    }
}
