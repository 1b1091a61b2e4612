import CEspeakNG
import Foundation
import Synchronization

/// The process's eSpeak NG engine.
///
/// eSpeak NG keeps global state, so a process holds one engine (`shared()`)
/// and synthesizes one text at a time under a lock: concurrent callers wait
/// their turn instead of corrupting it. Parallel rendering uses worker processes.
///
/// eSpeak carries some wave-generator state (pitch flutter) from one call to
/// the next, so the same text gives slightly different samples (durations
/// within a few percent) depending on what was said before; the same sequence
/// of calls in a fresh process gives identical output.
public final class SpeechEngine: Sendable {
    /// Output sample rate in Hz (22050 for eSpeak NG voices).
    public let sampleRate: Int
    /// eSpeak NG's version string, e.g. `1.51`.
    public let version: String
    /// The `espeak-ng-data` folder in use.
    public let dataFolder: String
    /// Speaking rates `synthesize` accepts, in eSpeak's words per minute.
    public static let wpmRange = 80...1200
    /// eSpeak NG's fastest rate without libsonic. Faster rates are spoken at
    /// this rate and sped up by `wpm / nativeMaximumWPM` with `SonicStream`;
    /// eSpeak's own route above it (175 wpm, then libsonic) costs 3.6 times the CPU.
    public static let nativeMaximumWPM = 449

    /// The version of the eSpeak NG library this process loaded (`espeak_Info`),
    /// read without initialising the engine, so it works without voice data.
    public static var libraryVersion: String { espeak_Info(nil).map { String(cString: $0) } ?? "unknown" }

    private let catalog: VoiceCatalog
    /// The voice identifier eSpeak currently has loaded, guarded with eSpeak itself.
    private let loadedVoice = Mutex<String?>(nil)

    private static let instance = Result { () throws(RenderError) in try SpeechEngine() }

    /// The engine, initialized on first use. Honors `ESPEAK_DATA_PATH` (a folder
    /// holding `espeak-ng-data`, or that folder itself); throws when the data is missing.
    public static func shared() throws(RenderError) -> SpeechEngine { try instance.get() }

    private init() throws(RenderError) {
        let requested = try Self.dataFolder(environment: ProcessInfo.processInfo.environment)
        espeak_ng_InitializePath(requested)
        var path: UnsafePointer<CChar>?
        let info = espeak_Info(&path)
        version = info.map { String(cString: $0) } ?? "unknown"
        dataFolder = path.map { String(cString: $0) } ?? requested ?? "(unknown)"
        guard FileManager.default.fileExists(atPath: dataFolder + "/phontab") else {
            throw RenderError(.speech, "eSpeak NG data folder not found at \(dataFolder)")
        }
        try Self.check(espeak_ng_Initialize(nil), "cannot initialize eSpeak NG from \(dataFolder)")
        try SoundServerIsolation.run { () throws(RenderError) in
            try Self.check(espeak_ng_InitializeOutput(ENOUTPUT_MODE_SYNCHRONOUS, 0, nil), "cannot set up eSpeak NG output")
        }
        espeak_SetSynthCallback { wav, count, events in SynthesisCollector.receive(wav, count, events) }
        sampleRate = Int(espeak_ng_GetSampleRate())
        catalog = VoiceCatalog(voices: Self.installedVoices(), variants: Self.installedVariants())
    }

    /// The data folder chosen by `ESPEAK_DATA_PATH`, or nil for eSpeak's default.
    /// Throws when the variable is set but names no eSpeak NG data.
    static func dataFolder(environment: [String: String]) throws(RenderError) -> String? {
        guard let root = environment["ESPEAK_DATA_PATH"], !root.isEmpty else { return nil }
        for folder in [root + "/espeak-ng-data", root] where FileManager.default.fileExists(atPath: folder + "/phontab") {
            return folder
        }
        throw RenderError(.speech, "eSpeak NG data folder not found at \(root)/espeak-ng-data (from ESPEAK_DATA_PATH)")
    }

    /// All installed voices sorted by identifier, or only those serving
    /// `language` (a BCP 47 tag: `en` lists every English voice, `fr-CA` falls
    /// back to the French ones when none is Canadian).
    public func voices(language: String? = nil) -> [Voice] {
        guard let language else { return catalog.voices }
        return catalog.voices(forLanguage: language)
    }

    /// The installed voice called `name` (a name, identifier or language as
    /// `voices` lists them), or nil.
    public func voice(named name: String) -> Voice? {
        catalog.voice(named: name)
    }

