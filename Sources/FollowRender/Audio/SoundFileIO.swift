import CSndFile

/// libsndfile virtual I/O over an `OutputFile`, so that write errors keep
/// their real cause (libsndfile's FLAC and Vorbis paths report a full disk
/// as an unrelated or unknown error). `user_data` is the unretained `OutputFile`.
enum SoundFileIO {
    static var callbacks: SF_VIRTUAL_IO {
        SF_VIRTUAL_IO(
            get_filelen: { file in sf_count_t(output(file).rawLength()) },
            seek: { offset, whence, file in sf_count_t(output(file).rawSeek(Int(offset), whence: whence)) },
            read: { bytes, count, file in
                guard let bytes else { return 0 }
                return sf_count_t(output(file).rawRead(bytes, count: Int(count)))
            },
            write: { bytes, count, file in
                guard let bytes else { return 0 }
                return sf_count_t(output(file).rawWrite(bytes, count: Int(count)))
            },
            tell: { file in sf_count_t(output(file).rawTell()) }
        )
    }
}

/// The `OutputFile` behind a callback's `user_data` (a free function: C
/// callbacks cannot capture context, not even `Self`).
private func output(_ pointer: UnsafeMutableRawPointer?) -> OutputFile {
    Unmanaged<OutputFile>.fromOpaque(pointer!).takeUnretainedValue()
}
