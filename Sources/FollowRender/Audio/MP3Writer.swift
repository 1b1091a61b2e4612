import CLame
import Foundation

/// Writes mono CBR MP3 through LAME: ID3v2 tags at the start, then the LAME
/// info tag (Info frame) patched into the first frame once the length is known.
///
/// Measured with ffmpeg 5.1 on files this writer makes (22050 Hz, MPEG-2):
/// - From 56 kbps up the info tag fits in the first frame. Decoders read the
///   encoder delay and padding from it and decode exactly the samples written,
///   starting with the first one: `leadingSamples` is 0. ffprobe's duration,
///   though, counts every frame (576 samples each): 1,153 to 1,728 samples
///   (52-78 ms) more, with a start time of 0.050 s. `finish()` returns
///   ffprobe's figure.
/// - At 48 kbps and below the frame is too small for the tag, LAME leaves it
///   out, and decoders play the encoder delay plus the decoder delay, 576 + 529
///   = 1,105 samples, before our first sample; they decode every frame, which
///   is also ffprobe's duration.
public final class MP3Writer: AudioWriter {
    /// 64 kbps: its first frame holds the gapless info tag (56 kbps is the
    /// lowest bitrate that does at 22050 Hz), and it is clear for speech.
    public static let defaultBitrate = 64

    /// The decoder delay of MPEG Layer III synthesis (528 + 1 samples), which
    /// decoders remove only when the info tag tells them to.
    static let decoderDelay = 529

    public let leadingSamples: Int
    /// Whether the stream starts with a LAME info tag frame.
    public let hasInfoTag: Bool

    private let lame: OpaquePointer
    private let file: OutputFile
    private let infoTagOffset: Int
    private var buffer: [UInt8] = []
    private var finished = false

    /// Opens `path` and writes the ID3v2 tag.
    /// - Parameters:
    ///   - bitrate: CBR kbps; must be a bitrate MPEG allows at `sampleRate`.
    ///   - id3Tag: false to write no ID3v2 tag (every segment but the first).
    public init(path: String, sampleRate: Int, bitrate: Int = MP3Writer.defaultBitrate, tags: AudioTags,
                id3Tag: Bool = true) throws(RenderError) {
        guard let lame = lame_init() else {
            // lame_init returns no code: NULL only when its allocation failed.
            throw RenderError(.audio, file: path, "LAME could not start (out of memory)", cause: POSIXError(.ENOMEM))
        }
        self.lame = lame
        lame_set_num_channels(lame, 1)
        lame_set_in_samplerate(lame, Int32(sampleRate))
        lame_set_out_samplerate(lame, Int32(sampleRate))
        lame_set_mode(lame, MONO)
        lame_set_VBR(lame, vbr_off)
        lame_set_brate(lame, Int32(bitrate))
        // The `lame` command's own default (-q 3): -q 2 costs 70% more time for no audible gain in speech.
        lame_set_quality(lame, 3)
        lame_set_bWriteVbrTag(lame, 1)
        lame_set_write_id3tag_automatic(lame, 0)
        do {
            try Self.setTags(tags, on: lame, path: path)
        } catch {
            lame_close(lame)
            throw error
        }
        let status = lame_init_params(lame)
        guard status >= 0 else {
            lame_close(lame)
            throw RenderError(.audio, file: path, "LAME cannot encode mono \(sampleRate) Hz at \(bitrate) kbps",
                              cause: Self.libraryError(status))
        }
        let actualRate = Int(lame_get_out_samplerate(lame)), actualBitrate = Int(lame_get_brate(lame))
        guard actualRate == sampleRate, actualBitrate == bitrate else {
            lame_close(lame)
            let reason = actualRate != sampleRate
                ? "MP3 has no \(sampleRate) Hz sample rate (nearest is \(actualRate) Hz)"
                : "MP3 has no \(bitrate) kbps at \(sampleRate) Hz (nearest is \(actualBitrate) kbps)"
            throw RenderError(.audio, file: path, reason)
        }
        hasInfoTag = Self.infoTagFits(bitrate: bitrate, sampleRate: sampleRate, errorProtection: lame_get_error_protection(lame) != 0)
        leadingSamples = hasInfoTag ? 0 : Int(lame_get_encoder_delay(lame)) + Self.decoderDelay
        do {
            file = try OutputFile(path: path)
            let tagSize = id3Tag ? lame_get_id3v2_tag(lame, nil, 0) : 0
            var tag = [UInt8](repeating: 0, count: tagSize)
            let written = id3Tag ? lame_get_id3v2_tag(lame, &tag, tagSize) : 0
            try file.write(tag[..<written])
            infoTagOffset = written
        } catch {
            lame_close(lame)
            throw error
        }
    }

    deinit {
        lame_close(lame)
    }

