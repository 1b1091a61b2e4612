import Foundation
@testable import FollowRender

/// The promises of a media-overlay EPUB, each returning what it finds broken (empty when kept).
enum OverlayChecks {
    /// Every `par`: its target exists, the targets of a sentence read as the
    /// sentence (whitespace aside), clips are ordered, inside the audio and the
    /// sentence's clip, and the audio is the rendered file.
    static func parViolations(_ overlay: OverlayBook, render: RenderedFolder) throws -> [String] {
        var problems: [String] = []
        for chapter in overlay.overlays {
            let path = chapter.item.path
            guard let timing = render.timings.first(where: { $0.chapter.href == path }),
                  let rendered = render.manifest.chapters.first(where: { $0.href == path }) else {
                problems.append("\(path): overlay without a rendered chapter")
                continue
            }
            let texts = try overlay.elementTexts(path)
            let textref = try ContainerPath.resolve(chapter.textref, from: chapter.smilPath)
            if textref?.path != path || texts[textref?.fragment ?? ""] == nil {
                problems.append("\(path): epub:textref \(chapter.textref) does not name an element of the document")
            }
            let duration = timing.audio.duration.milliseconds
            var previousEnd = 0
            var shown: [Int: String] = [:]
            var clips: [Int: (begin: Int, end: Int)] = [:]
            var sentence = 0
            for par in chapter.pars {
                let label = "\(path)#\(par.id)"
                guard par.document == path, let text = texts[par.id] else {
                    problems.append("\(label): target missing")
                    continue
                }
                if par.begin >= par.end { problems.append("\(label): clipBegin not before clipEnd") }
                if par.begin < previousEnd { problems.append("\(label): overlaps or precedes the previous clip") }
                if par.end > duration { problems.append("\(label): ends after the audio") }
                previousEnd = par.end
                while sentence < timing.sentences.count, timing.sentences[sentence].end.milliseconds < par.end { sentence += 1 }
                guard sentence < timing.sentences.count, timing.sentences[sentence].begin.milliseconds <= par.begin else {
                    problems.append("\(label): clip \(par.begin)-\(par.end) ms lies in no sentence")
                    continue
                }
                shown[sentence, default: ""] += text
                clips[sentence] = (clips[sentence]?.begin ?? par.begin, par.end)
            }
            let foreign = try foreignText(overlay, document: path)
            for (index, timed) in timing.sentences.enumerated() {
                let expected = bare(ChapterTextSlice.text(timing.text, timed.range))
                guard !expected.isEmpty, shown[index] != nil || !foreign.contains(expected) else { continue }
                if bare(shown[index] ?? "") != expected {
                    problems.append("\(path) sentence \(index): highlighted '\(shown[index] ?? "")' for '\(expected)'")
                }
                if let clip = clips[index], clip.begin != timed.begin.milliseconds || clip.end != timed.end.milliseconds {
                    problems.append("\(path) sentence \(index): clips span \(clip) ms, the sidecar \(timed.begin.milliseconds)-\(timed.end.milliseconds)")
                }
            }
            let audio = Set(chapter.pars.map(\.audio))
            if audio.count != 1 { problems.append("\(path): \(audio.count) audio files") }
            if let file = audio.first, try overlay.archive.data(at: file) != Data(contentsOf: URL(fileURLWithPath: render.file(rendered.audioFile))) {
                problems.append("\(path): \(file) is not the rendered \(rendered.audioFile)")
            }
            problems += try unnarratedViolations(overlay, document: path)
        }
        return problems
    }

    /// The text inside elements of other vocabularies (SVG, MathML, `epub:switch`),
    /// which is narrated but never wrapped, whitespace removed.
    static func foreignText(_ overlay: OverlayBook, document path: String) throws -> String {
        let document = try XMLDocument(data: overlay.archive.data(at: path), path: path)
        let foreign = document.root?.descendants { $0.namespace != ContentWrapper.xhtmlNamespace } ?? []
        return bare(foreign.map(\.content).joined())
    }

    /// Page-break markers and note references keep their `epub:type` and hold no wrapper.
    static func unnarratedViolations(_ overlay: OverlayBook, document path: String) throws -> [String] {
        let document = try XMLDocument(data: overlay.archive.data(at: path), path: path)
        let markers = document.root?.descendants { element in
            !ElementRules.semantics(of: element).isDisjoint(with: ["pagebreak", "doc-pagebreak", "noteref", "doc-noteref"])
        } ?? []
        return markers.compactMap { marker in
            marker.descendants { $0.attribute("id")?.hasPrefix("fr-") == true }.isEmpty ? nil : "\(path): line \(marker.line): a marker holds a wrapper"
        }
    }

