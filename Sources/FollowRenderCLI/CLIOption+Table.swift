import FollowRender

/// Every option of every command, declared once. Commands list the ones they
/// take (`Command.page`); a command where an option means a little more or
/// less words its help with `helping(_:)`.
extension CLIOption {
    // MARK: Every command

    static let help = CLIOption("--help", short: "-h", help: "Show this help.")
    static let version = CLIOption("--version", short: "-V",
                                   help: "Print the versions of follow-render, eSpeak NG, FFmpeg, LAME and ICU.")

    // MARK: Reading a book (render, batch, preview, inspect, segment, cast, web)

    static let includeNotes = CLIOption("--include-notes", help: "Narrate footnote and endnote bodies too.")
    static let matter = CLIOption("--matter", .choice("M", ["all", "body"]), default: "all",
                                  help: "all, or body: only body matter, leaving out title and copyright pages, tables of "
                                      + "contents, dedications, colophons, indexes, endnote sections (from epub:type/role, "
                                      + "the landmarks or the EPUB 2 guide).")
    static let encoding = CLIOption("--encoding", .text("NAME"),
                                    help: "Text encoding of a .txt/.md book (an ICU name such as Shift_JIS, GB18030, Big5, "
                                        + "EUC-KR, windows-1252), instead of detecting it.")
    static let splitOn = CLIOption("--split-on", .text("REGEX"),
                                   help: "Start a chapter of a plain-text book at each line matching REGEX.")
    static let pagesPerChapter = CLIOption("--pages-per-chapter", .integer("N", 1...100_000),
                                           default: "\(InputOptions.defaultPagesPerChapter)",
                                           help: "Chapter length of a PDF without outline.")
    static let readCode = CLIOption("--read-code", help: "Narrate Markdown code blocks (silent by default).")
    static let language = CLIOption("--lang", .text("CODE"),
                                    help: "Language of a text, Markdown or PDF book (default: front matter, else guessed "
                                        + "from the script).")
    static let cover = CLIOption("--cover", .file("IMAGE"), help: "Cover (JPEG, PNG, GIF, SVG) of a text, Markdown or PDF book.")
    /// The options of text, Markdown and PDF books (`InputOptions`).
    static let inputOptions = [encoding, splitOn, pagesPerChapter, readCode, language, cover]

    // MARK: Pronunciation

    static let lexicon = CLIOption("--lexicon", .file("FILE"), repeatable: true,
                                   help: "A pronunciation lexicon applied to the whole book after its own (PLS, or UTF-8 "
                                       + "TSV lines 'grapheme<TAB>replacement', /…/ = IPA); repeatable, earlier files first. "
                                       + "See Fixtures/user-lexicon.tsv.")
    static let normalize = CLIOption("--normalize", .choice("MODE", ["auto", "none"]), default: "auto",
                                     help: "auto: read numerals, money, abbreviations, years, dates, units and times as a "
                                         + "narrator would, in English, French, German and Spanish text (lexicons win); "
                                         + "none: leave them to eSpeak NG.")

    // MARK: The voice (render, batch, preview)

    static let rate = CLIOption("--rate", .text("PRESET"), default: "1x",
                                help: "Speed: a preset such as 0.5x, 1x, 1.4x, 2x, 4x, or any value in between such as "
                                    + "1.37x. See 'follow-render presets'.")
    static let wpm = CLIOption("--wpm", .integer("N", 80...1000),
                               help: "eSpeak NG's raw words-per-minute instead of a preset (80-1000).")
    static let voice = CLIOption("--voice", .text("NAME"),
                                 help: "One eSpeak NG voice for everything (default: chosen by the book's language, "
                                     + "switched for passages in other languages). NAME+VARIANT adds a variant (en+f3, "
                                     + "en+m3, en+klatt, en+whisper); +VARIANT alone puts it on the voice chosen for each "
                                     + "language. See 'follow-render voices' and 'follow-render voices --variants'.")
    static let pitch = CLIOption("--pitch", .integer("N", VoiceParameters.range), default: "50, the voice as it is",
                                 help: "The voice's base pitch, 0-99.")
    static let intonation = CLIOption("--intonation", .integer("N", VoiceParameters.range), default: "50",
                                      help: "Its pitch range, 0-99: 0 is a monotone, 99 lively.")
    static let pauses = CLIOption("--pauses", .text("LIST"),
                                  help: "Pauses in seconds at 1x (divided by the speed, as the speech), a comma-separated "
                                      + "list of those to change, e.g. chapter=2 or sentence=0.5,chapter=2. The defaults: "
                                      + "sentence=0.3, line=0.4, paragraph=0.65, heading=0.9, chapter=0.25. chapter is the "
                                      + "pause at the start of each chapter: between chapters the listener hears it plus the "
                                      + "chapter's 0.25 s end.")
    static let dialogueVoice = CLIOption("--dialogue-voice", .text("VOICE"),
                                         help: "Speak quoted speech (“…”, «…», „…“, 「…」, <q>) with this voice (NAME, "
                                             + "NAME+VARIANT or +VARIANT); the words around it stay the narrator's.")
    static let cast = CLIOption("--cast", .file("FILE"),
                                help: "Characters' own voices: a UTF-8 TSV file of NAME<TAB>VOICE lines (start one with "
                                    + "'follow-render cast BOOK'). A quotation whose speaker is found (\"said Alice\") and "
                                    + "named there takes that voice; any other the dialogue voice.")
    /// How the chosen voice speaks, and who speaks quotations (`VoiceOptions`).
    static let voiceOptions = [pitch, intonation, pauses, dialogueVoice, cast]
    static let bitrate = CLIOption("--bitrate", .integer("KBPS", 8...320), default: "\(ChapterSettings.defaultBitrate)",
                                   help: "MP3 bitrate.")
    static let strict = CLIOption("--strict", help: "Fail (exit 1) on any warning: a fault in the book or a lexicon, text "
                                      + "the voice cannot speak, or a chapter that cannot be rendered.")

