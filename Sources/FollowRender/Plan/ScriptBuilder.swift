import Foundation

/// Works out, in the parent, the `ChapterScript` of each job of a render:
/// each sentence's pieces (a voice per language run, the spoken form the
/// pronunciation stage gives it, an over-long stretch cut into chunks), the
/// pauses in samples, the tags and cover, and the files to write.
///
/// The book is read once, by the parent; the spoken forms are worked out here,
/// a slice's for its own sentences only (each sentence's form depends on
/// that sentence alone). Lexicon warnings were shown by the pronunciation stage
/// before the render, so none are repeated. Not thread-safe (it owns MeCab and
/// caches voices): `ScriptSource` shares it between the pool's threads.
final class ScriptBuilder {
    /// Cover formats ID3 players show; an SVG or WebP cover is left out of the tags.
    private static let embeddableCoverTypes: Set<String> = ["image/jpeg", "image/png", "image/gif"]

    let settings: ChapterSettings
    let sampleRate: Int
    let voices: VoiceResolver
    /// The voices of quoted speech (`--dialogue-voice`, `--cast`).
    let dialogue: DialogueVoices
    /// The single file the jobs encode parts for; nil without one.
    let singleFile: SingleFileParts?
    private let pronouncer: Pronouncer
    private let folder: String
    private let trackCount: Int
    private let album: String
    private let artist: String
    private let cover: Data?
    private let coverType: String?

    /// A builder for the chapters of `archive`'s book, rendered with `settings`
    /// into `folder` (absolute) as `trackCount` tracks, with parts of `singleFile` when given.
    init(archive: EPUBArchive, settings: ChapterSettings, engine: SpeechEngine, folder: String, trackCount: Int,
         singleFile: SingleFileParts? = nil) throws(RenderError) {
        self.settings = settings
        self.singleFile = singleFile
        sampleRate = engine.sampleRate
        let metadata = archive.book.metadata
        voices = try VoiceResolver(engine: engine, forced: settings.voice, bookLanguage: metadata.language)
        dialogue = try DialogueVoices(engine: engine, dialogueVoice: settings.dialogueVoice, cast: settings.cast,
                                      bookLanguage: metadata.language)
        pronouncer = Pronouncer(archive: archive, lexiconPaths: settings.lexicons, normalize: settings.normalize) { _ in }
        self.folder = folder
        self.trackCount = trackCount
        album = metadata.title
        artist = metadata.creators.joined(separator: ", ")
        coverType = metadata.coverPath.flatMap { path in archive.book.manifest.first { $0.path == path }?.mediaType }
        let embeddable = coverType.map(Self.embeddableCoverTypes.contains) ?? false
        cover = embeddable ? AudioTags.embeddable(metadata.coverPath.flatMap { path in try? archive.data(at: path) }) : nil
    }

    /// The slices a chapter's jobs speak; nil when one job speaks it whole
    /// (only MP3 streams and the single file's parts are joined, so only MP3
    /// chapters, and the chapters of a `--format none` render, are split).
    func plan(of chapter: Chapter) -> SlicePlan? {
        guard settings.format == .mp3 || settings.format == nil else { return nil }
        let plan = SlicePlan(chapter: chapter)
        return plan.isSplit ? plan : nil
    }

