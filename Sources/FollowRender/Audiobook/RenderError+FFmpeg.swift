import CFFmpeg
import Foundation

/// FFmpeg return codes as `RenderError`s, at the boundary where the audiobook
/// packager calls libavformat, libavcodec and libswresample.
extension RenderError {
    /// Converts an FFmpeg return code: negative codes throw `kind`, a full disk as
    /// `.diskFull`, a refused write (permissions, a missing folder) as `.write`.
    @discardableResult
    static func check(_ code: Int32, _ kind: Kind, file: String, doing what: String) throws(RenderError) -> Int32 {
        guard code < 0 else { return code }
        if code == fr_averror(ENOSPC) { throw RenderError.diskFull(file: file) }
        let isWrite = code == fr_averror(EACCES) || code == fr_averror(ENOENT) || code == fr_averror(EROFS)
        let message = ffmpegMessage(code)
        // FFmpeg's AVERROR(e) is -e for an errno; its own codes are negative tags.
        let cause: any Error = POSIXError.of(-code)
            ?? CLibraryError(library: "FFmpeg", code: Int(code), message: message)
        throw RenderError(isWrite ? .write : kind, file: file, "\(what): \(message)", cause: cause)
    }

    /// An FFmpeg allocation that returned NULL, which comes with no code: `ENOMEM`
    /// as its cause, what `AVERROR(ENOMEM)` would have said (and what a worker's
    /// failure is classified by, `WorkerExit`).
    static func allocationFailed(file: String, _ reason: String = "out of memory") -> RenderError {
        RenderError(.audio, file: file, reason, cause: POSIXError(.ENOMEM))
    }

    /// `avcodec_find_encoder_by_name` finding no encoder `name`, which comes with
    /// no code: FFmpeg's own `AVERROR_ENCODER_NOT_FOUND` as its cause.
    static func missingEncoder(_ name: String, file: String) -> RenderError {
        let code = fr_averror_encoder_not_found()
        return RenderError(.audio, file: file, "this FFmpeg has no \(name) encoder",
                           cause: CLibraryError(library: "FFmpeg", code: Int(code), message: ffmpegMessage(code)))
    }

    /// FFmpeg's text for an error code.
    static func ffmpegMessage(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        fr_strerror(code, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
