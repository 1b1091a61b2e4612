import Foundation
import Synchronization

/// Renders shared by every test and suite that needs the same book with the
/// same options (issue 25: the suite's time is the CPU of what it runs): the
/// first caller renders into a temporary folder, every later caller with the
/// same book, arguments and audiobook name gets that folder, waiting while it
/// is being rendered. A shared folder is read-only for its users; a test that
/// damages, resumes or removes its render makes its own with `RenderedFolder.render`.
enum SharedRender {
    /// One render: nil until its first caller has rendered it.
    private final class Slot: Sendable {
        let result = Mutex<Result<RenderedFolder, any Error>?>(nil)
    }

    private static let slots = Mutex<[[String]: Slot]>([:])

    /// `book` rendered with `arguments` (and `--audiobook` to that file name in the folder), once per process.
    static func render(_ book: String, _ arguments: [String], audiobook: String? = nil) throws -> RenderedFolder {
        let key = [book, audiobook ?? ""] + arguments
        let slot = slots.withLock { slots in
            if let slot = slots[key] { return slot }
            let slot = Slot()
            slots[key] = slot
            return slot
        }
        return try slot.result.withLock { result in
            if result == nil {
                let name = "shared-" + URL(fileURLWithPath: book).deletingPathExtension().lastPathComponent
                result = Result { try RenderedFolder.render(book, arguments, audiobook: audiobook, name: name) }
            }
            return result!
        }.get()
    }
}