    /// The installed voice variants (`m1`…`m7`, `f1`…`f5`, `klatt`, `whisper` …), by file name.
    public var variants: [VoiceVariant] { catalog.variants }

    /// Checks that `spec` (`NAME` or `NAME+VARIANT`) names an installed voice
    /// and variant; the error is one line naming the one that is not.
    public func checkVoice(_ spec: String) throws(RenderError) {
        _ = try catalog.choice(spec)
    }

    /// The voice name for a BCP 47 tag (`en`, `en-GB`, `ja`, `ar`, `fr-CA` ...),
    /// falling back to the base language; nil when no installed voice fits.
    public func voiceName(forLanguage tag: String) -> String? {
        catalog.voice(forLanguage: tag)?.name
    }

    /// Synthesizes `text` (plain UTF-8 text: never SSML, `<` is read as text;
    /// `[[…]]` is eSpeak phoneme input when `phonemeInput` is set, text otherwise;
    /// control characters never reach eSpeak, see `SpeechText`)
    /// with the voice `voice` (a name, identifier or language listed by
    /// `voices`, optionally `+VARIANT`) at `wpm` eSpeak words per minute (above
    /// `nativeMaximumWPM`, that rate sped up by libsonic), with
    /// `parameters`' pitch and intonation (eSpeak's defaults when nil; set on
    /// every call, since eSpeak keeps them from one call to the next). No pause
    /// is added at the end.
    public func synthesize(_ text: String, voice: String, wpm: Int, parameters: VoiceParameters = VoiceParameters(),
                           phonemeInput: Bool = false) throws(RenderError) -> Utterance {
        let chosen = try catalog.choice(voice)
        guard Self.wpmRange.contains(wpm) else {
            throw RenderError(.speech, "eSpeak NG rate \(wpm) wpm is outside \(Self.wpmRange.lowerBound)...\(Self.wpmRange.upperBound)")
        }
        let pitch = parameters.pitch ?? VoiceParameters.standard
        let intonation = parameters.intonation ?? VoiceParameters.standard
        for (name, value) in [("pitch", pitch), ("intonation", intonation)] where !VoiceParameters.range.contains(value) {
            throw RenderError(.speech, "eSpeak NG \(name) \(value) is outside \(VoiceParameters.range.lowerBound)...\(VoiceParameters.range.upperBound)")
        }
        return try loadedVoice.withLock { (loaded: inout String?) throws(RenderError) -> Utterance in
            try Self.load(chosen, named: voice, into: &loaded)
            let rate = min(wpm, Self.nativeMaximumWPM)
            try Self.check(espeak_ng_SetParameter(espeakRATE, Int32(rate), 0), "cannot set eSpeak NG rate to \(rate)")
            try Self.check(espeak_ng_SetParameter(espeakPITCH, Int32(pitch), 0), "cannot set eSpeak NG pitch to \(pitch)")
            try Self.check(espeak_ng_SetParameter(espeakRANGE, Int32(intonation), 0), "cannot set eSpeak NG intonation to \(intonation)")
            let utterance = try Self.run(SpeechText.engineInput(text, phonemeInput: phonemeInput), phonemeInput: phonemeInput)
            guard wpm > rate else { return utterance }
            return try SonicStream(sampleRate: sampleRate, speed: Double(wpm) / Double(rate)).spedUp(utterance)
        }
    }

    /// eSpeak NG's phoneme mnemonics for `text` as `voice` would say it, one
    /// clause after another separated by spaces (`espeak_TextToPhonemes`).
    ///
    /// The phonemizer reads `[[…]]` as phoneme input only while the last
    /// synthesis left phoneme input on, so this switches it with a silent
    /// synthesis first; and it leaves a word event behind for the next
    /// synthesis, so a second silent one absorbs it.
    public func phonemes(of text: String, voice: String, phonemeInput: Bool = false) throws(RenderError) -> String {
        let chosen = try catalog.choice(voice)
        return try loadedVoice.withLock { (loaded: inout String?) throws(RenderError) -> String in
            try Self.load(chosen, named: voice, into: &loaded)
            _ = try Self.run(" ", phonemeInput: phonemeInput)
            var clauses: [String] = []
            SpeechText.engineInput(text, phonemeInput: phonemeInput).withCString { start in
                var cursor: UnsafeRawPointer? = UnsafeRawPointer(start)
                while cursor != nil {
                    guard let output = espeak_TextToPhonemes(&cursor, espeakCHARS_UTF8, 0) else { break }
                    let clause = String(cString: output).trimmingCharacters(in: .whitespaces)
                    if !clause.isEmpty { clauses.append(clause) }
                }
            }
            _ = try Self.run(" ", phonemeInput: false)
            return clauses.joined(separator: " ")
        }
    }

