import Foundation

/// The lines a worker process writes on standard output, one message each.
/// For each chapter script it is sent, the process running the job says
/// `started PID`, then `progress SENTENCES SAMPLES`, then `done JSON` or
/// `error JSON`; the worker then says how that process ended,
/// `ended status N` or `ended signal N` (see `WorkerServer`).
///
/// An `error`'s JSON is the worker's error with its whole cause chain
/// (`ErrorChain`: each level's kind, such as `render.speech` or
/// `library.LAME`, its file and message); the parent rebuilds that error,
/// causes included, as the cause of its `RenderError(.worker)`.
public enum WorkerMessage: Hashable, Sendable {
    /// The process running the job (its temporary files carry this pid).
    case started(pid: Int32)
    case progress(sentences: Int, samples: Int)
    case done(ChapterResult)
    case error(ErrorChain)
    /// The job's process has ended: the job is over.
    case ended(WorkerTermination)

    /// The `error` message a worker sends for `error`: its whole cause chain.
    public static func failure(_ error: any Error) -> WorkerMessage {
        .error(ErrorChain(error))
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
        case let .error(chain):
            let json = (try? JSONCoding.encoder().encode(chain)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
            return "error " + json
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
            // A line that is not a chain (a worker that could say no more) is still an error, with that line as its message.
            let chain = try? JSONCoding.decode(ErrorChain.self, from: Data(parts[1].utf8))
            self = .error(chain ?? ErrorChain(links: [ErrorChain.Link(kind: "-", message: parts[1])]))
        default:
            return nil
        }
    }
}
