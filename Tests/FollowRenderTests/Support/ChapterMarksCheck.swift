import Foundation
import Testing

/// Runs `Tests/Checkers/chapter-marks-check.py` (ffprobe, mutagen, libvlc,
/// eyeD3, and the decoded audio's speech onsets) on single-file audiobooks and
/// returns its report per file; the test fails when the readers disagree or a
/// mark is more than 30 ms off the onset of speech.
enum ChapterMarksCheck {
    static let checker = TestPaths.checker("chapter-marks-check.py")

    /// The checker's report on each of `files`, by path, in one run of the checker.
    static func check(_ files: [String], skipOnsets: Bool = false) throws -> [String: [String: Any]] {
        let run = try CommandRun.run("/usr/bin/python3", [checker] + (skipOnsets ? ["--skip-onsets"] : []) + files)
        let report = try #require(try JSONSerialization.jsonObject(with: run.output) as? [String: [String: Any]], "\(run.stderr)")
        for file in files {
            let entry = try #require(report[file])
            #expect((entry["problems"] as? [String])?.isEmpty == true, "\(file): \(entry["problems"] ?? run.stderr)")
        }
        #expect(run.status == 0, "\(run.stderr)")
        return report
    }

    /// The marks ffprobe reads in one file's report: (start in seconds, title).
    static func marks(_ entry: [String: Any]) -> [(start: Double, title: String)] {
        ((entry["readers"] as? [String: Any])?["ffprobe"] as? [[Any]] ?? []).compactMap { mark in
            guard let start = mark.first as? Double, let title = mark.last as? String else { return nil }
            return (start, title)
        }
    }
}
