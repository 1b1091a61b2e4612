import Foundation

/// An error and its causes as plain values, outermost first: each level's
/// kind (or domain), file, line, code and message. How an error crosses a
/// process boundary (a worker's `error` message, `WorkerMessage`) or is
/// recorded (a failed book's causes in `batch.json`) without losing its chain;
/// `error` rebuilds it with the same types, kinds and lines.
public struct ErrorChain: Hashable, Sendable, Codable {
    /// One level of the chain.
    public struct Link: Hashable, Sendable, Codable {
        /// The level's `ErrorKind` (`book.malformed`), `posix` (the OS's `errno`),
        /// `library.NAME` (a C library's code, `CLibraryError`), or `other.TYPE`
        /// for an error of another type.
        public var kind: String
        /// The file the level names, when it names one.
        public var file: String?
        /// The line in `file` (a `BookError`'s).
        public var line: Int?
        /// The `errno` value or the C library's code.
        public var code: Int?
        /// The level's reason (without its file), or for an error of another type its whole line; one line.
        public var message: String

        public init(kind: String, file: String? = nil, line: Int? = nil, code: Int? = nil, message: String) {
            self.kind = kind
            self.file = file
            self.line = line
            self.code = code
            self.message = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        }
    }

    /// The error, then its cause, …
    public var links: [Link]

    public init(links: [Link]) { self.links = links }

    /// The chain of `error`, every level of `causeChain`.
    public init(_ error: any Error) {
        let chain = (error as? any CausedError)?.causeChain ?? [error]
        links = chain.map(Self.link)
    }

    /// The kind of the outermost error, `-` when it has none of ours.
    public var kind: String { links.first.map { ErrorKind(rawValue: $0.kind) == nil ? "-" : $0.kind } ?? "-" }

    /// The error rebuilt, with its causes; nil for an empty chain.
    public var error: (any Error)? {
        links.reversed().reduce(nil as (any Error)?) { cause, link in Self.error(link, cause: cause) }
    }

    private static func link(_ error: any Error) -> Link {
        switch error {
        case let error as BookError:
            return Link(kind: "book." + error.kind.rawValue, file: error.file, line: error.line, message: error.reason)
        case let error as RenderError:
            return Link(kind: "render." + error.kind.rawValue, file: error.file, message: error.reason)
        case let error as OwnFileError:
            return Link(kind: "own." + error.kind.rawValue, file: error.file, message: error.reason)
        case let error as OutputSafetyError:
            return Link(kind: "output." + error.kind.rawValue, file: error.file, message: error.reason)
        case let error as SettingError:
            return Link(kind: "setting." + error.setting.rawValue, message: error.reason)
        case let error as PositionError:
            return Link(kind: "position." + error.kind.rawValue, file: error.file, message: error.reason)
        case let error as POSIXError:
            return Link(kind: "posix", code: Int(error.code.rawValue), message: String(describing: error))
        case let error as CLibraryError:
            return Link(kind: "library." + error.library, code: error.code, message: error.message)
        case let error as CarriedError:
            return Link(kind: "other." + error.type, message: error.message)
        default:
            return Link(kind: "other." + String(describing: type(of: error)), message: String(describing: error))
        }
    }

    private static func error(_ link: Link, cause: (any Error)?) -> any Error {
        let parts = link.kind.split(separator: ".", maxSplits: 1).map(String.init)
        switch (ErrorKind(rawValue: link.kind), parts.first) {
        case let (.book(kind)?, _): return BookError(kind, file: link.file, line: link.line, link.message, cause: cause)
        case let (.render(kind)?, _): return RenderError(kind, file: link.file, link.message, cause: cause)
        case let (.own(kind)?, _): return OwnFileError(kind, file: link.file, link.message, cause: cause)
        case let (.output(kind)?, _): return OutputSafetyError(kind, file: link.file ?? "", reason: link.message)
        case let (.setting(setting)?, _): return SettingError(setting, link.message, cause: cause)
        case let (.position(kind)?, _): return PositionError(kind, file: link.file, link.message)
        case (nil, "posix"):
            if let code = link.code.flatMap({ POSIXError.of(Int32(clamping: $0)) }) { return code }
        case (nil, "library") where parts.count == 2:
            return CLibraryError(library: parts[1], code: link.code ?? 0, message: link.message)
        default:
            break
        }
        let type = parts.first == "other" && parts.count == 2 ? parts[1] : link.kind
        return CarriedError(type: type, message: link.message, cause: cause)
    }
}
