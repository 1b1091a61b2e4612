/// Places each table-of-contents entry in the narration: the chapter it
/// begins in and the UTF-16 offset of the first narrated text at or after the
/// element its fragment names (`Chapter.marks`).
///
/// - An entry without a fragment begins at its document's start; one whose id
///   the document lacks too, with one warning for all such entries.
/// - An entry whose document has nothing narrated (a cover, an empty page, a
///   document outside the reading order) begins where the narration goes on:
///   at the start of the next narrated chapter.
/// - An entry whose place is after its chapter's last word (a notes section
///   read only with `--include-notes`, an empty block at the end) begins at
///   the start of the next narrated chapter, or is left out at the end of the
///   book: it has no narrated text, so it gets no mark.
/// - An entry in a chapter that is not narrated (`--matter body`, an
///   unreadable document) is left out.
/// - An entry that would go back in reading order is left out of the marks
///   (one warning), so marks only ever move forward; several entries at one
///   offset keep their order.
/// - A book without a table of contents gets a mark per chapter.
public struct NavigationResolver {
    public var navigation: BookNavigation
    public var spine: [SpineItem]
    /// Documents whose entries are left out.
    public var leftOut: Set<String>

    public init(navigation: BookNavigation, spine: [SpineItem], leftOut: Set<String>) {
        self.navigation = navigation
        self.spine = spine
        self.leftOut = leftOut
    }

    /// Sets every chapter's `marks` and returns the warnings, at most one a kind.
    public func place(in chapters: inout [Chapter]) -> [BookWarning] {
        for index in chapters.indices { chapters[index].marks = [] }
        guard !navigation.entries.isEmpty else {
            for index in chapters.indices { chapters[index].marks = [Chapter.Mark(entry: nil, offset: 0, href: chapters[index].href)] }
            return []
        }
        var issues = NavigationIssues(document: navigation.document ?? "table of contents")
        let chapterAt = Dictionary(chapters.indices.map { (chapters[$0].index, $0) }, uniquingKeysWith: { first, _ in first })
        let spineOrder = Dictionary(spine.map { ($0.path, $0.index) }, uniquingKeysWith: { first, _ in first })
        // The chapter (index into `chapters`) a document's entries go to: its own, else the next narrated one.
        var target: [String: Int?] = [:]
        func chapter(for path: String) -> Int? {
            if let known = target[path] { return known }
            var found: Int?  // stays nil for a document outside the spine: nowhere in the narration to begin
            if !leftOut.contains(path), let position = spineOrder[path] {
                found = chapterAt[position] ?? chapters.firstIndex { $0.index > position }
                // A document outside the narrated chapters, whose next chapter is left out too, is not placed.
                if let candidate = found, chapters[candidate].index != position,
                   spine.contains(where: { $0.index > position && $0.index < chapters[candidate].index && leftOut.contains($0.path) }) {
                    found = nil
                }
            }
            target[path] = found
            return found
        }
        // Where each chapter's last word ends (nil when its sentences were not read).
        var lastWordEnd: [Int: Int?] = [:]
        func wordsEnd(_ at: Int) -> Int? {
            if let known = lastWordEnd[at] { return known }
            let end = chapters[at].sentences.last(where: { !$0.words.isEmpty })?.words.last.map { $0.location + $0.length }
            lastWordEnd[at] = end
            return end
        }
        // The chapter the narration goes on in after a chapter: the next one, unless a document left out comes between.
        var following: [Int: Int?] = [:]
        func next(after at: Int) -> Int? {
            if let known = following[at] { return known }
            let found: Int? = at + 1 < chapters.count && !spine.contains(where: {
                $0.index > chapters[at].index && $0.index < chapters[at + 1].index && leftOut.contains($0.path)
            }) ? at + 1 : nil
            following[at] = found
            return found
        }
        var last: (chapter: Int, offset: Int)?
        for (number, entry) in navigation.entries.enumerated() {
            guard var at = chapter(for: entry.path) else { continue }
            var offset = 0
            let own = chapters[at].index == spineOrder[entry.path]
            if own, let fragment = entry.fragment {
                if let anchor = chapters[at].anchors[fragment] {
                    offset = min(anchor, chapters[at].text.utf16Count)
                    if chapters[at].duplicateAnchors.contains(fragment) {
                        issues.note(.duplicateID, "TOC entry '\(entry.title)' points to id '\(fragment)', which \(entry.path) has more than once")
                    }
                } else {
                    issues.note(.missingTarget, "TOC entry '\(entry.title)' points to \(entry.path)#\(fragment), which has no such id")
                }
            }
            let href = own ? chapters[at].href + (entry.fragment.map { "#" + $0 } ?? "")
                : entry.path + (entry.fragment.map { "#" + $0 } ?? "")
            if let end = wordsEnd(at), offset >= end {
                // Nothing narrated after it in its chapter: the narration goes on in the next one, if any.
                guard let following = next(after: at) else { continue }
                at = following
                offset = 0
            }
            if let last, (at, offset) < last {
                issues.note(.order, "TOC entry '\(entry.title)' goes back in reading order")
                continue
            }
            last = (at, offset)
            chapters[at].marks.append(Chapter.Mark(entry: number, offset: offset, href: href))
        }
        return issues.warnings
    }
}
