/// A chapter's timing as a Readium Guided Navigation Document
/// (readium.org/guided-navigation): one object per sentence with `textref`,
/// `audioref` (`audio-file#t=begin,end`) and `text`.
public struct GuidedNavigationExporter: Sendable {
    /// The fragment id of sentence `sentence` (an index in `timing.sentences`)
    /// in the chapter's XHTML, e.g. the `id` a media-overlay EPUB gives it;
    /// nil when there is none.
    public typealias FragmentID = @Sendable (_ timing: ChapterTiming, _ sentence: Int) -> String?

    /// The document: `{"guided": [...]}`.
    public struct Document: Hashable, Sendable, Codable {
        public var guided: [Object]
    }

    /// One step of guided navigation.
    public struct Object: Hashable, Sendable, Codable {
        /// The chapter's href (as in `book.json`), with `#id` when a fragment id is known.
        public var textref: String
        /// The audio file, relative to the document, with a `t=begin,end` media fragment.
        public var audioref: String
        public var text: String
    }

    /// Where `textref`s get their `#id`; nil: the chapter's href alone.
    public var fragmentID: FragmentID?
    /// The chapter's href in `textref`s when it is not the sidecar's (a book
    /// built from text, Markdown or PDF, linked into its generated EPUB).
    public var chapterHref: (@Sendable (ChapterTiming) -> String?)?

    /// Without a fragment id provider, every `textref` is the chapter's href.
    public init(fragmentID: FragmentID? = nil) { self.fragmentID = fragmentID }

    /// The guided navigation document of one chapter: an object per sentence.
    public func document(_ timing: ChapterTiming) -> Document {
        let units = Array(timing.text.utf16)
        return Document(guided: timing.sentences.enumerated().map { index, sentence in
            let fragment = fragmentID?(timing, index).map { "#" + $0 } ?? ""
            return Object(
                textref: (chapterHref?(timing) ?? timing.chapter.href) + fragment,
                audioref: "\(timing.audio.file)#t=\(CueTime.decimal(timing.fileTime(sentence.begin))),"
                    + "\(CueTime.decimal(timing.fileTime(sentence.end)))",
                text: SyncText.line(units, sentence.range.location, sentence.range.end)
            )
        })
    }
}
