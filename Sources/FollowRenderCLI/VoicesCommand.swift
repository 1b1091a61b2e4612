import FollowRender

/// `follow-render voices`: lists the installed eSpeak NG voices.
enum VoicesCommand: Command {
    static let name = "voices"
    static let summary = "list the installed eSpeak NG voices"
    static let help = """
        Usage: follow-render voices [--lang CODE]

        Lists the eSpeak NG voices installed on this machine: the voice name (what
        --voice accepts), its file, gender and the languages it serves, most
        preferred first.

        Options:
          --lang CODE   only voices for this BCP 47 language, e.g. en, en-GB, fr, ja;
                        also shows which voice follow-render picks for it
          -h, --help    show this help
        """

    static func parse(_ arguments: inout Arguments) throws -> String? {
        try arguments.onlyOption("--lang")
    }

    /// Lists the voices for `language` (all when nil).
    static func run(_ language: String?) throws -> Int32 {
        let engine = try SpeechEngine.shared()
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
