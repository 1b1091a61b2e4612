/// Where the new files go in the book and which manifest ids they get: beside
/// the package document, never over a file or an id the book already has.
struct OverlayLayout {
    private var takenPaths: Set<String>
    private var takenIDs: Set<String>
    let folder: String
    /// The stylesheet with the highlight rule, linked from every wrapped document.
    private(set) var stylesheetPath = ""

    init(source: OverlaySource) {
        takenPaths = Set(source.archive.paths.filter { !source.oldOverlays.contains($0) }.map { $0.lowercased() })
        takenIDs = source.package.ids
        folder = source.packageFolder
        stylesheetPath = path("fr-media-overlay.css")
    }

    /// A free container path for `name` (relative to the package folder), with `-2`, `-3` … before the extension when taken.
    mutating func path(_ name: String) -> String {
        let dot = name.lastIndex(of: ".") ?? name.endIndex
        return FreeName.claim({ number in
            folder + (number.map { name[..<dot] + "-\($0)" + name[dot...] } ?? name)
        }, taken: &takenPaths, key: { $0.lowercased() })
    }

    /// A free manifest id, `base` or `base-2`, `base-3` ….
    mutating func id(_ base: String) -> String {
        FreeName.claim({ number in number.map { "\(base)-\($0)" } ?? base }, taken: &takenIDs)
    }
}
