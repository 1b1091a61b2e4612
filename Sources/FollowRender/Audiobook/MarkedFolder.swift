import Foundation

/// A folder follow-render makes and later replaces the files of (a book folder
/// under `--library`, a `--tracks` folder), told from a user's own folder by
/// the marker file `LibraryFolder.marker` in it: written into only when it is
/// new, empty or marked. The one place both folders check and create it.
struct MarkedFolder {
    var path: String
    /// What the user chooses instead, in a refusal's advice (`"\(Setting.tracks) folder"`).
    var alternative: String

    /// Refuses, before any work, a folder that holds files but not the marker.
    func checkMarked() throws(OutputSafetyError) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        guard names.isEmpty || names.contains(LibraryFolder.marker) else {
            throw OutputSafetyError(.foreignFolder, file: path, reason: "exists and was not made by follow-render (no \(LibraryFolder.marker) in it); "
                + "move it away or choose another \(alternative)")
        }
    }

    /// Checks the folder with `check` (its own refusals, then `checkMarked`),
    /// creates it and writes the marker saying `note`; `what` names the folder
    /// in a failure to create it (`the tracks folder`).
    func create(_ what: String, note: String, check: () throws(OutputSafetyError) -> Void) throws(RenderError) {
        do {
            try check()
        } catch {
            throw RenderError(.outputFolder, file: error.file, error.reason, cause: error)
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw RenderError(.write, file: path, "cannot create \(what): \((error as NSError).localizedDescription)", cause: error)
        }
        try AtomicFile.write(Data(note.utf8), to: path + "/" + LibraryFolder.marker)
    }
}
