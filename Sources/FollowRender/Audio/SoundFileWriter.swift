import CSndFile

/// Writes mono WAV (16-bit PCM), FLAC (16-bit) or Ogg Vorbis through
/// libsndfile, with title, artist, album and track number as the format's
/// own text tags (RIFF INFO or Vorbis comments). No cover image: libsndfile
/// cannot write one.
///
/// Ogg streams get a fixed serial number after closing (libsndfile picks a
/// time-seeded one), so identical input gives identical files.
public final class SoundFileWriter: AudioWriter {
    /// The serial number every Ogg stream this writer makes carries.
    static let oggSerialNumber: UInt32 = 0x464F_4C57

    public let format: AudioFormat
    public var leadingSamples: Int { 0 }

    private let path: String
    private let file: OutputFile
    private var handle: OpaquePointer?
    private var samplesWritten = 0

    /// Opens `path` and records the tags; `format` must not be `.mp3`.
    public init(format: AudioFormat, path: String, sampleRate: Int, tags: AudioTags) throws(RenderError) {
        self.format = format
        self.path = path
        var info = SF_INFO()
        info.samplerate = Int32(sampleRate)
        info.channels = 1
        switch format {
        case .wav: info.format = Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16)
        case .flac: info.format = Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_16)
        case .ogg: info.format = Int32(SF_FORMAT_OGG | SF_FORMAT_VORBIS)
        case .mp3: throw RenderError(.audio, file: path, "MP3 is written by MP3Writer, not libsndfile")
        }
        guard sf_format_check(&info) != 0 else {
            // sf_format_check gives no code; sf_open, which makes the same check, reports this one.
            throw RenderError(.audio, file: path, "libsndfile cannot write mono \(sampleRate) Hz \(format.rawValue)",
                              cause: Self.libraryError(Int32(SF_ERR_UNRECOGNISED_FORMAT)))
        }
        file = try OutputFile(path: path, readable: true)
        var io = SoundFileIO.callbacks
        guard let handle = sf_open_virtual(&io, Int32(SFM_WRITE), &info, Unmanaged.passUnretained(file).toOpaque()) else {
            let library = Self.libraryError(sf_error(nil))
            throw file.firstError ?? RenderError(.audio, file: path, "libsndfile cannot start (\(String(cString: sf_strerror(nil))))", cause: library)
        }
        self.handle = handle
        let strings: [(Int32, String?)] = [
            (Int32(SF_STR_TITLE), tags.title),
            (Int32(SF_STR_ARTIST), tags.artist),
            (Int32(SF_STR_ALBUM), tags.album),
            (Int32(SF_STR_TRACKNUMBER), tags.trackText),
        ]
        for case let (kind, text?) in strings where !text.isEmpty {
            guard sf_set_string(handle, kind, text) == 0 else {
                throw failure("cannot set tags")
            }
        }
    }

    deinit {
        if let handle { sf_close(handle) }
    }

    public func write(_ samples: UnsafeBufferPointer<Int16>) throws(RenderError) {
        guard let handle else { throw RenderError(.audio, file: path, "write after finish") }
        guard let base = samples.baseAddress, !samples.isEmpty else { return }
        let written = sf_write_short(handle, base, sf_count_t(samples.count))
        samplesWritten += Int(written)
        guard written == samples.count else { throw failure("cannot write") }
    }

    public func finish() throws(RenderError) -> Int {
        guard let handle else { throw RenderError(.audio, file: path, "finish called twice") }
        self.handle = nil
        let status = sf_close(handle)
        if let error = file.firstError { throw error }
        guard status == 0 else {
            throw RenderError(.audio, file: path, "libsndfile failed to finish (\(String(cString: sf_error_number(status))))",
                              cause: Self.libraryError(status))
        }
        try file.close()
        if format == .ogg {
            try OggSerialNumbers.normalize(path: path, serialNumber: Self.oggSerialNumber)
        }
        return samplesWritten
    }

    private func failure(_ action: String) -> RenderError {
        file.firstError ?? RenderError(.audio, file: path, "\(action) (\(String(cString: sf_strerror(handle))))",
                                       cause: Self.libraryError(sf_error(handle)))
    }

    /// libsndfile's error code as the innermost cause, with its own text for it.
    static func libraryError(_ code: Int32) -> CLibraryError {
        CLibraryError(library: "libsndfile", code: Int(code), message: String(cString: sf_error_number(code)))
    }
}
