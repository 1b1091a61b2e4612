/// The voices of quoted speech (`--dialogue-voice`, `--cast`): which voice
/// speaks each quotation of a chapter, the rest staying with the narrator's.
///
/// Each voice is chosen per language like the narrator's (`VoiceResolver`):
/// `en+f3` everywhere, or `+f3` on the voice of each language. A quotation
/// whose speaker the cast names takes that member's voice; any other takes
/// the dialogue voice, or the narrator's when there is none.
final class DialogueVoices {
    /// A stretch of a chapter spoken by another voice than the narrator's.
    struct Span {
        var range: TextRange
        var voices: VoiceResolver
    }

    let dialogue: VoiceResolver?
    let cast: Cast?
    private let members: [String: VoiceResolver]
    /// The last chapter's spans: a chapter's segments ask one after another.
    private var cached: (index: Int, spans: [Span])?

    /// Checks every voice now, so an unknown one is refused before anything is rendered.
    init(engine: SpeechEngine, dialogueVoice: String?, cast: Cast?, bookLanguage: String) throws(RenderError) {
        do {
            dialogue = try dialogueVoice.map { voice throws(RenderError) in
                try VoiceResolver(engine: engine, forced: voice, bookLanguage: bookLanguage)
            }
        } catch {
            throw RenderError(error.kind, "\(Setting.dialogueVoice): \(error.reason)", cause: error)
        }
        var members: [String: VoiceResolver] = [:]
        for member in cast?.members ?? [] {
            do {
                members[member.key] = try VoiceResolver(engine: engine, forced: member.voice, bookLanguage: bookLanguage)
            } catch {
                throw RenderError(error.kind, file: cast?.file, "line \(member.line) (\(member.name)): \(error.reason)", cause: error)
            }
        }
        self.members = members
        self.cast = cast
    }

    /// The voice `member` speaks the book's language with.
    func voice(of member: Cast.Member) -> String {
        members[member.key]?.bookVoice ?? member.voice
    }

    /// Whether any quotation is spoken by another voice.
    var isActive: Bool { dialogue != nil || !members.isEmpty }

    /// The quotations of `chapter` with the voices that speak them.
    func spans(of chapter: Chapter, units: [UInt16]) -> [Span] {
        if let cached, cached.index == chapter.index { return cached.spans }
        guard isActive else { return [] }
        let quotations = Quotations.find(in: chapter.text, units: units)
        let speakers = members.isEmpty ? [] : SpeakerAttribution.speakers(of: quotations, in: chapter.text, units: units,
                                                                           language: chapter.language)
        var spans: [Span] = []
        for (index, quotation) in quotations.enumerated() {
            var member: VoiceResolver?
            if index < speakers.count, let speaker = speakers[index] { member = members[SpeakerAttribution.key(speaker)] }
            if let voices = member ?? dialogue { spans.append(Span(range: quotation.range, voices: voices)) }
        }
        cached = (chapter.index, spans)
        return spans
    }

    /// The cast members who speak in `chapter`, with their number of quotations.
    func castSpeakers(of chapter: Chapter, units: [UInt16]) -> [String: Int] {
        guard let cast, !members.isEmpty else { return [:] }
        let quotations = Quotations.find(in: chapter.text, units: units)
        var counts: [String: Int] = [:]
        for speaker in SpeakerAttribution.speakers(of: quotations, in: chapter.text, units: units, language: chapter.language) {
            if let speaker, let member = cast.member(forKey: SpeakerAttribution.key(speaker)) { counts[member.name, default: 0] += 1 }
        }
        return counts
    }
}
