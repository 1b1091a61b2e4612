import FollowRender

/// The command line's names for the library's settings: the library's
/// messages name a `Setting`, and the command line installs these spellings
/// at start (`installSettingNames`), so its messages say `--chapters` as the
/// option table declares it. The switch is exhaustive: a new setting needs its option here.
extension CLIOption {
    /// The option that sets `setting`.
    static func of(_ setting: Setting) -> CLIOption {
        switch setting {
        case .out: out
        case .epub: epub
        case .audiobook: audiobook
        case .library: library
        case .tracks: tracks
        case .chapters: chapters
        case .matter: matter
        case .format: format
        case .bitrate: bitrate
        case .includeNotes: includeNotes
        case .jobs: jobs
        case .strict: strict
        case .book: book
        case .cover: cover
        case .splitOn: splitOn
        case .encoding: encoding
        case .language: language
        case .pagesPerChapter: pagesPerChapter
        case .readCode: readCode
        case .pauses: pauses
        case .dialogueVoice: dialogueVoice
        case .taskIndex: taskIndex
        case .taskCount: taskCount
        case .sample: sample
        }
    }

    /// The command line that `reference` names, as a message quotes it.
    static func command(for reference: CommandReference) -> String {
        switch reference {
        case .voices: "'follow-render \(VoicesCommand.name)'"
        case .voiceVariants: "'follow-render \(VoicesCommand.name) \(variants.name)'"
        case .chapters: "'follow-render \(InspectCommand.name)'"
        case .calibrate: "'follow-render \(CalibrateCommand.name)'"
        case .calibrateVariants: "'follow-render \(CalibrateCommand.name) \(calibrationVariants.name)'"
        }
    }

    /// Makes the library's messages name options as this table spells them, and
    /// the commands they refer to as this command line spells them; once, before any command runs.
    static func installSettingNames() {
        Setting.spell { of($0).name }
        CommandReference.spell(with: command(for:))
    }
}