    /// The script of `chapter` (track `track` of the book), or of its slice
    /// `slice`; `part` names the chapter's part of the single file (nil: none,
    /// as in the scripts a cache key is made of).
    func script(for chapter: Chapter, track: Int, slice: Int?, part: String? = nil) throws(RenderError) -> ChapterScript {
        let plan: SlicePlan? = slice == nil ? nil : self.plan(of: chapter)
        if let slice, !(plan?.slices.indices.contains(slice) ?? false) {
            throw RenderError(.noChapter, "chapter \(chapter.index) has no slice \(slice)")
        }
        let schedule = PauseSchedule(sampleRate: sampleRate, speed: settings.speed, pauses: settings.pauses)
        let pauses = schedule.pauses(in: chapter)
        let range = plan.flatMap { plan in slice.map { plan.slices[$0] } } ?? chapter.sentences.indices
        let edges = plan.flatMap { plan in slice.map { plan.edges(of: $0, pauses: pauses) } }
        var spoken = chapter
        spoken.sentences = Array(chapter.sentences[range])
        let forms = pronouncer.speaksAsWritten(chapter) ? [] : try pronouncer.spokenSentences(of: spoken)
        let units = Array(chapter.text.text.utf16)
        let quoted = dialogue.spans(of: chapter, units: units)
        var sentences: [ChapterScript.Sentence] = []
        sentences.reserveCapacity(range.count)
        for index in range {
            let sentence = chapter.sentences[index]
            let position = index - range.lowerBound
            let form: SpokenSentence? = forms.indices.contains(position) && forms[position].isReplaced ? forms[position] : nil
            let leading: Int? = index == range.lowerBound ? edges?.leading : nil
            sentences.append(ChapterScript.Sentence(range: sentence.range, words: sentence.words, pause: leading ?? pauses[index],
                                                    pieces: pieces(of: sentence, in: chapter, units: units, quoted: quoted,
                                                                    spoken: form)))
        }
        let first = (slice ?? 0) == 0
        // Only the whole chapter's, or the first slice's, stream carries the tags (and the cover).
        let tags = AudioTags(title: chapter.title, album: album, artist: artist, track: track, trackCount: trackCount,
                             cover: first ? cover : nil, coverMediaType: first ? coverType : nil)
        let audio = settings.format.map { format in
            ChapterScript.Outputs.Audio(file: OutputNaming.audioFile(index: chapter.index, title: chapter.title, format: format),
                                        format: format, bitrate: settings.bitrate, tags: tags)
        }
        // A part starts with the chapter file's own lead, so that one sidecar times both.
        let lead = first && settings.format == .mp3 ? MP3Writer.leadingSamples(sampleRate: sampleRate, bitrate: settings.bitrate) : 0
        var partOutput: ChapterScript.Outputs.Part?
        if let part, let singleFile {
            partOutput = .init(file: part, codec: singleFile.codec, leadingSilence: lead, bitrate: settings.bitrate)
        }
        let outputs = ChapterScript.Outputs(
            folder: folder, audio: audio, timing: OutputNaming.timingFile(index: chapter.index, title: chapter.title),
            part: partOutput, singleFile: settings.format == nil ? singleFile?.relativePath(from: folder) : nil)
        return ChapterScript(
            chapter: .init(index: chapter.index, href: chapter.href, title: chapter.title),
            text: slice == nil ? chapter.text.text : "", sampleRate: sampleRate, wpm: settings.wpm,
            voiceParameters: settings.voiceParameters.isStandard ? nil : settings.voiceParameters, sentences: sentences,
            trailing: edges?.trailing ?? schedule.samples(PauseSchedule.lead),
            silentSentence: schedule.samples(PauseSchedule.silentSentence),
            slice: plan.flatMap { plan in slice.map { ChapterScript.Slice(index: $0, count: plan.slices.count) } },
            outputs: outputs)
    }

    /// The languages of `chapter` no installed voice speaks (read with the book's voice).
    func unvoicedLanguages(of chapter: Chapter) -> [String] {
        let languages = Set(chapter.text.languages.map(\.language))
        return voices.unvoicedLanguages.filter(languages.contains)
    }

    /// The synthesis calls of a sentence: one per voice, an over-long stretch
    /// of shown or spoken text in chunks; a sentence the pronunciation stage changed is
    /// spoken from its spoken form (`form`), whose words' stretches map back to
    /// the shown words. A sentence without words has none.
    private func pieces(of sentence: Sentence, in chapter: Chapter, units: [UInt16], quoted: [DialogueVoices.Span],
                        spoken form: SpokenSentence?) -> [ChapterScript.Piece] {
        guard !sentence.words.isEmpty else { return [] }
        var pieces: [ChapterScript.Piece] = []
        let text = { (range: TextRange) in String(utf16Units: units[range.location..<range.end]) }
        for voicePiece in VoicePiece.pieces(of: sentence, in: chapter, units: units, voices: voices, quoted: quoted) {
            if let form {
                let (spokenText, relative) = form.piece(voicePiece.range, words: voicePiece.words)
                for chunk in VoicePiece.spokenChunks(text: spokenText, words: relative) {
                    pieces.append(.init(text: chunk.text, voice: voicePiece.voice, phonemes: form.hasPhonemes, words: chunk.words))
                }
                continue
            }
            let pieceText = text(voicePiece.range)
            for piece in voicePiece.chunks(text: pieceText) {
                let whole = piece.range == voicePiece.range
                let relative = piece.words.map { TextRange(location: $0.location - piece.range.location, length: $0.length) }
                pieces.append(.init(text: SpeechText.plain(whole ? pieceText : text(piece.range)),
                                    voice: piece.voice, phonemes: false, words: relative))
            }
        }
        return pieces
    }
}
