import Foundation

/// The installed voices and the rules for picking one by name or by language.
///
/// Kept apart from the engine so that the choice is plain logic over a list.
struct VoiceCatalog: Sendable {
    let voices: [Voice]
    /// The variants, sorted by file name.
    var variants: [VoiceVariant] = []

    /// A voice as asked for, `NAME` or `NAME+VARIANT`, found.
    struct Choice: Hashable, Sendable {
        var voice: Voice
        var variant: VoiceVariant?

        /// What eSpeak NG loads: `gmw/en-US+f3`.
        var engineName: String { voice.identifier + (variant.map { "+" + $0.file } ?? "") }
    }

    /// The voice and variant `spec` names (`en`, `en+f3`, `English (America)+klatt`),
    /// or a one-line error naming what is not installed.
    func choice(_ spec: String) throws(RenderError) -> Choice {
        let (name, variantName) = Self.split(spec)
        guard let voice = voice(named: name) else {
            throw RenderError(.speech, "eSpeak NG voice '\(name)' is not installed (see \(CommandReference.voices))")
        }
        guard let variantName else { return Choice(voice: voice, variant: nil) }
        guard let variant = variant(named: variantName) else {
            throw RenderError(.speech, "eSpeak NG voice variant '\(variantName)' is not installed (see \(CommandReference.voiceVariants))")
        }
        return Choice(voice: voice, variant: variant)
    }

    /// `spec` cut at its first `+`: the voice's name and the variant's, if any.
    static func split(_ spec: String) -> (name: String, variant: String?) {
        guard let plus = spec.firstIndex(of: "+") else { return (spec, nil) }
        return (String(spec[..<plus]), String(spec[spec.index(after: plus)...]))
    }

    /// The variant called `name`: its file name (`f3`) or declared name (`female3`), ignoring case.
    func variant(named name: String) -> VoiceVariant? {
        let wanted = name.lowercased()
        return variants.first { $0.file.lowercased() == wanted } ?? variants.first { $0.name.lowercased() == wanted }
    }

    /// The voice called `name`: its display name, identifier (`gmw/en-US`),
    /// file name (`en-US`) or first language (`en-us`), ignoring case.
    func voice(named name: String) -> Voice? {
        let wanted = name.lowercased()
        let tests: [(Voice) -> Bool] = [
            { $0.name.lowercased() == wanted },
            { $0.identifier.lowercased() == wanted },
            { $0.identifier.split(separator: "/").last?.lowercased() == wanted },
            { $0.languages.first == wanted },
        ]
        for test in tests {
            if let voice = voices.first(where: test) { return voice }
        }
        return nil
    }

    /// Every voice serving `tag` or a language under it (`en` lists `en-us`
    /// voices too), falling back to shorter prefixes like `voice(forLanguage:)`.
    func voices(forLanguage tag: String) -> [Voice] {
        for language in Self.fallbacks(of: tag) {
            let found = voices.filter { voice in
                voice.languages.contains { $0 == language || $0.hasPrefix(language + "-") }
            }
            if !found.isEmpty { return found }
        }
        return []
    }

    /// The preferred voice for a BCP 47 tag, trying the whole tag first and then
    /// dropping subtags from the end (`fr-CA` falls back to `fr`), nil when none fits.
    func voice(forLanguage tag: String) -> Voice? {
        Self.fallbacks(of: tag).lazy.compactMap { preferred(for: $0) }.first
    }

    /// The eSpeak language codes to try for `tag`, most specific first:
    /// `zh-Hant-TW` gives `zh-hant-tw`, `zh-hant`, `zh`, `cmn`.
    private static func fallbacks(of tag: String) -> [String] {
        var subtags = tag.lowercased().replacingOccurrences(of: "_", with: "-")
            .split(separator: "-").map(String.init)
        var codes: [String] = []
        while !subtags.isEmpty {
            let candidate = subtags.joined(separator: "-")
            codes += [candidate] + (aliases[candidate] ?? [])
            subtags.removeLast()
        }
        return codes
    }

    /// BCP 47 tags that eSpeak NG files under another code.
    private static let aliases: [String: [String]] = [
        "zh": ["cmn"],
        "no": ["nb"],
        "nn": ["nb"],
        "tl": ["fil"],
    ]

    /// The voice listing `language` with the lowest priority; the earlier voice wins ties.
    private func preferred(for language: String) -> Voice? {
        var best: (voice: Voice, priority: Int)?
        for voice in voices {
            guard let index = voice.languages.firstIndex(of: language) else { continue }
            let priority = voice.priorities[index]
            if best == nil || priority < best!.priority { best = (voice, priority) }
        }
        return best?.voice
    }
}
