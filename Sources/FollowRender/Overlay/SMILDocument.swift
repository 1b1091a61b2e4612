import Foundation

/// The Media Overlay document of one chapter: a body referring to the content
/// document, and in it a `par` per wrapped fragment, in reading order,
/// pointing at its element in the content document and its clip in the audio.
/// Fragments inside tables, lists, figures and asides are grouped in nested
/// `seq` elements with the structure's `epub:type` (escapable); `par`s of note
/// bodies carry the note's `epub:type` (skippable). The vocabulary prefixes
/// the structures' types use are declared on the root (`epub:prefix`).
struct SMILDocument {
    /// A structure enclosing `par`s: its element's id and `epub:type`.
    struct Structure: Hashable {
        var id: String
        var type: String
    }

    /// One `par`: the target element's id, its clip in milliseconds, its
    /// `epub:type` and the structures around it, outermost first.
    struct Entry {
        var id: String
        var begin: Int
        var end: Int
        var type: String?
        var structures: [Structure] = []
    }

    /// Href of the content document, relative to the SMIL file.
    var textHref: String
    /// Id of the content document's `body`.
    var bodyID: String
    /// Vocabulary prefixes of the `epub:type`s used, prefix → URI.
    var prefixes: [String: String] = [:]
    /// Href of the audio file, relative to the SMIL file.
    var audioHref: String
    var entries: [Entry]

    var data: Data {
        let text = XMLEscaping.escaped(textHref)
        let audio = XMLEscaping.escaped(audioHref)
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<smil xmlns=\"http://www.w3.org/ns/SMIL\" xmlns:epub=\"http://www.idpf.org/2007/ops\" version=\"3.0\"\(prefixDeclaration)>",
            "  <body epub:textref=\"\(text)#\(XMLEscaping.escaped(bodyID))\">",
        ]
        var open: [Structure] = []
        var seqs = 0
        for (index, entry) in entries.enumerated() {
            let shared = zip(open, entry.structures).prefix { $0 == $1 }.count
            while open.count > shared {
                open.removeLast()
                lines.append(Self.indent(open.count) + "</seq>")
            }
            for structure in entry.structures[shared...] {
                seqs += 1
                lines.append(Self.indent(open.count) + "<seq id=\"seq\(seqs)\" epub:textref=\"\(text)#\(XMLEscaping.escaped(structure.id))\" epub:type=\"\(XMLEscaping.escaped(structure.type))\">")
                open.append(structure)
            }
            let pad = Self.indent(open.count)
            lines.append(pad + "<par id=\"par\(index + 1)\"" + (entry.type.map { " epub:type=\"\(XMLEscaping.escaped($0))\"" } ?? "") + ">")
            lines.append(pad + "  <text src=\"\(text)#\(XMLEscaping.escaped(entry.id))\"/>")
            lines.append(pad + "  <audio src=\"\(audio)\" clipBegin=\"\(OverlayText.clipTime(milliseconds: entry.begin))\" clipEnd=\"\(OverlayText.clipTime(milliseconds: entry.end))\"/>")
            lines.append(pad + "</par>")
        }
        while !open.isEmpty {
            open.removeLast()
            lines.append(Self.indent(open.count) + "</seq>")
        }
        lines += ["  </body>", "</smil>", ""]
        return Data(lines.joined(separator: "\n").utf8)
    }

    /// ` epub:prefix="…"` for the prefixes used, in a fixed order; empty when none are.
    private var prefixDeclaration: String {
        guard !prefixes.isEmpty else { return "" }
        let pairs = prefixes.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        return " epub:prefix=\"\(XMLEscaping.escaped(pairs.joined(separator: " ")))\""
    }

    private static func indent(_ depth: Int) -> String { String(repeating: "  ", count: depth + 2) }
}
