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
    /// Speaking rates eSpeak accepts, in its words per minute; above 450 it
    /// speeds its output up with libsonic.
    public static let wpmRange = 80...1200

    private let catalog: VoiceCatalog
    /// The voice identifier eSpeak currently has loaded, guarded with eSpeak itself.
    private let loadedVoice = Mutex<String?>(nil)

    private static let instance = Result { () throws(SpeechError) in try SpeechEngine() }

    /// The engine, initialized on first use. Honors `ESPEAK_DATA_PATH` (a folder
    /// holding `espeak-ng-data`, or that folder itself); throws when the data is missing.
    public static func shared() throws(SpeechError) -> SpeechEngine { try instance.get() }

    private init() throws(SpeechError) {
        let requested = try Self.dataFolder(environment: ProcessInfo.processInfo.environment)
        espeak_ng_InitializePath(requested)
        var path: UnsafePointer<CChar>?
        let info = espeak_Info(&path)
        version = info.map { String(cString: $0) } ?? "unknown"
        dataFolder = path.map { String(cString: $0) } ?? requested ?? "(unknown)"
        guard FileManager.default.fileExists(atPath: dataFolder + "/phontab") else {
            throw SpeechError("eSpeak NG data folder not found at \(dataFolder)")
        }
        try Self.check(espeak_ng_Initialize(nil), "cannot initialize eSpeak NG from \(dataFolder)")
        try SoundServerIsolation.run { () throws(SpeechError) in
            try Self.check(espeak_ng_InitializeOutput(ENOUTPUT_MODE_SYNCHRONOUS, 0, nil), "cannot set up eSpeak NG output")
        }
        espeak_SetSynthCallback { wav, count, events in SynthesisCollector.receive(wav, count, events) }
        sampleRate = Int(espeak_ng_GetSampleRate())
        catalog = VoiceCatalog(voices: Self.installedVoices())
    }

    /// The data folder chosen by `ESPEAK_DATA_PATH`, or nil for eSpeak's default.
    /// Throws when the variable is set but names no eSpeak NG data.
    static func dataFolder(environment: [String: String]) throws(SpeechError) -> String? {
        guard let root = environment["ESPEAK_DATA_PATH"], !root.isEmpty else { return nil }
        for folder in [root + "/espeak-ng-data", root] where FileManager.default.fileExists(atPath: folder + "/phontab") {
            return folder
        }
        throw SpeechError("eSpeak NG data folder not found at \(root)/espeak-ng-data (from ESPEAK_DATA_PATH)")
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

    /// The voice name for a BCP 47 tag (`en`, `en-GB`, `ja`, `ar`, `fr-CA` ...),
    /// falling back to the base language; nil when no installed voice fits.
    public func voiceName(forLanguage tag: String) -> String? {
        catalog.voice(forLanguage: tag)?.name
    }

    /// Synthesizes `text` (plain UTF-8 text: never SSML, `<` and `[[` are read
    /// as text) with the voice `voice` (a name, identifier or language listed by
    /// `voices`) at `wpm` eSpeak words per minute. No pause is added at the end.
    public func synthesize(_ text: String, voice: String, wpm: Int) throws(SpeechError) -> Utterance {
        guard let chosen = catalog.voice(named: voice) else {
            throw SpeechError("eSpeak NG voice '\(voice)' is not installed")
        }
        guard Self.wpmRange.contains(wpm) else {
            throw SpeechError("eSpeak NG rate \(wpm) wpm is outside \(Self.wpmRange.lowerBound)...\(Self.wpmRange.upperBound)")
        }
        return try loadedVoice.withLock { (loaded: inout String?) throws(SpeechError) -> Utterance in
            if loaded != chosen.identifier {
                loaded = nil
                try Self.check(espeak_ng_SetVoiceByName(chosen.identifier), "cannot load eSpeak NG voice '\(voice)'")
                loaded = chosen.identifier
            }
            try Self.check(espeak_ng_SetParameter(espeakRATE, Int32(wpm), 0), "cannot set eSpeak NG rate to \(wpm)")
            let collector = SynthesisCollector()
            let context = Unmanaged.passUnretained(collector).toOpaque()
            let status = withExtendedLifetime(collector) {
                text.withCString { pointer in
                    espeak_ng_Synthesize(pointer, strlen(pointer) + 1, 0, POS_CHARACTER, 0,
                                         UInt32(espeakCHARS_UTF8), nil, context)
                }
            }
            try Self.check(status, "eSpeak NG failed to synthesize \(text.prefix(40).debugDescription)")
            return collector.utterance
        }
    }

    private static func installedVoices() -> [Voice] {
        guard let list = espeak_ListVoices(nil) else { return [] }
        var voices: [Voice] = []
        var index = 0
        while let entry = list[index] {
            index += 1
            let voice = entry.pointee
            guard let name = voice.name, let identifier = voice.identifier else { continue }
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
            let gender: Voice.Gender = voice.gender == 1 ? .male : voice.gender == 2 ? .female : .unspecified
            voices.append(Voice(name: String(cString: name), languages: languages, priorities: priorities,
                                identifier: String(cString: identifier), gender: gender))
        }
        return voices.sorted { $0.identifier < $1.identifier }
    }

    private static func check(_ status: espeak_ng_STATUS, _ what: String) throws(SpeechError) {
        guard status != ENS_OK else { return }
        var buffer = [CChar](repeating: 0, count: 256)
        espeak_ng_GetStatusCodeMessage(status, &buffer, buffer.count)
        let message = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        throw SpeechError("\(what): \(message)")
    }
}
