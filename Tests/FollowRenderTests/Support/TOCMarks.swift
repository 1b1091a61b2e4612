@testable import FollowRender

/// What a single file's chapter marks should be, from `book.json`'s `toc`:
/// an entry's title at its single-file `time`, in reading order; when the
/// file has one mark more, the first is the book's title at 0 (audio before
/// the first entry). The first mark of a file always starts at 0.
enum TOCMarks {
    static func expected(_ manifest: BookManifest, marks count: Int) -> [(title: String, start: Double)] {
        var marks = (manifest.toc ?? []).flatMap(\.flattened).map {
            (title: SafeName.title($0.title, fallback: "Chapter \($0.chapter)"), start: $0.time?.value ?? -1)
        }
        if count == marks.count + 1 { marks.insert((SafeName.title(manifest.title, fallback: "Start"), 0), at: 0) }
        if !marks.isEmpty { marks[0].start = 0 }
        return marks
    }
}
