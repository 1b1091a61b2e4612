import Foundation

/// The EPUB 3 navigation document an EPUB 2 book gains when it becomes EPUB 3,
/// built from its NCX table of contents (or, without one, from the spine).
struct NavigationDocument {
    /// Container path the document will have.
    var path: String
    var title: String
    var language: String
    var entries: [TOCEntry]

    /// Entries for every spine item when the book has no table of contents.
    static func spineEntries(_ spine: [SpineItem]) -> [TOCEntry] {
        spine.filter { !$0.isNavigation }.map { item in
            TOCEntry(title: item.tocTitle ?? item.path, path: item.path, fragment: nil, children: [])
        }
    }

    var data: Data {
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<!DOCTYPE html>",
            "<html xmlns=\"http://www.w3.org/1999/xhtml\" xmlns:epub=\"http://www.idpf.org/2007/ops\" xml:lang=\"\(XMLEscaping.escaped(language))\" lang=\"\(XMLEscaping.escaped(language))\">",
            "<head>",
            "<meta charset=\"utf-8\"/>",
            "<title>\(XMLEscaping.escaped(title))</title>",
            "</head>",
            "<body>",
            "<nav epub:type=\"toc\" id=\"toc\">",
            "<h1>\(XMLEscaping.escaped(title))</h1>",
        ]
        list(entries, depth: 0, into: &lines)
        lines += ["</nav>", "</body>", "</html>", ""]
        return Data(lines.joined(separator: "\n").utf8)
    }

    private func list(_ entries: [TOCEntry], depth: Int, into lines: inout [String]) {
        let indent = String(repeating: "  ", count: depth)
        lines.append(indent + "<ol>")
        for entry in entries {
            var href = OverlayText.href(from: path, to: entry.path)
            if let fragment = entry.fragment {
                href += "#" + (fragment.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed) ?? fragment)
            }
            let label = entry.title.collapsingWhitespace.isEmpty ? entry.path : entry.title.collapsingWhitespace
            let link = "<a href=\"\(XMLEscaping.escaped(href))\">\(XMLEscaping.escaped(label))</a>"
            if entry.children.isEmpty {
                lines.append(indent + "  <li>" + link + "</li>")
            } else {
                lines.append(indent + "  <li>" + link)
                list(entry.children, depth: depth + 1, into: &lines)
                lines.append(indent + "  </li>")
            }
        }
        lines.append(indent + "</ol>")
    }
}
