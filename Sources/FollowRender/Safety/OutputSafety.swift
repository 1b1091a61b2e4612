import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Refuses, before any work starts, every output path that would destroy
/// something the user did not ask to replace: an input (named directly,
/// through `..`, a symbolic link or a hard link; compared by device and
/// inode), a path inside an input folder, or an existing file in the output
/// folder that an earlier follow-render run did not write.
public struct OutputSafety: Sendable {
    /// One input as the file system knows it.
    private struct Input: Sendable {
        var path: String
        var resolved: String
        var identity: FileIdentity?
        var isFolder: Bool
    }

    private let inputs: [Input]

    /// Records the identity of every input path (the book, and any file it reads besides).
    public init(inputs: [String]) {
        self.inputs = inputs.map { path in
            let resolved = Self.resolve(path)
            let identity = FileIdentity(path: resolved)
            return Input(path: path, resolved: resolved, identity: identity, isFolder: identity?.isFolder ?? false)
        }
    }

    /// Checks a file the user named to be written or replaced (`--epub PATH`):
    /// it must be a regular file or nothing, not an input, and not inside an input folder.
    public func checkFile(_ path: String, option: String) throws(OutputSafetyError) {
        let resolved = Self.resolve(path)
        if let identity = FileIdentity(path: resolved) {
            if identity.isFolder { throw OutputSafetyError(.notAFile, file: path, reason: "\(option) names a folder, not a file") }
            if let input = inputs.first(where: { $0.identity == identity }) {
                throw OutputSafetyError(.input, file: path, reason: "\(option) would overwrite the input \(TerminalText.quoted(input.path))")
            }
            if !identity.isRegular {
                throw OutputSafetyError(.notAFile, file: path, reason: "\(option) names \(identity.kind), not a regular file: not replaced")
            }
        }
        try checkOutside(resolved, path: path, option: option)
    }

    /// Checks an output folder (`--out DIR`, `--library DIR`): it must be a
    /// folder or nothing, not an input, and not inside an input folder.
    public func checkFolder(_ path: String, option: String) throws(OutputSafetyError) {
        let resolved = Self.resolve(path)
        if let identity = FileIdentity(path: resolved) {
            if let input = inputs.first(where: { $0.identity == identity }) {
                let what = input.isFolder ? "is the input folder" : "is the input"
                throw OutputSafetyError(.input, file: path, reason: "\(option) \(what) \(TerminalText.quoted(input.path))")
            }
            if !identity.isFolder { throw OutputSafetyError(.notAFolder, file: path, reason: "\(option) names \(identity.kind), not a folder") }
        }
        try checkOutside(resolved, path: path, option: option)
    }

    /// Checks that no two outputs are the same file (`outputs` as the user or
    /// the render names them, with what writes each), and that none is an
    /// input: `--audiobook` naming one of the render's own chapter files, or
    /// `--epub` naming `book.json`, would have one output replace another.
    public func checkDistinct(_ outputs: [(path: String, what: String)]) throws(OutputSafetyError) {
        var seen: [String: String] = [:]
        for output in outputs {
            let resolved = Self.resolve(output.path)
            if let earlier = seen[resolved] {
                throw OutputSafetyError(.collision, file: output.path, reason: "\(output.what) would be the same file as \(earlier)")
            }
            seen[resolved] = output.what
            if let identity = FileIdentity(path: resolved), let input = inputs.first(where: { $0.identity == identity }) {
                throw OutputSafetyError(.input, file: output.path, reason: "\(output.what) would overwrite the input \(TerminalText.quoted(input.path))")
            }
        }
    }

    /// Checks the files a render will write into `folder` (names relative to
    /// it): none may be an input, and an existing one may be replaced only
    /// when it belongs to the follow-render render recorded in the folder's
    /// `book.json` (`replaceable` holds the names of that render's files).
    public func checkContents(of folder: String, names: [String], replaceable: (String) -> Bool) throws(OutputSafetyError) {
        for name in names {
            let path = folder + "/" + name
            guard let identity = FileIdentity(path: Self.resolve(path)) else { continue }
            if let input = inputs.first(where: { $0.identity == identity }) {
                throw OutputSafetyError(.input, file: path, reason: "the render would overwrite the input \(TerminalText.quoted(input.path))")
            }
            if !identity.isFolder, !identity.isRegular {
                throw OutputSafetyError(.notAFile, file: path, reason: "is \(identity.kind), not a regular file: not replaced")
            }
            if identity.isFolder || !replaceable(name) {
                throw OutputSafetyError(.notOurs, file: path, reason: "exists and was not written by follow-render; "
                    + "move it away or choose another output folder")
            }
        }
    }

    private func checkOutside(_ resolved: String, path: String, option: String) throws(OutputSafetyError) {
        for input in inputs where input.isFolder && resolved.hasPrefix(input.resolved + "/") {
            throw OutputSafetyError(.insideInput, file: path, reason: "\(option) lies inside the input folder \(TerminalText.quoted(input.path))")
        }
    }

    /// The absolute path with every symbolic link and `..` resolved, also for
    /// a path that does not exist yet (its nearest existing ancestor is
    /// resolved and the rest appended, `..` applied lexically).
    static func resolve(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var existing = absolute
        var rest: [String] = []
        while true {
            if let real = realpath(existing, nil) {
                defer { free(real) }
                var parts = String(cString: real).split(separator: "/").map(String.init)
                for part in rest.reversed() {
                    switch part {
                    case "", ".": continue
                    case "..": if !parts.isEmpty { parts.removeLast() }
                    default: parts.append(part)
                    }
                }
                return "/" + parts.joined(separator: "/")
            }
            guard let slash = existing.lastIndex(of: "/"), existing != "/" else { return absolute }
            rest.append(String(existing[existing.index(after: slash)...]))
            existing = slash == existing.startIndex ? "/" : String(existing[..<slash])
        }
    }
}

/// A file's identity: the device and inode `stat` reports (symbolic links
/// followed), the same for every hard link of the file.
struct FileIdentity: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
    var mode: mode_t

    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        mode = info.st_mode & S_IFMT
    }

    var isFolder: Bool { mode == S_IFDIR }
    var isRegular: Bool { mode == S_IFREG }
    /// `a FIFO`, `a folder` … for messages.
    var kind: FileKind { FileKind(mode: mode) }
}

/// An output path refused because writing it could destroy a user's file.
public struct OutputSafetyError: CausedError, Hashable, Sendable {
    /// Why, for callers and tests to tell apart.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The output is an input (the book, a lexicon, the cover), by any path.
        case input
        /// The output lies inside an input folder (an unpacked book).
        case insideInput
        /// An existing file that no follow-render run wrote.
        case notOurs
        /// A FIFO, device, socket or folder where a file is to be written.
        case notAFile
        /// A file where a folder is to be written (`--library` naming a file).
        case notAFolder
        /// Two outputs of one render are the same file.
        case collision
        /// A library book folder that follow-render did not make (no marker).
        case foreignFolder
    }

    public var kind: Kind
    /// The output path as the user gave it.
    public var file: String
    /// One line saying why.
    public var reason: String

    public init(_ kind: Kind, file: String, reason: String) {
        self.kind = kind
        self.file = file
        self.reason = reason
    }

    /// A refusal is a decision on paths already looked at: no error lies below it.
    public var cause: (any Error)? { nil }

    public var description: String { "\(TerminalText.escaped(file)): \(reason)" }
}
