import Foundation

/// The Media Overlay document of one chapter: a body referring to the content
/// document, and in it a `par` per wrapped fragment, in reading order,
/// pointing at its element in the content document and its clip in the audio.
struct SMILDocument {
    /// One `par`: the target element's id and its clip in milliseconds.
    struct Entry {
        var id: String
        var begin: Int
        var end: Int
    }

    /// Href of the content document, relative to the SMIL file.
    var textHref: String
    /// Id of the content document's `body`.
    var bodyID: String
    /// Href of the audio file, relative to the SMIL file.
    var audioHref: String
    var entries: [Entry]

    var data: Data {
        let text = OverlayText.escaped(textHref)
        let audio = OverlayText.escaped(audioHref)
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<smil xmlns=\"http://www.w3.org/ns/SMIL\" xmlns:epub=\"http://www.idpf.org/2007/ops\" version=\"3.0\">",
            "  <body epub:textref=\"\(text)#\(OverlayText.escaped(bodyID))\">",
        ]
        for (index, entry) in entries.enumerated() {
            lines.append("    <par id=\"par\(index + 1)\">")
            lines.append("      <text src=\"\(text)#\(OverlayText.escaped(entry.id))\"/>")
            lines.append("      <audio src=\"\(audio)\" clipBegin=\"\(OverlayText.clipTime(milliseconds: entry.begin))\" clipEnd=\"\(OverlayText.clipTime(milliseconds: entry.end))\"/>")
            lines.append("    </par>")
        }
        lines += ["  </body>", "</smil>", ""]
        return Data(lines.joined(separator: "\n").utf8)
    }
}
