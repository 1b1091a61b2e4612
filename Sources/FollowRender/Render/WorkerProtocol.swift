import Foundation

/// The lines a worker process writes on standard output, one message each:
/// `progress SENTENCES SAMPLES`, then `done JSON` or `error KIND REASON`.
///
/// `KIND` is the kind of the worker's error, `render.KIND` (`RenderError`) or
/// `book.KIND` (`BookError`), `-` for another error; the parent rebuilds that
/// error as the cause of its `RenderError(.worker)` (`cause(kind:reason:)`).
public enum WorkerMessage: Hashable, Sendable {
    case progress(sentences: Int, samples: Int)
    case done(ChapterResult)
    case error(kind: String, reason: String)

    /// The `error` message a worker sends for `error` (a `FileFailure` by its cause's kind).
    public static func failure(_ error: any Error) -> WorkerMessage {
        let inner = (error as? FileFailure)?.cause ?? error
        let kind = (inner as? RenderError).map { "render." + $0.kind.rawValue }
            ?? (inner as? BookError).map { "book." + $0.kind.rawValue } ?? "-"
        return .error(kind: kind, reason: String(describing: error))
    }

    /// The worker's error rebuilt from an `error` message: a `RenderError` or
    /// `BookError` of that kind whose reason is the worker's line; nil for another error.
    public static func cause(kind: String, reason: String) -> (any Error)? {
        let parts = kind.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return nil }
        switch parts[0] {
        case "render": return RenderError.Kind(rawValue: parts[1]).map { RenderError($0, reason) }
        case "book": return BookError.Kind(rawValue: parts[1]).map { BookError($0, reason) }
        default: return nil
        }
    }

    /// The message as one line, without the newline.
    public var line: String {
        switch self {
        case let .progress(sentences, samples):
            return "progress \(sentences) \(samples)"
        case let .done(result):
            let json = (try? JSONCoding.encoder().encode(result)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
            return "done " + json
        case let .error(kind, reason):
            return "error \(kind.isEmpty ? "-" : kind) " + reason.replacingOccurrences(of: "\n", with: " ")
        }
    }

    /// Parses a line written by `line`; nil for anything else.
    public init?(line: String) {
        var parts = line.split(separator: " ", maxSplits: 1).map(String.init)
        if parts == ["error"] { parts.append("") }
        guard parts.count == 2 else { return nil }
        switch parts[0] {
        case "progress":
            let numbers = parts[1].split(separator: " ").compactMap { Int($0) }
            guard numbers.count == 2 else { return nil }
            self = .progress(sentences: numbers[0], samples: numbers[1])
        case "done":
            guard let result = try? JSONCoding.decode(ChapterResult.self, from: Data(parts[1].utf8)) else { return nil }
            self = .done(result)
        case "error":
            let payload = parts[1].split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            self = .error(kind: payload[0], reason: payload.count == 2 ? payload[1] : "")
        default:
            return nil
        }
    }
}
