import FollowRender

/// `follow-render voices`: lists the installed eSpeak NG voices, or their variants.
enum VoicesCommand: Command {
    static let name = "voices"
    static let summary = "List the installed eSpeak NG voices (and --variants)"
    static let page = HelpPage(
        usage: ["follow-render voices [--lang CODE] [--variants]"],
        about: """
            Lists the eSpeak NG voices installed on this machine: the voice name (what
            --voice accepts), its file, gender and the languages it serves, most
            preferred first.
            """,
        sections: [.init("Options", [.voicesLanguage, .variants])]
    )

    struct Options {
        var language: String?
        var variants: Bool
    }

    static func parse(_ arguments: inout Arguments) throws -> Options {
        let variants = arguments.flag(.variants)
        let language = try arguments.onlyOption(.voicesLanguage)
        if variants, language != nil { throw UsageError.exclusive(.voicesLanguage, .variants, why: " (a variant fits every voice)") }
        return Options(language: language, variants: variants)
    }

    /// Lists the voices for `language` (all when nil), or the variants.
    static func run(_ options: Options) throws -> Int32 {
        let engine = try SpeechEngine.shared()
        if options.variants {
            let rows = engine.variants.map { [$0.file, $0.name, $0.gender.rawValue] }
            print(Table.render(header: ["VARIANT", "NAME", "GENDER"], rows: rows))
            print("\nUse as --voice NAME+VARIANT, e.g. --voice en+\(engine.variants.first { $0.file == "f3" }?.file ?? "VARIANT").")
            return 0
        }
        let language = options.language
        let voices = engine.voices(language: language)
        if let language, voices.isEmpty {
            Console.error("follow-render voices: no installed eSpeak NG voice speaks '\(language)'")
            return 1
        }
        let rows = voices.map { voice in
            [voice.name, voice.identifier, voice.gender.rawValue, voice.languages.joined(separator: " ")]
        }
        print(Table.render(header: ["NAME", "FILE", "GENDER", "LANGUAGES"], rows: rows))
        if let language, let chosen = engine.voiceName(forLanguage: language) {
            print("\nVoice for '\(language)': \(chosen)")
        }
        return 0
    }
}
