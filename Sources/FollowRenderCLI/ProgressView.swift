import FollowRender
import Foundation

/// Shows a render's progress on standard error: a live bar on a terminal,
/// one plain line per chapter otherwise, nothing when quiet.
final class ProgressView {
    enum Style {
        case live
        case lines
        case quiet
    }

    private let style: Style
    private let sentenceCounts: [Int: Int]
    private var totalSentences = 1
    private var chapterCount = 0
    private let sampleRate: Double
    private let start = Date()
    private var sentences: [Int: Int] = [:]
    private var samples: [Int: Int] = [:]
    private var finished = 0
    private var lastDraw = Date.distantPast

    init(style: Style, chapters: [Chapter], sampleRate: Int) {
        self.style = style
        sentenceCounts = Dictionary(uniqueKeysWithValues: chapters.map { ($0.index, $0.sentences.count) })
        self.sampleRate = Double(sampleRate)
    }

    /// The style for this terminal and these options.
    static func style(quiet: Bool) -> Style {
        if quiet { return .quiet }
        return isatty(STDERR_FILENO) != 0 ? .live : .lines
    }

    /// Called by the renderer for every event (serialized).
    func handle(_ event: ChapterEvent) {
        switch event {
        case let .planned(indices):
            chapterCount = indices.count
            totalSentences = max(1, indices.reduce(0) { $0 + (sentenceCounts[$1] ?? 0) })
        case .started:
            return
        case let .progress(index, done, written):
            sentences[index] = done
            samples[index] = written
            if style == .live, Date().timeIntervalSince(lastDraw) > 0.2 { draw() }
        case let .finished(result):
            finished += 1
            sentences[result.index] = result.sentences
            samples[result.index] = Int(result.duration.value * sampleRate)
            switch style {
            case .live: draw()
            case .lines: Console.error("follow-render: [\(finished)/\(chapterCount)] \(result.audio ?? result.timing) (\(clock(result.duration.value)) audio)")
            case .quiet: return
            }
        case .failed:
            finished += 1
            // The job reports the skip next, as a warning the printer prints.
            if style == .live { clearLine() }
        }
    }

    /// Removes the live bar before the summary is printed.
    func close() {
        if style == .live { clearLine() }
    }

    private var audioSeconds: Double { Double(samples.values.reduce(0, +)) / sampleRate }

    private func draw() {
        lastDraw = Date()
        let fraction = Double(sentences.values.reduce(0, +)) / Double(totalSentences)
        let elapsed = Date().timeIntervalSince(start)
        let width = 24
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let speed = elapsed > 0 ? audioSeconds / elapsed : 0
        let eta = fraction > 0.01 ? clock(elapsed * (1 - fraction) / fraction) : "…"
        let line = "\(bar) \(finished)/\(chapterCount) chapters · \(clock(audioSeconds)) audio · "
            + String(format: "%.1f× real time", speed) + " · ETA \(eta)"
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + line).utf8))
    }

    private func clearLine() {
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
