import CICU

/// One of ICU's break iterators (sentence or word rules for a language),
/// owning the C iterator and closing it when released.
///
/// An iterator is opened once and pointed at successive stretches of text, so
/// segmenting a whole book costs one ICU open per language and kind.
final class BreakIterator {
    /// The version of the ICU library this process loaded (`u_getVersion`).
    static var icuVersion: String { String(cString: fr_icu_version()) }

    /// Which of ICU's rule sets the iterator follows.
    enum Kind {
        case sentence
        case word
    }

    /// What ICU's word rules say a segment is; everything but `.none` is word-like.
    enum WordClass {
        case none
        case number
        case letter
        case kana
        case ideographic

        /// Whether a listener hears the segment as a word (letters, digits, kana, ideographs).
        var isWordLike: Bool { self != .none }
    }

    private let handle: OpaquePointer
    /// The BCP 47 tag the iterator was opened for, e.g. `ja`.
    let language: String

    /// Opens ICU's `kind` rules for a BCP 47 `language` (`""` for the root rules).
    init(kind: Kind, language: String) throws(BookError) {
        var status: Int32 = 0
        let cKind = kind == .sentence ? FR_BREAK_SENTENCE : FR_BREAK_WORD
        guard let handle = fr_break_open(cKind, language, &status) else { throw Self.failure("break iterator", status) }
        self.handle = handle
        self.language = language
    }

    deinit { fr_break_close(handle) }

    /// Calls `body` with each segment of `text[range]`, in order, as a range of
    /// offsets into `text`, and the segment's word class (`.none` for sentence rules).
    ///
    /// The iterator lets go of `text` before returning.
    func forEachSegment(
        of text: UnsafeBufferPointer<UInt16>,
        in range: Range<Int>,
        _ body: (Range<Int>, WordClass) -> Void
    ) throws(BookError) {
        guard !range.isEmpty, let base = text.baseAddress else { return }
        try setText(base + range.lowerBound, count: range.count)
        defer { try? setText(nil, count: 0) }
        var start = 0
        while case let end = fr_break_next(handle), end >= 0 {
            body(range.lowerBound + start ..< range.lowerBound + Int(end), wordClass)
            start = Int(end)
        }
    }

    /// Points the iterator at `count` units of `text` (nil and 0: none).
    func setText(_ text: UnsafePointer<UInt16>?, count: Int) throws(BookError) {
        guard let length = Int32(exactly: count) else {
            throw BookError(.segmentation, "ICU break iterator: \(count) UTF-16 units is too long a text")
        }
        let status = fr_break_set_text(handle, text, length)
        guard status == 0 else { throw Self.failure("break iterator text", status) }
    }

    /// ICU failing with `status` while doing `what`: the text cannot be segmented.
    static func failure(_ what: String, _ status: Int32) -> BookError {
        let failure = CLibraryError.icu(status)
        return BookError(.segmentation, "ICU \(what): \(failure.message)", cause: failure)
    }

    private var wordClass: WordClass {
        switch fr_break_word_class(handle) {
        case FR_WORD_NUMBER: .number
        case FR_WORD_LETTER: .letter
        case FR_WORD_KANA: .kana
        case FR_WORD_IDEO: .ideographic
        default: .none
        }
    }
}