    // MARK: Rendering (render, batch)

    static let out = CLIOption("--out", .folder("DIR"),
                               help: "Output folder (default: a folder named after the book file, in the current directory).")
    static let format = CLIOption("--format", .choice("F", ["mp3", "wav", "flac", "ogg", "none"]), default: "mp3",
                                  help: "mp3 (LAME), wav, flac or ogg (libsndfile), or none: no per-chapter audio, only the "
                                      + "--audiobook or --library file (the sidecars then time that file).")
    static let chapters = CLIOption("--chapters", .text("LIST"), help: "Only these spine positions, e.g. 1,3-5.")
    static let jobs = CLIOption("--jobs", .integer("N", 1...256),
                                help: "Worker processes (default: the number of cores; never more than the cores or than "
                                    + "available memory allows, with a note).")
    static let force = CLIOption("--force", help: "Render every chapter again, even those an earlier run finished with the "
                                     + "same text and settings (a rerun otherwise resumes, keeping them).")
    static let sync = CLIOption("--sync", .list("LIST", ["vtt", "srt", "guided"]),
                                help: "Also write, beside each sidecar, NNN-slug.vtt (WebVTT, word timestamps in the cues), "
                                    + "NNN-slug.srt and/or NNN-slug.guided.json (Readium Guided Navigation; with --epub its "
                                    + "textrefs point at the sentences' ids in that EPUB).")
    static let web = CLIOption("--web", help: "Also write the web player into the folder: index.html and NNN-slug.html per "
                                   + "chapter (see 'follow-render web --help').")
    static let epub = CLIOption("--epub", .file("PATH"),
                                help: "Also write a copy of the book with the narration as EPUB 3 Media Overlays (read-aloud "
                                    + "with highlighting in Thorium, Apple Books …). Needs MP3. Without --out, the audio and "
                                    + "sidecars go to a temporary folder that is removed.")
    static let granularity = CLIOption("--granularity", .choice("G", ["sentence", "word"]), default: "sentence",
                                       help: "What --epub highlights: sentence or word.")
    static let audiobook = CLIOption("--audiobook", .file("PATH"),
                                     help: "Also write the whole book as one file with chapters: .m4b or .m4a (AAC), .mp3 "
                                         + "(one gapless MP3 with ID3 chapters) or .opus (Ogg Opus), and book.cue beside it.")
    static let library = CLIOption("--library", .folder("DIR"),
                                   help: "Also write DIR/<Author>/<Title>/ as Audiobookshelf expects it: the audiobook (.m4b "
                                       + "unless --audiobook names another format), cover, desc.txt, reader.txt, "
                                       + "metadata.json.")
    static let tracks = CLIOption("--tracks", .folder("DIR"),
                                  help: "Also write one MP3 per table-of-contents entry into DIR (for car stereos and players "
                                      + "that treat files as chapters), cut in the pause before each entry without "
                                      + "re-encoding, numbered, tagged and listed in an .m3u8. Needs MP3 audio: --format mp3 "
                                      + "(the default) or --audiobook PATH.mp3.")
    static let tracksDepth = CLIOption("--tracks-depth", .integer("N", 1...TracksStep.Request.maximumDepth), default: "1",
                                       help: "Which entries get a track: 1, the top level, to "
                                           + "\(TracksStep.Request.maximumDepth); deeper entries play in their parent's track.")
    static let quiet = CLIOption("--quiet", help: "No progress and no summary.")

    // MARK: batch

