import Foundation

/// The lines a worker process writes on standard output, one message each:
/// `progress SENTENCES SAMPLES`, then `done JSON` or `error REASON`.
public enum WorkerMessage: Hashable, Sendable {
    case progress(sentences: Int, samples: Int)
    case done(ChapterResult)
    case error(String)

    /// The message as one line, without the newline.
    public var line: String {
        switch self {
        case let .progress(sentences, samples):
            return "progress \(sentences) \(samples)"
        case let .done(result):
            let json = (try? JSONCoding.encoder().encode(result)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
            return "done " + json
        case let .error(reason):
            return "error " + reason.replacingOccurrences(of: "\n", with: " ")
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
            self = .error(parts[1])
        default:
            return nil
        }
    }
}
