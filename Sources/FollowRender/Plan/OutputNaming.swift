/// The audio file names of a rendered folder, which need the renderer's `AudioFormat`.
extension OutputNaming {
    /// `NNN-slug.EXT`, EXT the format's extension.
    public static func audioFile(index: Int, title: String, format: AudioFormat) -> String {
        stem(index: index, title: title) + "." + format.fileExtension
    }
}
