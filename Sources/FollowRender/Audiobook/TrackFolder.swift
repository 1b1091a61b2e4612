import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The folder of `--tracks DIR`: one MP3 per track, named `NNN - Title.mp3`,
/// and the playlist `<Title>.m3u8`. follow-render writes only into a folder it
/// made (it holds the `.follow-render` marker) or a new or empty one, so a
/// user's own folder of music is never touched.
///
/// The tracks and the playlist are written under temporary names first and
/// renamed only when all are complete, so a failed write leaves the folder as
/// it was; then the tracks of an earlier render that the new one does not have
/// are removed (only names of the tracks' own shape, in a marked folder).
struct TrackFolder {
    var path: String

    /// The file name of track `number` (1-based) of `count`: the number, zero-padded to at least three digits, and the title.
    static func trackName(number: Int, count: Int, title: String) -> String {
        let digits = max(3, String(count).count)
        let padded = String(repeating: "0", count: max(0, digits - String(number).count)) + String(number)
        return padded + " - " + SafeName.file(title, fallback: "Track \(number)") + ".mp3"
    }

    /// Whether `name` has the shape of a track's or the playlist's name.
    static func isTrackFile(_ name: String) -> Bool {
        if name.hasSuffix(".m3u8") { return !name.hasPrefix(".") }
        guard name.hasSuffix(".mp3"), let space = name.range(of: " - ") else { return false }
        let number = name[..<space.lowerBound]
        return number.count >= 3 && number.allSatisfy(\.isASCII) && number.allSatisfy(\.isNumber)
    }

    /// Refuses, before any work, a folder that holds files but not the marker,
    /// and a path that is not a folder, or has a file on its way.
    func check() throws(OutputSafetyError) {
        var existing = URL(fileURLWithPath: path).standardizedFileURL
        while FileIdentity(path: existing.path) == nil, existing.path != "/" { existing.deleteLastPathComponent() }
        if let identity = FileIdentity(path: existing.path), !identity.isFolder {
            throw OutputSafetyError(.notAFolder, file: existing.path == URL(fileURLWithPath: path).standardizedFileURL.path ? path : existing.path,
                                    reason: "\(Setting.tracks) needs a folder here, not \(identity.kind)")
        }
        try marked.checkMarked()
    }

    private var marked: MarkedFolder { MarkedFolder(path: path, alternative: "\(Setting.tracks) folder") }

    /// Writes the tracks (`write` is given each one's temporary path) and the playlist
    /// `playlistName` with `playlist`, all or none, then removes the earlier tracks it no longer has.
    func write(trackNames: [String], playlistName: String, playlist: Data,
               tracks write: ([String]) throws(RenderError) -> Void) throws(RenderError) {
        try marked.create("the tracks folder",
                          note: "This folder of tracks was made by follow-render, which replaces its tracks when the book is rendered again.\n",
                          check: check)
        let finals = (trackNames + [playlistName]).map { path + "/" + $0 }
        let temporaries = finals.map(AtomicFile.temporaryPath(for:))
        do throws(RenderError) {
            for final in finals { try AtomicFile.checkReplaceable(final) }
            try write(Array(temporaries.dropLast()))
            try AtomicFile.write(playlist, to: temporaries[temporaries.count - 1])
            for final in finals { try AtomicFile.checkReplaceable(final) }
            for (temporary, final) in zip(temporaries, finals) where rename(temporary, final) != 0 {
                throw RenderError.failedIO(file: final, doing: "cannot write")
            }
        } catch {
            for temporary in temporaries { try? FileManager.default.removeItem(atPath: temporary) }
            throw error
        }
        let kept = Set(trackNames + [playlistName])
        for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] where Self.isTrackFile(name) && !kept.contains(name) {
            var info = stat()
            if lstat(path + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFREG { try? FileManager.default.removeItem(atPath: path + "/" + name) }
        }
    }
}
