import CEspeakNG
import CSndFile
import Foundation
import Testing
@testable import FollowRender

/// The error model, kind by kind: every kind of every error type (`CaseIterable`)
/// is produced (by a real failure where one is cheap, else constructed as the
/// code throws it), says itself in one line, and keeps its cause chain down to
/// the error of the layer below: the OS's `errno`, the JSON decoder's, or a
/// `SettingError` naming the setting at fault.
@Suite("Every kind of every error keeps its cause and says itself in one line")
struct ErrorModelTests {
    /// `error` is one non-empty line, and so is every error of its cause chain;
    /// the chain ends (no cycle) and its innermost error is `root` when given.
    static func checkChain(_ error: any CausedError, root: ((any Error) -> Bool)? = nil,
                           _ comment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let chain = error.causeChain
        #expect(chain.count < 32, "\(comment): the cause chain loops", sourceLocation: sourceLocation)
        for link in chain {
            let line = String(describing: link)
            #expect(!line.isEmpty && !line.contains("\n"), "\(comment): \(type(of: link)) says '\(line)'", sourceLocation: sourceLocation)
        }
        if let root {
            #expect(root(error.rootCause), "\(comment): innermost is \(type(of: error.rootCause)): \(error.rootCause)",
                    sourceLocation: sourceLocation)
        }
    }

    /// The POSIX error `code`, as the innermost cause.
    static func posix(_ code: POSIXErrorCode) -> (any Error) -> Bool {
        { ($0 as? POSIXError)?.code == code }
    }

    static func isDecodingError(_ error: any Error) -> Bool { error is DecodingError }

    /// An error of the C library `name`, as the innermost cause.
    static func library(_ name: String) -> (any Error) -> Bool {
        { ($0 as? CLibraryError)?.library == name }
    }

    /// A copy of the golden rendered folder, for damaging.
    static func golden(in tmp: String) throws -> String {
        let folder = tmp + "/golden"
        try FileManager.default.copyItem(atPath: TestPaths.fixtures.appendingPathComponent("golden").path, toPath: folder)
        return folder
    }

    @Test("every OwnFileError kind comes from a real damaged rendered folder, down to the OS's or the decoder's error")
    func ownFileKinds() throws {
        let tmp = try TestPaths.temporaryFolder()
        defer { TestPaths.remove(tmp) }
        let folder = try Self.golden(in: tmp), manifest = folder + "/book.json"
        let sidecar = folder + "/001-one-the-keeper.timing.json"
        let goldenManifest = try String(contentsOfFile: manifest, encoding: .utf8)
        let goldenSidecar = try Data(contentsOf: URL(fileURLWithPath: sidecar))
        var seen: Set<OwnFileError.Kind> = []

        /// Loads the folder after `damage`, then puts the golden files back.
        func refusal(_ comment: String, root: ((any Error) -> Bool)? = nil, access: FileAccess = .system,
                     _ damage: () throws -> Void) throws -> OwnFileError? {
            try damage()
            defer {
                try? FileManager.default.removeItem(atPath: sidecar)
                try? goldenSidecar.write(to: URL(fileURLWithPath: sidecar))
                try? goldenManifest.write(toFile: manifest, atomically: true, encoding: .utf8)
            }
            let error = #expect(throws: OwnFileError.self, "\(comment)") { try RenderedBook.load(folder, access: access) }
            if let error {
                seen.insert(error.kind)
                Self.checkChain(error, root: root, comment)
                #expect(error.file != nil, "\(comment): names no file")
            }
            return error
        }
        func manifestText(_ edit: @escaping (String) -> String) -> () throws -> Void {
            { try edit(goldenManifest).write(toFile: manifest, atomically: true, encoding: .utf8) }
        }

        #expect(try refusal("no sidecar", root: Self.posix(.ENOENT)) { try FileManager.default.removeItem(atPath: sidecar) }?.kind == .notFound)
        #expect(try refusal("a folder for a sidecar") {
            try FileManager.default.removeItem(atPath: sidecar)
            try FileManager.default.createDirectory(atPath: sidecar, withIntermediateDirectories: false)
        }?.kind == .notAFile)
        // A folder that a look taking every path for a file lets through: opening it works, reading it fails (EISDIR).
        let blind = FileAccess(regularFileSize: { _ in 10 }, availableMemory: { nil })
        let unreadable = try refusal("reading a folder", access: blind) {
            try FileManager.default.removeItem(atPath: sidecar)
            try FileManager.default.createDirectory(atPath: sidecar, withIntermediateDirectories: false)
        }
        #expect(unreadable?.kind == .unreadable && unreadable?.cause != nil)
        #expect(try refusal("not JSON", root: Self.isDecodingError) { try Data("not json".utf8).write(to: URL(fileURLWithPath: manifest)) }?.kind == .notJSON)
        let missing = try refusal("a foreign book.json", root: Self.isDecodingError) {
            try Data(#"{"format":"something-else","version":1}"#.utf8).write(to: URL(fileURLWithPath: manifest))
        }
        #expect(missing?.kind == .missingField && missing?.location == "title" && missing?.description == manifest + ": missing 'title'")
        let wrongType = try refusal("a version in quotes", root: Self.isDecodingError, manifestText {
            $0.replacingOccurrences(of: #""version" : 3"#, with: #""version" : "3""#)
        })
        #expect(wrongType?.kind == .wrongType && wrongType?.location == "version")
        #expect(try refusal("another format", manifestText {
            $0.replacingOccurrences(of: #""format" : "follow-render-book""#, with: #""format" : "other""#)
        })?.kind == .wrongFormat)
        #expect(try refusal("a newer version", manifestText {
            $0.replacingOccurrences(of: #""version" : 3"#, with: #""version" : 99"#)
        })?.kind == .newerVersion)
        var timing = try JSONCoding.decode(ChapterTiming.self, from: goldenSidecar)
        timing.chapter.index = 2
        let other = try JSONCoding.data(timing)
        #expect(try refusal("another chapter's sidecar") { try other.write(to: URL(fileURLWithPath: sidecar)) }?.kind == .mismatch)
        timing = try JSONCoding.decode(ChapterTiming.self, from: goldenSidecar)
        timing.sentences[1].begin = Seconds(timing.sentences[1].end.value + 1)
        let backwards = try JSONCoding.data(timing)
        #expect(try refusal("a sentence ending before it begins") { try backwards.write(to: URL(fileURLWithPath: sidecar)) }?.kind == .invalid)
        let large = #expect(throws: OwnFileError.self) { try OwnFile.read(manifest, limit: .manifest, access: .system, available: 4096) }
        if let large {
            seen.insert(large.kind)
            Self.checkChain(large, "a book.json over its cap")
        }
        #expect(seen == Set(OwnFileError.Kind.allCases), "kinds not produced: \(Set(OwnFileError.Kind.allCases).subtracting(seen))")
    }

    @Test("every PositionError kind comes from a real query, names the chapter it was about, and has no command-line syntax")
    func positionKinds() throws {
        let book = try RenderedBook.load(TestPaths.fixtures.appendingPathComponent("golden").path)
        let index = PositionIndex(book)
        var silent = try #require(book.chapters.first)
        silent.sentences = []
        let empty = PositionIndex(RenderedBook(manifest: nil, chapters: [silent], folder: book.folder))
        let queries: [(String, () throws(PositionError) -> BookPosition)] = [
            ("chapter 9", { () throws(PositionError) in try index.position(chapter: 9, time: 1) }),
            ("a negative time", { () throws(PositionError) in try index.position(chapter: 1, time: -1) }),
            ("an offset past the text", { () throws(PositionError) in try index.position(chapter: 1, offset: 1_000_000) }),
            ("a chapter without words", { () throws(PositionError) in try empty.position(chapter: silent.chapter.index, time: 1) }),
            ("a single-file time", { () throws(PositionError) in try index.position(audiobookTime: 3) }),
        ]
        var seen: Set<PositionError.Kind> = []
        for (comment, query) in queries {
            let error = #expect(throws: PositionError.self, "\(comment)") { try query() }
            guard let error else { continue }
            seen.insert(error.kind)
            Self.checkChain(error, comment)
            #expect(error.kind == .noAudiobook || error.chapter != nil, "\(comment): names no chapter")
            #expect(!error.reason.contains("--"), "\(comment): \(error.reason)")
        }
        #expect(seen == Set(PositionError.Kind.allCases), "kinds not produced: \(Set(PositionError.Kind.allCases).subtracting(seen))")
    }

    @Test("every BookError kind, from real books where one is cheap, keeps the OS's error or the setting at fault as its cause")
    func bookKinds() throws {
        let tmp = try TestPaths.temporaryFolder()
        defer { TestPaths.remove(tmp) }
        let text = tmp + "/book.txt"
        try Data("A short book.\n".utf8).write(to: URL(fileURLWithPath: text))
        let notZip = tmp + "/not-a-book.epub"
        try Data("plain text".utf8).write(to: URL(fileURLWithPath: notZip))
        let fifo = tmp + "/fifo.epub"
        #expect(mkfifo(fifo, 0o644) == 0)
        let blank = tmp + "/blank.txt"
        try Data("  \n\n".utf8).write(to: URL(fileURLWithPath: blank))
        let notImage = tmp + "/cover.png"
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: notImage))
        let hugeCover = tmp + "/huge.png"
        #expect(FileManager.default.createFile(atPath: hugeCover, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: hugeCover))
        try handle.truncate(atOffset: UInt64(BookSource.maximumCoverBytes) + 1) // sparse: no disk used
        try handle.close()
        let lying = try EPUBTestSupport.writeZip(EPUBTestSupport.minimalBook() + [("EPUB/liar.xhtml", Data(repeating: 0x61, count: 100_000))],
                                                 to: URL(fileURLWithPath: tmp + "/liar.epub"))
        try EPUBTestSupport.patchDeclaredSize(lying, entry: "EPUB/liar.xhtml", size: 100)
        let drm = try EPUBTestSupport.writeZip(EPUBTestSupport.replacing("META-INF/encryption.xml", with: EPUBTestSupport.encryptionXML("EPUB/text/ch2.xhtml"),
                                                                         in: EPUBTestSupport.minimalBook()),
                                               to: URL(fileURLWithPath: tmp + "/drm.epub"))
        let minimal = try EPUBTestSupport.writeZip(EPUBTestSupport.minimalBook(), to: URL(fileURLWithPath: tmp + "/minimal.epub"))
        let archive = try EPUBArchive(path: minimal.path)
        let liar = try EPUBArchive(path: lying.path)

        let failures: [(String, BookError.Kind, ((any Error) -> Bool)?, () throws(BookError) -> Void)] = [
            ("a missing book", .notFound, Self.posix(.ENOENT), { () throws(BookError) in _ = try BookSource.open(path: tmp + "/missing.epub") }),
            ("a missing cover", .notFound, Self.posix(.ENOENT),
             { () throws(BookError) in _ = try BookSource.open(path: text, options: InputOptions(cover: tmp + "/missing.png")) }),
            ("a FIFO", .notAFile, nil, { () throws(BookError) in _ = try BookSource.open(path: fifo) }),
            ("an unknown encoding", .unreadable, Self.library("ICU"),
             { () throws(BookError) in _ = try BookSource.open(path: text, options: InputOptions(encoding: "no-such-charset")) }),
            ("a file that is no ZIP", .notAnEPUB, Self.library("libzip"), { () throws(BookError) in _ = try BookSource.open(path: notZip) }),
            ("an entry larger than stated", .corrupt, nil, { () throws(BookError) in _ = try liar.data(at: "EPUB/liar.xhtml") }),
            ("an entry climbing out", .unsafe, nil, { () throws(BookError) in try ContainerPath.checkEntryName("../escape.xhtml") }),
            ("an encrypted chapter", .drm, nil, { () throws(BookError) in _ = try EPUBArchive(path: drm.path) }),
            ("mismatched tags", .malformed, Self.library("libxml2"),
             { () throws(BookError) in _ = try XMLDocument(data: Data("<a>\n<b></a>".utf8), path: "EPUB/x.xhtml") }),
            ("a file not in the book", .missing, nil, { () throws(BookError) in _ = try archive.data(at: "EPUB/nothing.xhtml") }),
            // ICU opens the root rules for any tag; it refuses a missing text of nonzero length.
            ("ICU refusing a text", .segmentation, Self.library("ICU"),
             { () throws(BookError) in try BreakIterator(kind: .sentence, language: "en").setText(nil, count: 5) }),
            ("a blank text", .noText, nil, { () throws(BookError) in _ = try BookSource.open(path: blank) }),
            ("a cover over the limit", .tooLarge, nil,
             { () throws(BookError) in _ = try BookSource.open(path: text, options: InputOptions(cover: hugeCover)) }),
            ("a cover that is no image", .setting, { ($0 as? SettingError)?.setting == .cover },
             { () throws(BookError) in _ = try BookSource.open(path: text, options: InputOptions(cover: notImage)) }),
            ("a split pattern that is no regular expression", .setting, { !($0 is SettingError) && !($0 is BookError) },
             { () throws(BookError) in _ = try BookSource.open(path: text, options: InputOptions(splitOn: "([")) }),
        ]
        var seen: Set<BookError.Kind> = []
        for (comment, kind, root, failure) in failures {
            let error = #expect(throws: BookError.self, "\(comment)") { try failure() }
            guard let error else { continue }
            #expect(error.kind == kind, "\(comment): \(error)")
            seen.insert(error.kind)
            Self.checkChain(error, root: root, comment)
        }
        #expect(seen == Set(BookError.Kind.allCases), "kinds not produced: \(Set(BookError.Kind.allCases).subtracting(seen))")
    }

    @Test("every RenderError kind keeps its cause, and crosses the worker protocol with its kind")
    func renderKinds() throws {
        let tmp = try TestPaths.temporaryFolder()
        defer { TestPaths.remove(tmp) }
        // Real failures where one is cheap.
        let list = #expect(throws: RenderError.self) { try BookList.read(tmp + "/no-list.txt") }
        let web = #expect(throws: RenderError.self) { try WebPlayer(folder: tmp, details: nil).write() }
        errno = EACCES
        let io = RenderError.failedIO(file: tmp + "/x", doing: "cannot write")
        errno = ENOSPC
        let full = RenderError.failedIO(file: tmp + "/x", doing: "cannot write")
        let real: [(String, RenderError?, ((any Error) -> Bool)?)] = [
            ("a missing book list", list, Self.posix(.ENOENT)), ("a folder that is no render", web, nil),
            ("a write refused", io, Self.posix(.EACCES)), ("a full disk", full, Self.posix(.ENOSPC)),
        ]
        var seen: Set<RenderError.Kind> = []
        for (comment, error, root) in real {
            guard let error else { Issue.record("\(comment): no error"); continue }
            seen.insert(error.kind)
            Self.checkChain(error, root: root, comment)
        }
        #expect(list?.kind == .unreadableInput && web?.kind == .unreadableInput && io.kind == .write && full.kind == .diskFull)
        // The other kinds need an encoder, a worker or eSpeak NG failing: constructed as their throwers build them.
        for kind in RenderError.Kind.allCases where !seen.contains(kind) {
            let cause: any Error = kind == .setting ? SettingError(.audiobook, "\(Setting.audiobook) takes a path ending in .m4b")
                : POSIXError(.EIO)
            let error = RenderError(kind, file: tmp + "/out", "failed", cause: cause)
            Self.checkChain(error, root: { type(of: $0) == type(of: cause) }, "\(kind)")
            #expect(error.description == tmp + "/out: failed")
        }
    }

    @Test("every setting has the library's words, and a SettingError names its setting in one line")
    func settings() throws {
        for setting in Setting.allCases {
            #expect(!setting.words.isEmpty && !setting.words.hasPrefix("-"), "\(setting.rawValue)")
            let error = SettingError(setting, "\(setting) cannot be used")
            Self.checkChain(error, "\(setting.rawValue)")
            #expect(error.setting == setting)
        }
        let task = #expect(throws: SettingError.self) { try BatchTask.resolve(index: 5, count: 2, environment: [:]) }
        #expect(task?.setting == .taskIndex)
        let pauses = #expect(throws: SettingError.self) { try PauseSettings.parse("breath=1") }
        #expect(pauses?.setting == .pauses && pauses?.description.hasPrefix("\(Setting.pauses) knows") == true)
    }

    @Test("LAME, libsndfile, eSpeak NG and ICU failures end at the library's own code and text")
    func libraryCauses() throws {
        // LAME takes any rate and bitrate (it picks the nearest; `MP3Writer` refuses that itself, with no C code
        // below), and libsndfile and eSpeak NG fail only on broken installs or memory: each owner's conversion
        // is called with a real code, and the library's own text for it is checked. (ICU and libsndfile's format
        // check fail for real in `CLibraryCauseTests`.)
        let libraries: [(String, CLibraryError)] = [
            ("libsndfile", SoundFileWriter.libraryError(1)),
            ("eSpeak NG", SpeechEngine.libraryError(ENS_VOICE_NOT_FOUND)),
            ("ICU", CLibraryError.icu(1)),
            ("LAME", MP3Writer.libraryError(-2)),
            ("LAME", MP3Writer.libraryError(-7)),
        ]
        for (name, error) in libraries {
            #expect(error.library == name && !error.message.isEmpty && error.code != 0, "\(error)")
            let caused = RenderError(.audio, file: "x", "failed", cause: error)
            Self.checkChain(caused, root: Self.library(name), name)
        }
        #expect(CLibraryError.icu(1).message == "U_ILLEGAL_ARGUMENT_ERROR")
        #expect(SpeechEngine.libraryError(ENS_VOICE_NOT_FOUND).message.lowercased().contains("voice"))
        #expect(MP3Writer.libraryError(-2).message == "malloc() problem" && MP3Writer.libraryError(-7).message == "error -7")
        #expect(SoundFileWriter.libraryError(Int32(SF_ERR_UNRECOGNISED_FORMAT)).message != SoundFileWriter.libraryError(Int32(SF_ERR_NO_ERROR)).message)
    }

    @Test("the library names no command of the command line: its references read as its own words until a front end spells them")
    func commandReferences() throws {
        for reference in CommandReference.allCases {
            #expect(!reference.words.isEmpty && !reference.words.contains("follow-render") && !reference.words.contains("--"), "\(reference)")
        }
        let voice = #expect(throws: RenderError.self) { try SpeechEngine.shared().checkVoice("no-such-voice") }
        #expect(voice?.kind == .speech && voice?.reason.hasSuffix("(see \(CommandReference.voices))") == true, "\(String(describing: voice))")
        // No string of the library's sources spells a command line: `'follow-render voices'` comes from the CLI.
        for (file, line) in try Self.librarySourceLines() {
            #expect(!line.contains("'follow-render "), "\(file): \(line)")
        }
    }

    @Test("no text of the library spells an option the command line declares: the CLI supplies its names")
    func noOptionNames() throws {
        let cli = TestPaths.packageRoot.appendingPathComponent("Sources/FollowRenderCLI")
        var declared: Set<String> = []
        for file in try FileManager.default.contentsOfDirectory(atPath: cli.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: cli.appendingPathComponent(file), encoding: .utf8)
            declared.formUnion(text.matches(of: /CLIOption\("(--[a-z0-9-]+)"/).map { String($0.output.1) })
        }
        #expect(declared.count > 40 && declared.contains("--tracks") && declared.contains("--encoding"), "\(declared.count) options read")
        for (file, line) in try Self.librarySourceLines() {
            for match in line.matches(of: /(?:^|[^\w-])(--[a-z][a-z0-9-]*)/) where declared.contains(String(match.output.1)) {
                // A literal that is the option alone is an argument for another program (cvlc's `--quiet`), not our text.
                let option = match.output.1
                let alone = line[..<option.startIndex].hasSuffix("\"") && line[option.endIndex...].hasPrefix("\"")
                #expect(alone, "\(file) spells \(option): \(line)")
            }
        }
    }

    /// Every line of the library's Swift sources (FollowRender, FollowTiming) but whole-line comments, with its file.
    static func librarySourceLines() throws -> [(file: String, line: Substring)] {
        var lines: [(file: String, line: Substring)] = []
        for folder in ["FollowRender", "FollowTiming"] {
            let root = TestPaths.packageRoot.appendingPathComponent("Sources/" + folder)
            let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
            #expect(!files.isEmpty)
            for file in files {
                let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                    lines.append((folder + "/" + file, line))
                }
            }
        }
        return lines
    }

    @Test("the leaf errors (refused outputs, interruptions, C libraries' codes) are one line and name no cause")
    func leaves() throws {
        for kind in OutputSafetyError.Kind.allCases {
            let error = OutputSafetyError(kind, file: "/tmp/out", reason: "refused")
            Self.checkChain(error, "\(kind)")
            #expect(error.causeChain.count == 1)
        }
        Self.checkChain(RenderInterrupted(signal: SIGINT, folder: "/tmp/out", kept: 2), "a render interrupted")
        Self.checkChain(BatchInterrupted(signal: SIGTERM, root: "/tmp/out", finished: 1), "a batch interrupted")
        Self.checkChain(PhonemeConverter.UnknownSymbol(symbol: "ʘ"), "an unknown phoneme")
        Self.checkChain(CLibraryError(library: "libzip", code: 19, message: "Not a zip archive\n"), "a C library's error")
    }
}
