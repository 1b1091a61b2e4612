/// What a C library said when a call failed: its name, its error code and its
/// own text. The innermost cause of an error of ours that a C library
/// reported (libzip, libxml2, FFmpeg, LAME, libsndfile, eSpeak NG, ICU), as
/// `POSIXError` is for the OS's `errno`, so a caller can tell the library's
/// code from our reading of it. Each library's one Swift owner makes it
/// (`MP3Writer`, `SoundFileWriter`, `SpeechEngine`, `BreakIterator` …).
public struct CLibraryError: CausedError, Hashable, Sendable {
    /// `libzip`, `libxml2`, `FFmpeg`, `LAME`, `libsndfile`, `eSpeak NG`, `ICU`.
    public var library: String
    /// The library's error code (libzip's `ZIP_ER_*`, libxml2's `xmlParserErrors`, FFmpeg's `AVERROR`,
    /// LAME's negative returns, libsndfile's `SF_ERR_*`, eSpeak NG's `espeak_ng_STATUS`, ICU's `UErrorCode`).
    public var code: Int
    /// The library's text for it, on one line.
    public var message: String

    public init(library: String, code: Int, message: String) {
        self.library = library
        self.code = code
        self.message = message.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// The innermost error: nothing below the library's code.
    public var cause: (any Error)? { nil }

    public var description: String { "\(library) error \(code): \(message)" }
}