    /// One synthesis call with the voice and rate already set.
    private static func run(_ text: String, phonemeInput: Bool) throws(RenderError) -> Utterance {
        let collector = SynthesisCollector()
        let context = Unmanaged.passUnretained(collector).toOpaque()
        let flags = UInt32(espeakCHARS_UTF8) | (phonemeInput ? UInt32(espeakPHONEMES) : 0)
        let status = withExtendedLifetime(collector) {
            text.withCString { pointer in
                espeak_ng_Synthesize(pointer, strlen(pointer) + 1, 0, POS_CHARACTER, 0, flags, nil, context)
            }
        }
        try check(status, "eSpeak NG failed to synthesize \(text.prefix(40).debugDescription)")
        return collector.utterance
    }

    private static func installedVoices() -> [Voice] {
        var voices: [Voice] = []
        for (voice, name, identifier, gender) in listed(espeak_ListVoices(nil)) {
            var languages: [String] = []
            var priorities: [Int] = []
            if var cursor = voice.languages.map({ UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) }) {
                while cursor.pointee != 0 {
                    let language = String(cString: cursor + 1)
                    priorities.append(Int(cursor.pointee))
                    languages.append(language.lowercased())
                    cursor += 1 + strlen(UnsafeRawPointer(cursor + 1).assumingMemoryBound(to: CChar.self)) + 1
                }
            }
            voices.append(Voice(name: name, languages: languages, priorities: priorities, identifier: identifier, gender: gender))
        }
        return voices.sorted { $0.identifier < $1.identifier }
    }

    /// The installed variants: eSpeak NG lists them as the voices of the language `variant`.
    private static func installedVariants() -> [VoiceVariant] {
        var spec = espeak_VOICE()
        let list = "variant".withCString { language in
            spec.languages = language
            return espeak_ListVoices(&spec)
        }
        let variants = listed(list).compactMap { _, name, path, gender in
            path.hasPrefix("!v/") ? VoiceVariant(file: String(path.dropFirst(3)), name: name, gender: gender) : nil
        }
        return variants.sorted { $0.file.lowercased() < $1.file.lowercased() }
    }

    /// The entries of an `espeak_ListVoices` list (NULL-terminated) that have a name and an identifier:
    /// each with its name, its identifier (a voice file's path, `!v/` for a variant) and its gender.
    private static func listed(_ list: UnsafeMutablePointer<UnsafePointer<espeak_VOICE>?>?)
        -> [(voice: espeak_VOICE, name: String, identifier: String, gender: Voice.Gender)] {
        guard let list else { return [] }
        var entries: [(voice: espeak_VOICE, name: String, identifier: String, gender: Voice.Gender)] = []
        var index = 0
        while let entry = list[index] {
            index += 1
            let voice = entry.pointee
            guard let name = voice.name, let identifier = voice.identifier else { continue }
            let gender: Voice.Gender = voice.gender == 1 ? .male : voice.gender == 2 ? .female : .unspecified
            entries.append((voice, String(cString: name), String(cString: identifier), gender))
        }
        return entries
    }

    /// Makes `chosen` eSpeak NG's current voice unless it is already (`loaded`, kept under the lock).
    private static func load(_ chosen: VoiceCatalog.Choice, named voice: String, into loaded: inout String?) throws(RenderError) {
        let name = chosen.engineName
        guard loaded != name else { return }
        loaded = nil
        try check(espeak_ng_SetVoiceByName(name), "cannot load eSpeak NG voice '\(voice)'")
        loaded = name
    }

    private static func check(_ status: espeak_ng_STATUS, _ what: String) throws(RenderError) {
        guard status != ENS_OK else { return }
        let library = libraryError(status)
        throw RenderError(.speech, file: what, library.message, cause: library)
    }

    /// eSpeak NG's status as the innermost cause: its code and its own text for it.
    static func libraryError(_ status: espeak_ng_STATUS) -> CLibraryError {
        var buffer = [CChar](repeating: 0, count: 256)
        espeak_ng_GetStatusCodeMessage(status, &buffer, buffer.count)
        let message = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return CLibraryError(library: "eSpeak NG", code: Int(status.rawValue), message: message)
    }
}
