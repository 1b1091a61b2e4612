/// A setting of a render, a batch or an input that a message of the library
/// names: "`--chapters` selects no narrated chapter", "refused with `--strict`".
///
/// The library does not spell command-line options. A message interpolates
/// the setting (`"\(Setting.chapters) selects …"`), which reads as the
/// library's own words (`the chapter selection`) until a front end installs
/// its spellings once, before any work (`Setting.spell(with:)`): the
/// command line installs its option names (`--chapters`), so its messages stay
/// as they were, and an app may install the names of its own controls.
public enum Setting: String, CaseIterable, FrontEndSpelled {
    case out, epub, audiobook, library, tracks, chapters, matter, format, bitrate, includeNotes, jobs, strict, book
    case cover, splitOn, encoding, language, pagesPerChapter, readCode
    case pauses, dialogueVoice, taskIndex, taskCount, sample

    /// The library's name for the setting, used until a front end installs its own.
    public var words: String {
        switch self {
        case .out: "the output folder"
        case .epub: "the media-overlay EPUB path"
        case .audiobook: "the single-file audiobook path"
        case .library: "the audiobook library folder"
        case .tracks: "the tracks folder"
        case .chapters: "the chapter selection"
        case .matter: "the matter selection"
        case .format: "the audio format"
        case .bitrate: "the MP3 bitrate"
        case .includeNotes: "the notes setting"
        case .jobs: "the number of workers"
        case .strict: "the strict setting"
        case .book: "the source book"
        case .cover: "the cover image"
        case .splitOn: "the chapter split pattern"
        case .encoding: "the text encoding"
        case .language: "the book language"
        case .pagesPerChapter: "the pages per chapter"
        case .readCode: "the code-reading setting"
        case .pauses: "the pause settings"
        case .dialogueVoice: "the dialogue voice"
        case .taskIndex: "the task index"
        case .taskCount: "the task count"
        case .sample: "the preview file"
        }
    }

    public static let spelling = FrontEndSpelling<Setting>()
}
