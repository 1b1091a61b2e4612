import Foundation
@testable import FollowRender

/// A media-overlay EPUB written by the CLI, opened with the project's own
/// reader, its SMIL documents parsed into `par`s.
struct OverlayBook {
    /// One `par`: the content document and element id it shows, and its clip.
    struct Par {
        var document: String
        var id: String
        var audio: String
        var begin: Int
        var end: Int
    }

    /// The overlay of one spine item.
    struct Overlay {
        var item: SpineItem
        var smilPath: String
        var textref: String
        var pars: [Par]
    }

    var path: String
    var archive: EPUBArchive
    var overlays: [Overlay]

    init(path: String) throws {
        self.path = path
        let archive = try EPUBArchive(path: path)
        self.archive = archive
        let book = archive.book
        overlays = try book.spine.compactMap { item -> Overlay? in
            guard let smilID = book.manifest.first(where: { $0.id == item.idref })?.mediaOverlay else { return nil }
            guard let smil = book.manifest.first(where: { $0.id == smilID }) else { throw DecodeError(message: "\(smilID) not in manifest") }
            let document = try XMLDocument(data: archive.data(at: smil.path), path: smil.path)
            guard let body = document.root?.elements(named: "body").first else { throw DecodeError(message: "\(smil.path): no body") }
            let textref = body.attribute("textref", namespace: "http://www.idpf.org/2007/ops") ?? ""
            let pars = try body.descendants { $0.name == "par" }.map { par -> Par in
                guard let text = par.elements(named: "text").first?.attribute("src"),
                      let audio = par.elements(named: "audio").first,
                      let reference = try ContainerPath.resolve(text, from: smil.path), let id = reference.fragment,
                      let audioSource = audio.attribute("src"),
                      let audioPath = try ContainerPath.resolve(audioSource, from: smil.path)?.path else {
                    throw DecodeError(message: "\(smil.path): incomplete par")
                }
                return Par(document: reference.path, id: id, audio: audioPath,
                           begin: try Self.clip(audio.attribute("clipBegin")), end: try Self.clip(audio.attribute("clipEnd")))
            }
            return Overlay(item: item, smilPath: smil.path, textref: textref, pars: pars)
        }
    }

    /// Milliseconds of a `12.345s` clip value.
    static func clip(_ value: String?) throws -> Int {
        guard let value, value.hasSuffix("s"), let seconds = Double(value.dropLast()) else {
            throw DecodeError(message: "bad clip value \(value ?? "nil")")
        }
        return Int((seconds * 1000).rounded())
    }

    /// The text of every element with an id in a content document, by id.
    func elementTexts(_ documentPath: String) throws -> [String: String] {
        let document = try XMLDocument(data: archive.data(at: documentPath), path: documentPath)
        var texts: [String: String] = [:]
        guard let root = document.root else { return texts }
        for element in root.descendants(where: { $0.attribute("id") != nil }) {
            texts[element.attribute("id")!] = element.content
        }
        return texts
    }

    /// Names of all files in the EPUB, in archive order.
    static func entries(_ epub: String) throws -> [String] {
        try Container(path: epub).paths
    }
}
