import CPoppler
import Foundation

/// A PDF opened with poppler-glib. Owns the `PopplerDocument` and releases it
/// in `deinit`; callers get values: document info, the outline, and each
/// page's text with one box per character (poppler's text layout).
final class PDFDocument {
    private let document: OpaquePointer

    init(data: Data) throws(BookError) {
        var error: UnsafeMutablePointer<GError>?
        let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        guard let document = poppler_document_new_from_bytes(bytes, nil, &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if let error { g_error_free(error) }
            throw BookError(.corrupt, "cannot be read as PDF: \(message)")
        }
        self.document = document
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(document)) }

    var pageCount: Int { Int(poppler_document_get_n_pages(document)) }

    var title: String? { Self.take(poppler_document_get_title(document)) }
    var author: String? { Self.take(poppler_document_get_author(document)) }

    /// Page `index` (0-based): size, text and character boxes.
    func page(_ index: Int) -> PDFPage? {
        guard let page = poppler_document_get_page(document, Int32(index)) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(page)) }
        var width = 0.0
        var height = 0.0
        poppler_page_get_size(page, &width, &height)
        let text = Self.take(poppler_page_get_text(page)) ?? ""
        var rectangles: UnsafeMutablePointer<PopplerRectangle>?
        var count: guint = 0
        var boxes: [PDFPage.Box] = []
        if poppler_page_get_text_layout(page, &rectangles, &count) != 0, let rectangles {
            boxes = (0..<Int(count)).map { PDFPage.Box(x1: rectangles[$0].x1, y1: rectangles[$0].y1,
                                                         x2: rectangles[$0].x2, y2: rectangles[$0].y2) }
            g_free(rectangles)
        }
        return PDFPage(index: index, width: width, height: height, text: text, boxes: boxes, fontSizes: fontSizes(page))
    }

    /// Font size of each character of the page text (same indexing as the boxes).
    private func fontSizes(_ page: OpaquePointer) -> [Double] {
        guard let list = poppler_page_get_text_attributes(page) else { return [] }
        defer { poppler_page_free_text_attributes(list) }
        var sizes: [Double] = []
        var node: UnsafeMutablePointer<GList>? = list
        while let current = node {
            if let attributes = current.pointee.data?.assumingMemoryBound(to: PopplerTextAttributes.self).pointee,
               attributes.start_index >= 0, attributes.end_index >= attributes.start_index, attributes.end_index < 10_000_000 {
                let end = Int(attributes.end_index)
                if sizes.count <= end { sizes += Array(repeating: 0, count: end + 1 - sizes.count) }
                for index in Int(attributes.start_index)...end { sizes[index] = attributes.font_size }
            }
            node = current.pointee.next
        }
        return sizes
    }

    /// The outline (bookmarks), nested; empty when the PDF has none.
    var outline: [PDFOutlineEntry] {
        guard let iterator = poppler_index_iter_new(document) else { return [] }
        defer { poppler_index_iter_free(iterator) }
        return entries(iterator, depth: 0)
    }

    private func entries(_ iterator: OpaquePointer, depth: Int) -> [PDFOutlineEntry] {
        var result: [PDFOutlineEntry] = []
        repeat {
            if let action = poppler_index_iter_get_action(iterator) {
                defer { poppler_action_free(action) }
                if action.pointee.type == POPPLER_ACTION_GOTO_DEST, let title = action.pointee.goto_dest.title,
                   let target = destination(action.pointee.goto_dest.dest) {
                    var entry = PDFOutlineEntry(title: String(cString: title), page: target.page, top: target.top,
                                                left: target.left, children: [])
                    if depth < 8, let child = poppler_index_iter_get_child(iterator) {
                        entry.children = entries(child, depth: depth + 1)
                        poppler_index_iter_free(child)
                    }
                    result.append(entry)
                }
            }
        } while poppler_index_iter_next(iterator) != 0
        return result
    }

    /// A destination's 0-based page and, when it sets them, its top and left in PDF user space.
    private func destination(_ dest: UnsafeMutablePointer<PopplerDest>?) -> (page: Int, top: Double?, left: Double?)? {
        guard var dest else { return nil }
        var found: UnsafeMutablePointer<PopplerDest>?
        if dest.pointee.type == POPPLER_DEST_NAMED, let name = dest.pointee.named_dest {
            found = poppler_document_find_dest(document, name)
            guard let found else { return nil }
            dest = found
        }
        defer { if let found { poppler_dest_free(found) } }
        guard dest.pointee.page_num >= 1 else { return nil }
        return (Int(dest.pointee.page_num) - 1, dest.pointee.change_top != 0 ? dest.pointee.top : nil,
                dest.pointee.change_left != 0 ? dest.pointee.left : nil)
    }

    /// A GLib string as Swift, freed; nil when NULL or empty.
    private static func take(_ pointer: UnsafeMutablePointer<gchar>?) -> String? {
        guard let pointer else { return nil }
        defer { g_free(pointer) }
        let text = String(cString: pointer).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}

/// One page's text as poppler extracts it, with a box per character
/// (top-left origin, points); `boxes` is empty when the layout is unavailable.
struct PDFPage: Hashable, Sendable {
    struct Box: Hashable, Sendable {
        var x1, y1, x2, y2: Double
    }

    var index: Int
    var width: Double
    var height: Double
    var text: String
    var boxes: [Box]
    /// Font size per character, where poppler reports it.
    var fontSizes: [Double]
}

/// A bookmark: title, 0-based page, and where on the page it points (PDF user space, origin bottom-left).
struct PDFOutlineEntry: Hashable, Sendable {
    var title: String
    var page: Int
    var top: Double?
    var left: Double?
    var children: [PDFOutlineEntry]
}
