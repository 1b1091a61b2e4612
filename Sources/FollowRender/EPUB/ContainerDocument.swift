/// `META-INF/container.xml`: where the package document is.
enum ContainerDocument {
    static let path = "META-INF/container.xml"
    private static let packageMediaType = "application/oebps-package+xml"

    /// The container path of the package document: the first rootfile of
    /// `container.xml`, else (with a warning) the book's only `.opf` file.
    static func packagePath(in container: Container, warnings: inout [BookWarning]) throws(BookError) -> String {
        let problem: String
        if container.contains(path) {
            do {
                let document = try container.xml(at: path)
                let rootfiles = document.root?.descendants { $0.name == "rootfile" } ?? []
                let preferred = rootfiles.first { $0.attribute("media-type") == packageMediaType } ?? rootfiles.first
                if let fullPath = preferred?.attribute("full-path") {
                    if container.contains(fullPath) { return fullPath }
                    problem = "\(path): rootfile \(fullPath) is not in the book"
                } else {
                    problem = "\(path): names no rootfile"
                }
            } catch {
                problem = "\(error)"
            }
        } else {
            problem = "\(path): missing"
        }
        let candidates = container.paths.filter { $0.lowercased().hasSuffix(".opf") }
        guard candidates.count == 1, let found = candidates.first else {
            let count = candidates.isEmpty ? "no" : "\(candidates.count)"
            throw BookError(.notAnEPUB, "\(problem), and the book has \(count) .opf files to choose from")
        }
        warnings.append(BookWarning("\(problem); using the only package document, \(found)"))
        return found
    }
}