    public func write(_ samples: UnsafeBufferPointer<Int16>) throws(RenderError) {
        guard !finished else { throw RenderError(.audio, file: file.path, "write after finish") }
        guard let base = samples.baseAddress, !samples.isEmpty else { return }
        // LAME's documented worst case for one call: 1.25 * n + 7200 bytes.
        let capacity = samples.count + samples.count / 4 + 7200
        if buffer.count < capacity { buffer = [UInt8](repeating: 0, count: capacity) }
        let encoded = buffer.withUnsafeMutableBufferPointer { out in
            lame_encode_buffer(lame, base, base, Int32(samples.count), out.baseAddress, Int32(out.count))
        }
        try emit(encoded, during: "encoding")
    }

    public func finish() throws(RenderError) -> Int {
        guard !finished else { throw RenderError(.audio, file: file.path, "finish called twice") }
        finished = true
        if buffer.count < 7200 { buffer = [UInt8](repeating: 0, count: 7200) }
        let flushed = buffer.withUnsafeMutableBufferPointer { out in
            lame_encode_flush(lame, out.baseAddress, Int32(out.count))
        }
        try emit(flushed, during: "flushing")
        let size = lame_get_lametag_frame(lame, nil, 0)
        guard (size > 0) == hasInfoTag else {
            throw RenderError(.audio, file: file.path, "LAME \(hasInfoTag ? "did not write" : "wrote") an info tag, against its own rule")
        }
        if hasInfoTag {
            var frame = [UInt8](repeating: 0, count: size)
            let written = lame_get_lametag_frame(lame, &frame, size)
            try file.overwrite(frame[..<written], at: infoTagOffset)
        }
        try file.close()
        buffer = []
        return Int(lame_get_frameNum(lame)) * Int(lame_get_framesize(lame))
    }

    /// LAME's negative return code as the innermost cause, with lame.h's words
    /// for it (LAME has no function that says them).
    static func libraryError(_ code: Int32) -> CLibraryError {
        let message = switch code {
        case -1: "mp3buf was too small"
        case -2: "malloc() problem"
        case -3: "lame_init_params() not called"
        case -4: "psycho acoustic problems"
        default: "error \(code)"
        }
        return CLibraryError(library: "LAME", code: Int(code), message: message)
    }

    private func emit(_ count: Int32, during stage: String) throws(RenderError) {
        guard count >= 0 else {
            // lame.h: -2 is "malloc() problem".
            let library = Self.libraryError(count)
            if count == -2 { throw RenderError(.audio, file: file.path, "out of memory in LAME while \(stage)", cause: library) }
            throw RenderError(.audio, file: file.path, "LAME failed while \(stage) (error \(count))", cause: library)
        }
        try file.write(buffer[..<Int(count)])
    }

    /// LAME's own rule (VbrTag.c, InitVbrTag): the tag is written only when a
    /// CBR frame at this bitrate holds the side info plus the 156-byte
    /// Xing/Info and LAME header.
    private static func infoTagFits(bitrate: Int, sampleRate: Int, errorProtection: Bool = false) -> Bool {
        let mpeg1 = sampleRate >= 32000
        let frameBytes = (mpeg1 ? 144_000 : 72_000) * bitrate / sampleRate
        let sideInfo = 4 + (mpeg1 ? 17 : 9) + (errorProtection ? 2 : 0)
        return frameBytes >= sideInfo + 156
    }

    /// LAME's encoder delay (`ENCDELAY`), before the first sample written.
    static let encoderDelay = 576

    /// The `leadingSamples` of a chapter file at this rate and bitrate, known before encoding.
    static func leadingSamples(sampleRate: Int, bitrate: Int) -> Int {
        infoTagFits(bitrate: bitrate, sampleRate: sampleRate) ? 0 : encoderDelay + decoderDelay
    }

    private static func setTags(_ tags: AudioTags, on lame: OpaquePointer, path: String) throws(RenderError) {
        id3tag_init(lame)
        id3tag_v2_only(lame)
        setText(tags.title, frame: "TIT2", on: lame)
        setText(tags.album, frame: "TALB", on: lame)
        setText(tags.artist, frame: "TPE1", on: lame)
        if let track = tags.trackText {
            setText(track, frame: "TRCK", on: lame)
        }
        if let cover = tags.cover {
            let status = cover.withUnsafeBytes { bytes in
                id3tag_set_albumart(lame, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count)
            }
            guard status == 0 else {
                let declared = tags.coverMediaType.map { " (declared \($0))" } ?? ""
                throw RenderError(.audio, file: path, "cover image is not JPEG, PNG or GIF\(declared)")
            }
        }
    }

    /// ASCII goes in as Latin-1; anything else as UTF-16 with a byte-order mark.
    private static func setText(_ text: String, frame: String, on lame: OpaquePointer) {
        guard !text.isEmpty else { return }
        if text.allSatisfy(\.isASCII) {
            _ = id3tag_set_textinfo_latin1(lame, frame, text)
        } else {
            var units: [UInt16] = [0xFEFF] + Array(text.utf16) + [0]
            _ = id3tag_set_textinfo_utf16(lame, frame, &units)
        }
    }
}
