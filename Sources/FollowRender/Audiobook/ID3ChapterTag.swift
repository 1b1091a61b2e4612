import Foundation

/// The ID3v2.3 tag at the start of the single MP3: the book's tags, the cover,
/// a CHAP frame per chapter mark (with its TIT2 title) and CTOC frames that
/// mirror the table of contents' nesting: the top-level CTOC lists the
/// top-level entries, an entry with children is a CTOC of its own mark and
/// its children's.
///
/// FFmpeg's own ID3 writer stops at 255 chapters (a CTOC's entry count is one
/// byte), so the tag is built here: a CTOC with more than 255 children lists
/// child CTOCs of up to 255 each instead, so no chapter is lost.
///
/// Version 2.3 (plain frame sizes, UTF-16 text) rather than 2.4: FFmpeg 5.1's
/// reader guesses at 2.4 sizes above 127 bytes and drops a CHAP frame with a
/// long title, which 2.3 never triggers.
struct ID3ChapterTag {
    var metadata: AudiobookMetadata
    /// `(start, end, title)` in milliseconds.
    var chapters: [(start: Int, end: Int, title: String)]
    /// The nesting over `chapters`; nil for a flat list.
    var tree: [ChapterMarks.Node]?
    /// For a file of `--tracks`: its title (the book's is the album) and its number of `count`;
    /// nil for the single file. A track has no chapter frames.
    var track: (title: String, number: Int, count: Int)?

    /// The whole tag, header included.
    var bytes: [UInt8] {
        var body: [UInt8] = []
        body += text("TIT2", track?.title ?? metadata.title)
        body += text("TALB", metadata.title)
        if let track { body += text("TRCK", "\(track.number)/\(track.count)") }
        body += text("TPE1", metadata.artist)
        body += text("TPE2", metadata.artist)
        body += text("TCOM", metadata.narrator)
        body += text("TCON", metadata.genre)
        body += text("TYER", metadata.year ?? "")
        body += text("TPUB", metadata.publisher ?? "")
        body += text("TLAN", metadata.language)
        if let description = metadata.description, !description.isEmpty {
            body += frame("COMM", [1] + Array("eng".utf8) + Self.utf16("") + [0, 0] + Self.utf16(description))
        }
        if let cover = metadata.cover {
            let mime = Array((metadata.coverIsPNG ? "image/png" : "image/jpeg").utf8)
            body += frame("APIC", [0] + mime + [0, 3, 0] + Array(cover))
        }
        if track == nil { body += tableOfContents() }
        for (number, chapter) in chapters.enumerated() {
            let times = [chapter.start, chapter.end, -1, -1].flatMap { Self.word(UInt32(truncatingIfNeeded: $0)) }
            body += frame("CHAP", Self.id("chp", number) + times + text("TIT2", chapter.title))
        }
        return Array("ID3".utf8) + [3, 0, 0] + Self.syncSafe(body.count) + body
    }

    /// The top-level CTOC and the CTOCs below it, each parent before its children.
    private func tableOfContents() -> [UInt8] {
        var next = 1
        let nodes = tree ?? chapters.indices.map { .mark($0) }
        /// The frames of the CTOC `id` over `nodes`, then those of the CTOCs below it.
        func frames(_ id: [UInt8], flags: UInt8, title: String, nodes: [ChapterMarks.Node]) -> [UInt8] {
            var below: [UInt8] = []
            var children: [[UInt8]] = nodes.map { node in
                switch node {
                case let .mark(index):
                    return Self.id("chp", index)
                case let .group(title, inner):
                    let child = Self.id("toc", next)
                    next += 1
                    below += frames(child, flags: 0x01, title: title, nodes: inner)
                    return child
                }
            }
            if children.count > 255 {
                let groups = stride(from: 0, to: children.count, by: 255).map { Array(children[$0..<min($0 + 255, children.count)]) }
                children = groups.enumerated().map { number, group in
                    let child = Self.id("toc", next)
                    next += 1
                    below += toc(child, flags: 0x01, children: group, title: "\(title) \(number * 255 + 1)–\(number * 255 + group.count)")
                    return child
                }
            }
            return toc(id, flags: flags, children: children, title: title) + below
        }
        return frames(Self.id("toc", 0), flags: 0x03, title: metadata.title, nodes: nodes)
    }

    private func toc(_ id: [UInt8], flags: UInt8, children: [[UInt8]], title: String) -> [UInt8] {
        frame("CTOC", id + [flags, UInt8(children.count)] + children.flatMap { $0 } + text("TIT2", title))
    }

    /// A UTF-16 text frame (encoding 1, with a byte-order mark); nothing for empty text.
    private func text(_ id: String, _ value: String) -> [UInt8] {
        value.isEmpty ? [] : frame(id, [1] + Self.utf16(value))
    }

    /// A frame: its id, its size as a plain 32-bit number (2.3), no flags.
    private func frame(_ id: String, _ content: [UInt8]) -> [UInt8] {
        Array(id.utf8) + Self.word(UInt32(content.count)) + [0, 0] + content
    }

    /// Little-endian UTF-16 after a byte-order mark.
    private static func utf16(_ text: String) -> [UInt8] {
        [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }

    /// A null-terminated element id such as `chp12`.
    private static func id(_ prefix: String, _ number: Int) -> [UInt8] {
        Array("\(prefix)\(number)".utf8) + [0]
    }

    private static func word(_ value: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) }
    }

    /// The tag header's size: 7 bits a byte.
    private static func syncSafe(_ value: Int) -> [UInt8] {
        [21, 14, 7, 0].map { UInt8((value >> $0) & 0x7F) }
    }
}
