import Foundation

/// One chapter made ready for the overlay EPUB: its wrapped content document,
/// its SMIL document and where its audio goes.
struct OverlayChapter {
    /// 1-based spine position.
    let index: Int
    /// Manifest id of the content document.
    let itemID: String
    let documentPath: String
    let document: Data
    let smilPath: String
    let smilID: String
    let smil: SMILDocument
    let audioPath: String
    let audioID: String
    /// The rendered audio file's name in the rendered folder.
    let audioFile: String
    let duration: Int
    /// The id of the first wrapped piece of each sentence (by index in the
    /// sidecar), for links into the EPUB such as Guided Navigation `textref`s.
    let sentenceAnchors: [Int: String]

    /// `known` is the chapter's narration as the render read it, if at hand;
    /// otherwise it is extracted again from the document.
    init(source: OverlaySource, chapter: BookManifest.Chapter, known: ChapterText?, narration: NarrationOptions,
         granularity: OverlayGranularity, layout: inout OverlayLayout) throws(RenderError) {
        guard let item = source.book.spine.first(where: { $0.index == chapter.index }),
              (item.sourceHref ?? item.path) == chapter.href else {
            throw RenderError(.overlay, "the book has no spine item \(chapter.index) at \(chapter.href); was it rendered from another book?")
        }
        guard let audio = chapter.audio, audio.lowercased().hasSuffix(".mp3") else {
            throw RenderError(.overlay, "\(chapter.audio ?? "chapter \(chapter.index)") has no MP3 of its own; "
                                  + "media overlays need MP3 chapter audio (render with \(Setting.format) mp3)")
        }
        guard let timing = source.rendered.chapter(chapter.index) else {
            throw RenderError(.overlay, file: chapter.timing, "cannot be read: not loaded with \(OutputNaming.manifestFile)")
        }
        let data = try source.bookFile(item.path)
        let parsed: XMLDocument
        do {
            parsed = try XMLDocument(data: data, path: item.path)
        } catch {
            throw RenderError(.overlay, file: item.path, "cannot be read: \(error)", cause: error)
        }
        let text = known ?? NarrationExtractor(options: narration).extract(parsed, language: source.book.metadata.language).text
        guard text.text == timing.text else {
            throw RenderError(.overlay, "the narration of \(item.path) differs from \(chapter.timing) (another book, or other \(Setting.includeNotes)?)")
        }
        let raw = try RawXML(data: data, path: item.path)
        try raw.verify(against: parsed)
        let fragments = try FragmentPlanner.fragments(text: text, timing: timing, granularity: granularity, raw: raw)
        guard !fragments.isEmpty else { throw RenderError(.overlay, "nothing to highlight") }

        index = chapter.index
        itemID = item.idref
        documentPath = item.path
        audioFile = audio
        duration = timing.audio.duration.milliseconds
        let stem = String(audio.dropLast(4))
        smilPath = layout.path(stem + ".smil")
        audioPath = layout.path("audio/" + audio)
        smilID = layout.id(String(format: "fr-smil-%03d", chapter.index))
        audioID = layout.id(String(format: "fr-audio-%03d", chapter.index))
        let stylesheet = layout.stylesheetPath
        let wrapped = try ContentWrapper(raw: raw, path: item.path)
            .wrap(fragments, granularity: granularity, stylesheetHref: OverlayText.href(from: item.path, to: stylesheet))
        document = wrapped.data
        smil = SMILDocument(
            textHref: OverlayText.href(from: smilPath, to: item.path),
            bodyID: wrapped.bodyID,
            prefixes: wrapped.prefixes,
            audioHref: OverlayText.href(from: smilPath, to: audioPath),
            entries: wrapped.wrapped.map {
                SMILDocument.Entry(id: $0.id, begin: $0.fragment.begin, end: $0.fragment.end, type: $0.noteType,
                                   structures: $0.structures.map { SMILDocument.Structure(id: $0.id, type: $0.type) })
            }
        )
        guard !smil.entries.isEmpty else { throw RenderError(.overlay, file: item.path, "no narrated text in XHTML to highlight") }
        sentenceAnchors = Self.anchors(wrapped.wrapped, timing: timing, granularity: granularity)
    }

    /// Sentence index → id of its first wrapped piece; with word granularity,
    /// of the first wrapped piece of its words.
    private static func anchors(_ wrapped: [ContentWrapper.Wrapped], timing: ChapterTiming,
                                granularity: OverlayGranularity) -> [Int: String] {
        var sentenceOfTarget: [Int] = []
        switch granularity {
        case .sentence: sentenceOfTarget = Array(timing.sentences.indices)
        case .word:
            for (index, sentence) in timing.sentences.enumerated() {
                sentenceOfTarget += Array(repeating: index, count: sentence.words.count)
            }
        }
        var anchors: [Int: String] = [:]
        for entry in wrapped where entry.fragment.target - 1 < sentenceOfTarget.count {
            let sentence = sentenceOfTarget[entry.fragment.target - 1]
            if anchors[sentence] == nil { anchors[sentence] = entry.id }
        }
        return anchors
    }
}
