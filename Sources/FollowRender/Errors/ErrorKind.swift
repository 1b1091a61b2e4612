/// The kind of any error of ours, with its area, as one stable string:
/// `book.notAnEPUB`, `render.speech`, `own.notJSON`, `output.collision`,
/// `setting.cover`, `position.notATime`.
///
/// What a batch records for a failed book (`BookOutcome.Failure`) and what
/// names each level of a worker's error on the worker protocol (`ErrorChain`),
/// so the real kind is known wherever the error went.
public enum ErrorKind: Hashable, Sendable, CustomStringConvertible {
    case book(BookError.Kind)
    case render(RenderError.Kind)
    case own(OwnFileError.Kind)
    case output(OutputSafetyError.Kind)
    case setting(Setting)
    case position(PositionError.Kind)

    /// The kind of `error`, when it is one of ours with a kind.
    public init?(of error: any Error) {
        switch error {
        case let error as BookError: self = .book(error.kind)
        case let error as RenderError: self = .render(error.kind)
        case let error as OwnFileError: self = .own(error.kind)
        case let error as OutputSafetyError: self = .output(error.kind)
        case let error as SettingError: self = .setting(error.setting)
        case let error as PositionError: self = .position(error.kind)
        default: return nil
        }
    }

    /// Parses `area.kind`; nil for anything else.
    public init?(rawValue: String) {
        let parts = rawValue.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return nil }
        let kind = parts[1]
        let parsed: ErrorKind? = switch parts[0] {
        case "book": BookError.Kind(rawValue: kind).map(ErrorKind.book)
        case "render": RenderError.Kind(rawValue: kind).map(ErrorKind.render)
        case "own": OwnFileError.Kind(rawValue: kind).map(ErrorKind.own)
        case "output": OutputSafetyError.Kind(rawValue: kind).map(ErrorKind.output)
        case "setting": Setting(rawValue: kind).map(ErrorKind.setting)
        case "position": PositionError.Kind(rawValue: kind).map(ErrorKind.position)
        default: nil
        }
        guard let parsed else { return nil }
        self = parsed
    }

    /// `area.kind`.
    public var rawValue: String {
        switch self {
        case let .book(kind): "book." + kind.rawValue
        case let .render(kind): "render." + kind.rawValue
        case let .own(kind): "own." + kind.rawValue
        case let .output(kind): "output." + kind.rawValue
        case let .setting(setting): "setting." + setting.rawValue
        case let .position(kind): "position." + kind.rawValue
        }
    }

    public var description: String { rawValue }

    /// Every kind of every area, for tests that make each one.
    public static var allCases: [ErrorKind] {
        BookError.Kind.allCases.map(ErrorKind.book) + RenderError.Kind.allCases.map(ErrorKind.render)
            + OwnFileError.Kind.allCases.map(ErrorKind.own) + OutputSafetyError.Kind.allCases.map(ErrorKind.output)
            + Setting.allCases.map(ErrorKind.setting) + PositionError.Kind.allCases.map(ErrorKind.position)
    }
}

/// Coded as its `rawValue`. A bare `RenderError` kind (what `batch.json`
/// recorded before kinds had areas: `strict`) reads as that render kind.
extension ErrorKind: Codable {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let kind = ErrorKind(rawValue: text) ?? RenderError.Kind(rawValue: text).map(ErrorKind.render) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown error kind '\(text)'"))
        }
        self = kind
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
