import CFFmpeg
import CSndFile
import Foundation
import Testing
@testable import FollowRender

/// C calls that fail end at the library's own code, never at text of ours:
/// ICU's `UErrorCode` from charset detection and conversion, break iterators
/// and spell-out, and libsndfile's code where its check returns none. Real
/// failures are provoked where ICU or libsndfile can be made to refuse;
/// matched by the code's name (ICU's) or number, never by our prose.
@Suite("C library failures end at the library's own code")
struct CLibraryCauseTests {
    /// The innermost cause of `error`, which must be a `CLibraryError` of `library`.
    static func libraryRoot(_ error: (any CausedError)?, _ library: String,
                            sourceLocation: SourceLocation = #_sourceLocation) -> CLibraryError? {
        guard let error else {
            Issue.record("no error", sourceLocation: sourceLocation)
            return nil
        }
        ErrorModelTests.checkChain(error, root: ErrorModelTests.library(library), "\(error)", sourceLocation: sourceLocation)
        return error.rootCause as? CLibraryError
    }

    /// A one-line text book in `tmp`.
    static func textBook(in tmp: String) throws -> String {
        let path = tmp + "/book.txt"
        try Data("A short book.\n".utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("an encoding ICU does not know is an unreadable book whose innermost cause is ICU's U_FILE_ACCESS_ERROR")
    func unknownCharset() throws {
        let tmp = try TestPaths.temporaryFolder()
        defer { TestPaths.remove(tmp) }
        let book = try Self.textBook(in: tmp)
        let error = #expect(throws: BookError.self) { try BookSource.open(path: book, options: InputOptions(encoding: "no-such-charset")) }
        #expect(error?.kind == .unreadable)
        #expect(Self.libraryRoot(error, "ICU")?.message == "U_FILE_ACCESS_ERROR")
    }

    @Test("an encoding name too long for ICU ends at ICU's U_ILLEGAL_ARGUMENT_ERROR")
    func charsetNameTooLong() throws {
        let tmp = try TestPaths.temporaryFolder()
        defer { TestPaths.remove(tmp) }
        let book = try Self.textBook(in: tmp)
        let name = String(repeating: "x", count: 100)
        let error = #expect(throws: BookError.self) { try BookSource.open(path: book, options: InputOptions(encoding: name)) }
        #expect(error?.kind == .unreadable)
        let root = Self.libraryRoot(error, "ICU")
        #expect(root?.message == "U_ILLEGAL_ARGUMENT_ERROR" && root?.code == 1)
    }

    @Test("ICU's charset detection failing is an unreadable book whose innermost cause is ICU's code")
    func detectionFailure() {
        // ICU's detector matches any bytes (an empty text, a negative length included), so its failure is
        // built as `TextDecoder.detect` throws it for the code the shim returns when ICU finds no charset.
        let error = TextDecoder.detectionFailure(10)
        #expect(error.kind == .unreadable)
        #expect(Self.libraryRoot(error, "ICU")?.message == "U_INVALID_CHAR_FOUND")
    }

    @Test("a break iterator given a missing text of nonzero length ends at ICU's U_ILLEGAL_ARGUMENT_ERROR")
    func breakIteratorRefusesText() throws {
        let iterator = try BreakIterator(kind: .word, language: "en")
        let error = #expect(throws: BookError.self) { try iterator.setText(nil, count: 5) }
        #expect(error?.kind == .segmentation)
        #expect(Self.libraryRoot(error, "ICU")?.message == "U_ILLEGAL_ARGUMENT_ERROR")
        // The iterator still works afterwards.
        let units = Array("Two words.".utf16)
        var words = 0
        try units.withUnsafeBufferPointer { text throws(BookError) in
            try iterator.forEachSegment(of: text, in: 0..<units.count) { _, kind in words += kind.isWordLike ? 1 : 0 }
        }
        #expect(words == 2)
    }

    @Test("the shim's own allocation failure is ICU's U_MEMORY_ALLOCATION_ERROR, not text")
    func allocationFailure() {
        // malloc cannot be made to fail here; the shim returns ICU's code 7 for it, converted as for any code.
        let error = BreakIterator.failure("break iterator", 7)
        #expect(error.kind == .segmentation)
        #expect(Self.libraryRoot(error, "ICU")?.message == "U_MEMORY_ALLOCATION_ERROR")
    }

    @Test("a spell-out rule set the language lacks is refused by ICU with U_ILLEGAL_ARGUMENT_ERROR, and words fall back to cardinals")
    func ruleSetRefused() throws {
        let english = try NumberWords(language: "en")
        #expect(!english.has(.cardinalMasculine))
        let error = #expect(throws: CLibraryError.self) { try english.spelled(3, .cardinalMasculine) }
        #expect(error?.library == "ICU" && error?.message == "U_ILLEGAL_ARGUMENT_ERROR" && error?.code == 1)
        #expect(english.words(3, .cardinalMasculine) == "three")
        #expect(try english.spelled(3, .cardinal) == "three", "the rules still spell after a refusal")
    }

    @Test("spelled-out words too long for the buffer end at ICU's U_BUFFER_OVERFLOW_ERROR")
    func spelloutOverflow() throws {
        let english = try NumberWords(language: "en")
        let error = #expect(throws: CLibraryError.self) { try english.spelled(1_234_567, .cardinal, capacity: 4) }
        #expect(error?.library == "ICU" && error?.message == "U_BUFFER_OVERFLOW_ERROR")
    }

    @Test("a format libsndfile's check refuses ends at libsndfile's code for an unrecognised format, and writes no file")
    func soundFileFormatRefused() throws {
        let tmp = try TestPaths.temporaryFolder()
        defer { TestPaths.remove(tmp) }
        let path = tmp + "/chapter.flac"
        let error = #expect(throws: RenderError.self) {
            _ = try SoundFileWriter(format: .flac, path: path, sampleRate: -1, tags: AudioTags(title: "One", album: "Book", artist: "Ann"))
        }
        #expect(error?.kind == .audio)
        #expect(Self.libraryRoot(error, "libsndfile")?.code == Int(SF_ERR_UNRECOGNISED_FORMAT))
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("an FFmpeg allocation that returns NULL ends at ENOMEM and counts as out of memory across the worker protocol")
    func ffmpegAllocation() {
        // FFmpeg's allocators cannot be made to fail here; `allocationFailed` is what every NULL from one throws.
        let error = RenderError.allocationFailed(file: "book.m4b")
        #expect(error.kind == .audio && error.file == "book.m4b")
        ErrorModelTests.checkChain(error, root: ErrorModelTests.posix(.ENOMEM), "an FFmpeg allocation")
        #expect(WorkerExit.reported(ErrorChain(error)).kind == .outOfMemory)
    }

    @Test("an encoder this FFmpeg does not have ends at FFmpeg's own code for a missing encoder")
    func missingEncoder() {
        // Every codec we use has its encoder here; the name below is one FFmpeg has not.
        #expect(avcodec_find_encoder_by_name("no-such-encoder") == nil)
        let error = RenderError.missingEncoder("no-such-encoder", file: "book.m4b")
        #expect(error.kind == .audio)
        let root = Self.libraryRoot(error, "FFmpeg")
        #expect(root?.code == Int(fr_averror_encoder_not_found()) && root?.message == "Encoder not found", "\(String(describing: root))")
    }
}