    /// Every file of the input is in the output: untouched ones byte for byte, wrapped
    /// documents as the original plus exactly the inserted tags; `mimetype` first.
    static func preservationViolations(input: String, overlay: OverlayBook) throws -> [String] {
        var problems: [String] = []
        let original = try EPUBArchive(path: input)
        let inputPaths = try OverlayBook.entries(input)
        let outputPaths = try OverlayBook.entries(overlay.path)
        if outputPaths.first != "mimetype" { problems.append("mimetype is not the first entry") }
        let wrapped = Dictionary(grouping: overlay.overlays.flatMap(\.pars), by: \.document)
        for path in inputPaths where path != "mimetype" && path != original.book.packagePath {
            guard outputPaths.contains(path) else {
                problems.append("\(path): missing from the output")
                continue
            }
            let before = try original.data(at: path), after = try overlay.archive.data(at: path)
            guard let pars = wrapped[path] else {
                if before != after { problems.append("\(path): changed although nothing was wrapped") }
                continue
            }
            let text = String(decoding: after, as: UTF8.self)
            var inserted = pars.reduce(0) { total, par in
                let element = text.contains("<tspan id=\"\(par.id)\">") ? "tspan" : "span"
                return total + "<\(element) id=\"\(par.id)\">".utf8.count + "</\(element)>".utf8.count
            }
            let original = String(decoding: before, as: UTF8.self)
            for seqID in Set(text.matches(of: /id="(fr-seq-[0-9_]+)"/).map { String($0.1) }) where !original.contains("id=\"\(seqID)\"") {
                inserted += " id=\"\(seqID)\"".utf8.count
            }
            if let link = text.range(of: #"<link rel="stylesheet" type="text/css" href="[^"]*fr-media-overlay\.css"/>"#, options: .regularExpression) {
                inserted += text[link].utf8.count
            } else {
                problems.append("\(path): the highlight stylesheet is not linked")
            }
            if text.contains("<body id=\"fr-body\""), !String(decoding: before, as: UTF8.self).contains("id=\"fr-body\"") {
                inserted += " id=\"fr-body\"".utf8.count
            }
            if after.count != before.count + inserted || !isSubsequence(before, of: after) {
                problems.append("\(path): not the original with only the wrappers inserted")
            }
        }
        return problems
    }

    /// The package's media metadata, manifest items and stylesheet.
    static func packageViolations(_ overlay: OverlayBook, render: RenderedFolder) throws -> [String] {
        var problems: [String] = []
        let book = overlay.archive.book
        let package = try XMLDocument(data: overlay.archive.data(at: book.packagePath), path: book.packagePath)
        let metas = package.root?.descendants { $0.name == "meta" && $0.attribute("property") != nil } ?? []
        func values(_ property: String, refines: String? = nil) -> [String] {
            metas.filter { $0.attribute("property") == property && $0.attribute("refines") == refines }.map(\.content)
        }
        var total = 0
        for chapter in overlay.overlays {
            guard let smil = book.manifest.first(where: { $0.path == chapter.smilPath }) else {
                problems.append("\(chapter.smilPath): not in the manifest")
                continue
            }
            let rendered = render.manifest.chapters.first { $0.href == chapter.item.path }
            let duration = rendered?.duration.milliseconds ?? -1
            total += duration
            if smil.mediaType != "application/smil+xml" { problems.append("\(smil.path): media type \(smil.mediaType)") }
            if values("media:duration", refines: "#" + smil.id) != [OverlayText.clock(milliseconds: duration)] {
                problems.append("\(smil.path): media:duration \(values("media:duration", refines: "#" + smil.id))")
            }
            for audio in Set(chapter.pars.map(\.audio)) where book.manifest.first(where: { $0.path == audio })?.mediaType != "audio/mpeg" {
                problems.append("\(audio): not an audio/mpeg manifest item")
            }
        }
        if values("media:duration") != [OverlayText.clock(milliseconds: total)] { problems.append("total media:duration \(values("media:duration"))") }
        let narrators = render.manifest.voiceDescriptions.map { "eSpeak NG voice " + $0 }
        if values("media:narrator") != narrators {
            problems.append("media:narrator \(values("media:narrator")) does not name each of \(narrators)")
        }
        if values("media:active-class") != [MediaOverlayWriter.activeClass] { problems.append("media:active-class \(values("media:active-class"))") }
        if values("dcterms:modified").count != 1 { problems.append("dcterms:modified \(values("dcterms:modified"))") }
        let stylesheets = book.manifest.filter { $0.mediaType == "text/css" && $0.path.hasSuffix("fr-media-overlay.css") }
        let css = try stylesheets.first.map { String(decoding: try overlay.archive.data(at: $0.path), as: UTF8.self) } ?? ""
        if !css.contains(".\(MediaOverlayWriter.activeClass) {") { problems.append("no highlight rule in a manifest stylesheet") }
        return problems
    }

    private static func bare(_ text: String) -> String { text.filter { !$0.isWhitespace } }

    private static func isSubsequence(_ small: Data, of large: Data) -> Bool {
        var index = small.startIndex
        for byte in large where index < small.endIndex && small[index] == byte { index += 1 }
        return index == small.endIndex
    }
}

/// The characters of a UTF-16 range of a sidecar's text.
enum ChapterTextSlice {
    static func text(_ text: String, _ range: TextRange) -> String {
        let units = Array(text.utf16)
        return String(decoding: units[range.location..<min(range.end, units.count)], as: UTF16.self)
    }
}
