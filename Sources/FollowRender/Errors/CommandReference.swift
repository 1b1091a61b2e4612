/// A command of the front end that a library text refers to: where to look
/// something up ("voice 'x' is not installed (see \(CommandReference.voices))"),
/// or what measured a table ("Measured by \(CommandReference.calibrate)").
///
/// The library does not spell a front end's commands, as it does not spell
/// its options (`Setting`): a text interpolates the reference, which reads as
/// the library's own words (`the installed voices`) until a front end installs
/// its spellings once, before any work (`CommandReference.spell(with:)`). The
/// command line installs its commands (`'follow-render voices'`), so its
/// messages stay as they were, and an app may name its own screens.
public enum CommandReference: String, CaseIterable, FrontEndSpelled {
    /// The list of the voices eSpeak NG has installed.
    case voices
    /// The list of the voice variants eSpeak NG has installed.
    case voiceVariants
    /// The book's chapters, with their spine positions and matter.
    case chapters
    /// The measurement of the speed presets.
    case calibrate
    /// The measurement of the voice variants' own speed presets.
    case calibrateVariants

    /// The library's words for it, used until a front end installs its own.
    public var words: String {
        switch self {
        case .voices: "the list of installed voices"
        case .voiceVariants: "the list of installed voice variants"
        case .chapters: "the book's chapter list"
        case .calibrate: "the speed calibration"
        case .calibrateVariants: "the voice variants' speed calibration"
        }
    }

    public static let spelling = FrontEndSpelling<CommandReference>()
}
