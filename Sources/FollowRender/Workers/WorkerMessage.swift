import Foundation

/// The lines a worker process writes on standard output, one message each.
/// For each chapter script it is sent, the process running the job says
/// `started PID`, then `progress SENTENCES SAMPLES`, then `done JSON` or
/// `error KIND REASON`; the worker then says how that process ended,
/// `ended status N` or `ended signal N` (see `WorkerServer`).
///
/// `KIND` is the kind of the worker's error, `render.KIND` (`RenderError`),
/// `book.KIND` (`BookError`) or `own.KIND` (`OwnFileError`), `-` for another error; the parent rebuilds that
/// error as the cause of its `RenderError(.worker)` (`cause(kind:reason:)`).
public enum WorkerMessage: Hashable, Sendable {
    /// The process running the job (its temporary files carry this pid).
    case started(pid: Int32)
    case progress(sentences: Int, samples: Int)
    case done(ChapterResult)
    case error(kind: String, reason: String)
    /// The job's process has ended: the job is over.
    case ended(WorkerTermination)

    /// The `error` message a worker sends for `error` (a `FileFailure` by its cause's kind).
    public static func failure(_ error: any Error) -> WorkerMessage {
        let inner = (error as? FileFailure)?.cause ?? error
        let kind = (inner as? RenderError).map { "render." + $0.kind.rawValue }
            ?? (inner as? BookError).map { "book." + $0.kind.rawValue }
            ?? (inner as? OwnFileError).map { "own." + $0.kind.rawValue } ?? "-"
        return .error(kind: kind, reason: String(describing: error))
    }

    /// The worker's error rebuilt from an `error` message: a `RenderError`,
    /// `BookError` or `OwnFileError` of that kind whose reason is the worker's line; nil for another error.
    public static func cause(kind: String, reason: String) -> (any Error)? {
        let parts = kind.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return nil }
        switch parts[0] {
        case "render": return RenderError.Kind(rawValue: parts[1]).map { RenderError($0, reason) }
        case "book": return BookError.Kind(rawValue: parts[1]).map { BookError($0, reason) }
        case "own": return OwnFileError.Kind(rawValue: parts[1]).map { OwnFileError($0, reason) }
        default: return nil
        }
    }

    /// The message as one line, without the newline.
    public var line: String {
        switch self {
        case let .started(pid):
            return "started \(pid)"
        case let .progress(sentences, samples):
            return "progress \(sentences) \(samples)"
        case let .done(result):
            let json = (try? JSONCoding.encoder().encode(result)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
            return "done " + json
        case let .error(kind, reason):
            return "error \(kind.isEmpty ? "-" : kind) " + reason.replacingOccurrences(of: "\n", with: " ")
        case .ended(.status(let status)):
            return "ended status \(status)"
        case .ended(.signal(let signal)):
            return "ended signal \(signal)"
        }
    }

    /// Parses a line written by `line`; nil for anything else.
    public init?(line: String) {
        var parts = line.split(separator: " ", maxSplits: 1).map(String.init)
        if parts == ["error"] { parts.append("") }
        guard parts.count == 2 else { return nil }
        switch parts[0] {
        case "started":
            guard let pid = Int32(parts[1]) else { return nil }
            self = .started(pid: pid)
        case "ended":
            let ending = parts[1].split(separator: " ")
            guard ending.count == 2, let number = Int32(ending[1]) else { return nil }
            switch ending[0] {
            case "status": self = .ended(.status(number))
            case "signal": self = .ended(.signal(number))
            default: return nil
            }
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