    static let outRoot = CLIOption("--out-root", .folder("DIR"),
                                   help: "Where the books' folders and batch.json go (required).")
    static let taskIndex = CLIOption("--task-index", .integer("I", 0...99_999),
                                     help: "Render only the books of task I (0-based) of --task-count N, a partition "
                                         + "balanced by estimated duration that every task computes alike. Default: "
                                         + "$SLURM_ARRAY_TASK_ID minus $SLURM_ARRAY_TASK_MIN; else 0.")
    static let taskCount = CLIOption("--task-count", .integer("N", 1...100_000),
                                     help: "The number of tasks. Default: $SLURM_ARRAY_TASK_COUNT; else 1. With N > 1, "
                                         + "batch.json is left to --report.")
    static let report = CLIOption("--report", help: "Render nothing: merge the books' results into DIR/batch.json.")
    static let dryRun = CLIOption("--dry-run",
                                  help: "Render nothing: print each task's books with their estimated audio and render time.")

    // MARK: inspect, segment, diff

    static let json = CLIOption("--json", help: "Print the report as JSON.")
    static let normalization = CLIOption("--normalization",
                                         help: "Print instead what the normalization rules do to the book: per language and "
                                             + "rule family the tokens rewritten and the candidates refused (by guard), then "
                                             + "a sample of 50 rewrites per language.")
    static let chapter = CLIOption("--chapter", .integer("N", 1...1_000_000),
                                   help: "The spine position to print (see 'follow-render inspect').")
    static let spoken = CLIOption("--spoken", help: "Print under each sentence what eSpeak NG is given for it (lexicon "
                                      + "aliases, [[phonemes]], normalized numerals, money and abbreviations, Japanese "
                                      + "readings).")
    static let toleranceMs = CLIOption("--tolerance-ms", .integer("N", 0...3_600_000), default: "0",
                                       help: "Time differences up to N milliseconds count as equal.")

    // MARK: preview

    static let sample = CLIOption("--out", .file("FILE"), help: "The sample to write (required): .mp3, .wav, .flac or .ogg; "
                                      + "replaced if it exists.")
    static let seconds = CLIOption("--seconds", .text("S"), default: "30", help: "How long, 1-600 seconds.")
    static let play = CLIOption("--play", help: "Then play it with the system's audio player, if one is installed ("
                                    + SystemAudioPlayer.names.joined(separator: ", ") + ").")

    // MARK: web, cast

    static let book = CLIOption("--book", .file("BOOK"),
                                help: "The book the folder was rendered from (EPUB, or a text, Markdown or PDF file, read "
                                    + "with the input options it was rendered with).")

    // MARK: voices, presets, calibrate

    static let voicesLanguage = CLIOption("--lang", .text("CODE"),
                                          help: "Only voices for this BCP 47 language, e.g. en, en-GB, fr, ja; also shows "
                                              + "which voice follow-render picks for it.")
    static let variants = CLIOption("--variants", help: "List the variants instead (m1…m7, f1…f5, klatt, whisper …): "
                                        + "--voice NAME+VARIANT puts one on a voice, e.g. --voice en+f3.")
    static let speed = CLIOption("--speed", .text("SPEED"),
                                 help: "Show the rate used for any speed from 0.5x to 4x, e.g. 1.37x.")
    static let calibrationVoice = CLIOption("--voice", .text("NAME"),
                                            help: "The voice to measure with (default: the voice for 'en').")
    static let output = CLIOption("--output", .file("FILE"), help: "Write the table to FILE instead of standard output.")
    static let check = CLIOption("--check", help: "Check the shipped table instead of measuring a new one.")
    static let calibrationVariants = CLIOption("--variants",
                                               help: "The variants' own presets, or with --check: every variant on the "
                                                   + "voice, each with the presets a render would use.")
    static let checkedRates = CLIOption("--rate", .text("LIST"), default: "2x",
                                        help: "With --check: the presets checked, e.g. 0.5x,2x,4x.")

    // MARK: locate

    static let time = CLIOption("--time", .text("TIME"),
                                help: "A time: C:S is chapter C, S seconds into its audio (e.g. 3:95.25); H:MM:SS.s is a "
                                    + "time in the single-file audiobook (--audiobook), e.g. 1:02:03.5, or plain seconds "
                                    + "such as 3723.5, and the answer gives the chapter and its time in both files.")
    static let offset = CLIOption("--offset", .text("C:U"), help: "A text position: chapter C, UTF-16 offset U in its text.")
    static let sentence = CLIOption("--sentence", help: "Answer with the start of the sentence instead of the word.")

    // MARK: generate-docs (internal)

    static let docsFolder = CLIOption("--out", .folder("DIR"),
                                      help: "The folder to write completions/ and man/ into (the checkout's root).")
    static let listOptions = CLIOption("--list", help: "Print every command's options instead, one 'COMMAND OPTION' line each.")
}
