import FollowRender

/// Opens the book named on the command line, printing its warnings, and turns
/// a refusal into a one-line failure naming the file.
func openBook(_ path: String, strict: Bool = false) throws -> EPUBArchive {
    let archive: EPUBArchive
    do {
        archive = try EPUBArchive(path: path)
    } catch {
        throw FileFailure(file: path, error: error)
    }
    for warning in archive.warnings { Console.warning(file: path, warning.message) }
    if strict, let first = archive.warnings.first {
        throw FileFailure(file: path, reason: "refused with --strict: \(first.message)")
    }
    return archive
}

/// The narrated chapters of a book, warning about each one that is skipped.
func readChapters(_ archive: EPUBArchive, path: String, options: NarrationOptions,
                  strict: Bool = false) throws -> (chapters: [Chapter], unreadable: [UnreadableChapter]) {
    let result = ChapterReader(archive: archive, options: options).read()
    for failure in result.unreadable { Console.warning(file: path, failure.warning.message) }
    if strict, let first = result.unreadable.first {
        throw FileFailure(file: path, reason: "refused with --strict: \(first.warning.message)")
    }
    guard !result.chapters.isEmpty else {
        let reason = result.unreadable.isEmpty
            ? "no narratable text: no spine document has text to read"
            : "no readable chapter: \(result.unreadable[0].warning.message)"
        throw FileFailure(file: path, reason: reason)
    }
    return result
}

/// Writes `value` to standard output as JSON.
func printJSON<T: Encodable>(_ value: T) throws {
    let data = try JSONCoding.data(value, pretty: true)
    print(String(decoding: data, as: UTF8.self), terminator: "")
}

/// `h:mm:ss` or `m:ss` for a duration in seconds.
func clock(_ seconds: Double) -> String {
    let total = Int(seconds.rounded())
    let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
    let tail = String(format: "%02d:%02d", minutes, rest)
    return hours > 0 ? "\(hours):\(tail)" : String(format: "%d:%02d", minutes, rest)
}
