/// Names from the book (titles, authors, chapter titles) made safe: for file
/// and folder names on every common file system (ext4, APFS, NTFS, FAT32,
/// SMB shares), and readable as chapter titles in players.
public enum SafeName {
    /// A file or folder name: no path separators or characters Windows
    /// forbids, no control characters, no leading dots (hidden, `..`), no
    /// trailing dots or spaces, not a reserved DOS device name, at most 120
    /// UTF-8 bytes (cut at a character boundary); `fallback` when nothing but
    /// dots, spaces and replaced characters is left.
    public static func file(_ text: String, fallback: String) -> String {
        let forbidden: Set<Character> = ["/", "\\", ":", "*", "?", "\"", "<", ">", "|"]
        var name = ""
        for character in collapsed(text) {
            let replaced = forbidden.contains(character) ? "_" : character
            guard name.utf8.count + String(replaced).utf8.count <= 120 else { break }
            name.append(replaced)
        }
        while let first = name.first, first == "." || first == " " { name.removeFirst() }
        while let last = name.last, last == "." || last == " " { name.removeLast() }
        guard name.contains(where: { $0 != "_" && $0 != "." && $0 != " " }) else { return fallback }
        let stem = name.split(separator: ".").first.map { $0.uppercased() } ?? ""
        let devices = Set(["CON", "PRN", "AUX", "NUL"] + (1...9).flatMap { ["COM\($0)", "LPT\($0)"] })
        return devices.contains(stem) ? "_" + name : name
    }

    /// A chapter title for tags: control characters dropped, whitespace
    /// collapsed, at most 200 characters (ending in `…` when cut); `fallback` when empty.
    public static func title(_ text: String, fallback: String) -> String {
        let clean = collapsed(text)
        guard !clean.isEmpty else { return fallback }
        return clean.count <= 200 ? clean : String(clean.prefix(199)) + "…"
    }

    /// `text` without control characters, its whitespace runs turned into single spaces.
    private static func collapsed(_ text: String) -> String {
        let scalars = text.unicodeScalars.map { scalar -> Character in
            scalar.properties.generalCategory == .control || scalar.properties.isWhitespace ? " " : Character(scalar)
        }
        return String(scalars).split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
}
