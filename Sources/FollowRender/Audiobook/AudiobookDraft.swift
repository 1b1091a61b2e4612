import Foundation

/// A single file encoded while the chapters are still rendering: the chapters
/// finish out of order, and this encodes them in book order, on its own
/// thread, as soon as each prefix is ready, so what packaging adds after the
/// render is the part left when the last chapter finishes.
///
/// MP4 writes its chapters and tags with the index at the end; MP3 and Opus,
/// whose marks go in the header, keep their encoded packets in a `PacketSpool`
/// until the packager writes the header and replays them (see
/// `AudiobookEncoding`). Either way the bytes are those of packaging after the render. The file goes to a hidden name beside the final path,
/// `.NAME.draft-PID` (not `AtomicFile`'s `.partial-` names, which the render
/// removes when its workers end); `AudiobookPackager` finishes and renames it when the render
/// produced exactly the chapters encoded, and otherwise encodes the book again
/// from the rendered folder. A draft that is not taken is removed (`abandon`).
///
/// State is shared between the render's event thread and the encoding thread
/// under an `NSCondition`, which the encoding thread waits on.
public final class AudiobookDraft: @unchecked Sendable {
    /// A chapter as encoded: spine position, audio file and decoded length.
    struct Encoded: Hashable {
        var index: Int
        var audio: String
        var length: Int64
    }

    /// What the encoding thread hands over once every chapter has finished or failed.
    struct Result {
        var encoding: AudiobookEncoding
        var chapters: [Encoded]
    }

    /// The final path (absolute); the draft is written beside it under a temporary name.
    let path: String
    let temporary: String
    private let format: AudiobookFormat
    private let metadata: AudiobookMetadata
    private let order: [Int]
    private let condition = NSCondition()
    private var ready: [Int: String] = [:]
    private var failed: Set<Int> = []
    private var stopped = false
    private var done = false
    private var result: Result?
    private var handedOver = false

    /// Starts encoding the chapters `order` (spine positions, book order) into
    /// the single file `path` as they are reported; nil when `path` names no
    /// single-file format or `order` is empty.
    /// - Parameter metadata: the cover, for the MP4 header (tags, and MP3's and Opus's headers, are written when finished).
    public static func start(path: String, order: [Int], metadata: AudiobookMetadata) -> AudiobookDraft? {
        guard let format = AudiobookFormat(path: path), !order.isEmpty else { return nil }
        let draft = AudiobookDraft(path: URL(fileURLWithPath: path).standardizedFileURL.path, format: format,
                                   metadata: metadata, order: order.sorted())
        let thread = Thread { draft.encodeInOrder() }
        thread.name = "audiobook-draft"
        thread.start()
        return draft
    }

    private init(path: String, format: AudiobookFormat, metadata: AudiobookMetadata, order: [Int]) {
        self.path = path
        let url = URL(fileURLWithPath: path)
        temporary = url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent).draft-\(ProcessInfo.processInfo.processIdentifier)").path
        self.format = format
        self.metadata = metadata
        self.order = order
    }

    /// The chapter at spine position `index` is rendered to `audio` (a full path).
    public func finished(_ index: Int, audio: String) {
        update { $0.ready[index] = audio }
    }

    /// The chapter at `index` will not be in the book (failed, or the render ended without it).
    public func failed(_ index: Int) {
        update { $0.failed.insert(index) }
    }

    /// The render is over: chapters not reported are left out.
    public func renderEnded() {
        update { draft in
            for index in draft.order where draft.ready[index] == nil { draft.failed.insert(index) }
        }
    }

    /// Waits for the encoding thread and hands over its encoding when it encoded
    /// exactly `chapters` (spine position and audio path, in order); nil otherwise.
    /// The caller then owns the temporary file.
    func take(matching chapters: [(index: Int, audio: String)]) -> Result? {
        renderEnded()
        condition.lock()
        while !done { condition.wait() }
        let handed = result
        result = nil
        condition.unlock()
        guard let handed else { return nil }
        guard handed.chapters.map(\.index) == chapters.map(\.index), handed.chapters.map(\.audio) == chapters.map(\.audio) else {
            try? FileManager.default.removeItem(atPath: temporary)
            return nil
        }
        update { $0.handedOver = true }
        return handed
    }

    /// Whether the packager took this draft to finish (rather than encoding the book again).
    public var wasTaken: Bool {
        condition.lock()
        defer { condition.unlock() }
        return handedOver
    }

    /// Stops the encoding thread and removes the temporary file (gone already
    /// when the packager finished and renamed it).
    public func abandon() {
        update { $0.stopped = true }
        condition.lock()
        while !done { condition.wait() }
        result = nil
        condition.unlock()
        try? FileManager.default.removeItem(atPath: temporary)
    }

    private func update(_ change: (AudiobookDraft) -> Void) {
        condition.lock()
        change(self)
        condition.broadcast()
        condition.unlock()
    }

    /// The encoding thread: the next chapter in book order as soon as it is
    /// ready, until every chapter is encoded or left out, or the draft is stopped.
    private func encodeInOrder() {
        var encoding: AudiobookEncoding?
        var encoded: [Encoded] = []
        var failure = false
        for index in order {
            condition.lock()
            while !stopped, ready[index] == nil, !failed.contains(index) { condition.wait() }
            let audio = stopped ? nil : ready[index]
            let stop = stopped
            condition.unlock()
            if stop { break }
            guard let audio else { continue }
            do throws(RenderError) {
                let length = try ChapterLength.samples(of: audio)
                if encoding == nil {
                    let first = try ChapterDecoder(path: audio)
                    encoding = try AudiobookEncoding(format: format, path: temporary, rate: first.sampleRate,
                                                     sampleFormat: first.sampleFormat, metadata: metadata, marks: nil)
                }
                try encoding?.append(audio, length: length)
                encoded.append(Encoded(index: index, audio: audio, length: length))
            } catch {
                failure = true
                break
            }
        }
        var finished = encoding.flatMap { failure ? nil : Result(encoding: $0, chapters: encoded) }
        encoding = nil
        condition.lock()
        let kept = finished != nil && !stopped
        if kept { result = finished }
        done = true
        condition.broadcast()
        condition.unlock()
        if !kept {
            finished = nil
            try? FileManager.default.removeItem(atPath: temporary)
        }
    }
}
