/// An EPUB publication as narration needs it: metadata, manifest, reading order and TOC.
///
/// Every `href` here is a container path (resolved against the package
/// document, percent-decoded, without fragment), usable with `EPUBArchive.data(at:)`.
public struct Book: Hashable, Sendable {
    public var metadata: BookMetadata
    /// Container path of the package document, e.g. `OEBPS/content.opf`.
    public var packagePath: String
    public var manifest: [ManifestItem]
    /// The reading order, `linear="no"` items included.
    public var spine: [SpineItem]
    /// Table of contents from the EPUB 3 nav, else the EPUB 2 NCX; nested.
    public var toc: [TOCEntry]
    /// Container path of the navigation document or NCX the TOC was read from; nil without one.
    public var tocDocument: String?
    /// The EPUB 3 landmarks, else the EPUB 2 guide, in order.
    public var landmarks: [Landmark]

    public init(metadata: BookMetadata, packagePath: String, manifest: [ManifestItem], spine: [SpineItem], toc: [TOCEntry],
                tocDocument: String? = nil, landmarks: [Landmark] = []) {
        self.tocDocument = tocDocument
        self.metadata = metadata
        self.packagePath = packagePath
        self.manifest = manifest
        self.spine = spine
        self.toc = toc
        self.landmarks = landmarks
    }
}

/// Descriptive metadata from the package document.
public struct BookMetadata: Hashable, Sendable {
    /// How pages are laid out (`rendition:layout`).
    public enum Layout: String, Hashable, Sendable, Codable {
        case reflowable
        case prePaginated = "pre-paginated"
    }

    public var title: String
    public var creators: [String]
    /// Primary `dc:language`, e.g. `en`; `und` when the book names none.
    public var language: String
    public var identifier: String
    /// The package `version` attribute, e.g. `3.0` or `2.0`.
    public var version: String
    /// Container path of the cover image, when the book declares one.
    public var coverPath: String?
    public var layout: Layout
    /// `dc:description`, `dc:date` and `dc:publisher`, when present (for audiobook tags).
    public var description: String?
    public var date: String?
    public var publisher: String?

    public init(title: String, creators: [String], language: String, identifier: String, version: String, coverPath: String?, layout: Layout,
                description: String? = nil, date: String? = nil, publisher: String? = nil) {
        self.description = description
        self.date = date
        self.publisher = publisher
        self.title = title
        self.creators = creators
        self.language = language
        self.identifier = identifier
        self.version = version
        self.coverPath = coverPath
        self.layout = layout
    }
}

/// A manifest entry.
public struct ManifestItem: Hashable, Sendable {
    public var id: String
    /// Container path of the resource.
    public var path: String
    public var mediaType: String
    /// Space-separated `properties`, split (`nav`, `cover-image`, `scripted` …).
    public var properties: [String]
    /// The `media-overlay` idref, if the book already has one.
    public var mediaOverlay: String?

    public init(id: String, path: String, mediaType: String, properties: [String], mediaOverlay: String?) {
        self.id = id
        self.path = path
        self.mediaType = mediaType
        self.properties = properties
        self.mediaOverlay = mediaOverlay
    }
}

/// One entry of the reading order.
public struct SpineItem: Hashable, Sendable {
    /// 1-based position in the spine, as shown to users and used in file names.
    public var index: Int
    public var idref: String
    /// Container path of the content document.
    public var path: String
    public var mediaType: String
    public var linear: Bool
    /// Whether this document is the EPUB 3 navigation document.
    public var isNavigation: Bool
    /// Title of the first TOC entry pointing into this document, if any.
    public var tocTitle: String?
    /// For a book built from another format, where this chapter is in the
    /// input file (`notes.md#chapter-2`): the `href` of its sidecars.
    public var sourceHref: String?

    public init(index: Int, idref: String, path: String, mediaType: String, linear: Bool, isNavigation: Bool, tocTitle: String?) {
        self.index = index
        self.idref = idref
        self.path = path
        self.mediaType = mediaType
        self.linear = linear
        self.isNavigation = isNavigation
        self.tocTitle = tocTitle
    }
}

/// A table-of-contents entry.
public struct TOCEntry: Hashable, Sendable {
    public var title: String
    /// Container path of the target document.
    public var path: String
    /// The fragment identifier after `#`, if any.
    public var fragment: String?
    public var children: [TOCEntry]

    public init(title: String, path: String, fragment: String?, children: [TOCEntry]) {
        self.title = title
        self.path = path
        self.fragment = fragment
        self.children = children
    }
}
