/// How a book in another format was read: shown by `inspect`.
public struct InputReport: Hashable, Sendable, Codable {
    public var format: InputFormat
    /// The text encoding used (`UTF-8`, `Shift_JIS` …) and how it was chosen
    /// (`bom`, `valid`, `detected NN%`, `--encoding`); nil for PDF.
    public var encoding: String?
    public var encodingSource: String?
    /// Where the language came from: `--lang`, `front matter`, or `script` (guessed).
    public var languageSource: String
    /// Container path of each chapter document → its `href` in sidecars (`FILE#chapter-N`).
    public var sourceHrefs: [String: String]

    public init(format: InputFormat, encoding: String?, encodingSource: String?, languageSource: String,
                sourceHrefs: [String: String]) {
        self.format = format
        self.encoding = encoding
        self.encodingSource = encodingSource
        self.languageSource = languageSource
        self.sourceHrefs = sourceHrefs
    }

    private enum CodingKeys: String, CodingKey {
        case format, encoding, encodingSource, languageSource
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try container.decode(InputFormat.self, forKey: .format)
        encoding = try container.decodeIfPresent(String.self, forKey: .encoding)
        encodingSource = try container.decodeIfPresent(String.self, forKey: .encodingSource)
        languageSource = try container.decode(String.self, forKey: .languageSource)
        sourceHrefs = [:]
    }
}
