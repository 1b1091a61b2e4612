import CLibXML2
import Foundation

/// A parsed XML document, owning libxml2's tree and freeing it when released.
///
/// Parsing is locked down for untrusted books: no network, no DTD loading,
/// external entities refused, entity expansion bounded (`XMLEntityGuard`), and
/// libxml2's default limits (element nesting at most 256 deep). Errors name the
/// file and the line of the first fault.
final class XMLDocument {
    fileprivate let pointer: xmlDocPtr
    /// The container path the document was read from, for messages.
    let path: String
    /// The size of the source in bytes: about as much as the text it holds can take.
    let sourceSize: Int

    /// Parses `data`; `path` only names the document in errors.
    init(data: Data, path: String) throws(BookError) {
        self.path = path
        sourceSize = data.count
        let source = try XMLInput.prepared(data, path: path)
        guard let context = xmlNewParserCtxt() else {
            throw BookError(.malformed, file: path, "cannot allocate an XML parser")
        }
        defer { xmlFreeParserCtxt(context) }
        let firstError = XMLFirstError()
        context.pointee._private = Unmanaged.passUnretained(firstError).toOpaque()
        context.pointee.sax?.pointee.serror = { userData, error in
            guard let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue,
                  let box = userData?.assumingMemoryBound(to: xmlParserCtxt.self).pointee._private else { return }
            Unmanaged<XMLFirstError>.fromOpaque(box).takeUnretainedValue().record(error.pointee)
        }
        firstError.collectThreadErrors()
        defer { xmlSetStructuredErrorFunc(nil) { _, _ in } }
        let document: xmlDocPtr? = withExtendedLifetime(firstError) {
            source.withUnsafeBytes { bytes in
                let base = bytes.bindMemory(to: CChar.self).baseAddress
                return xmlCtxtReadMemory(context, base, Int32(bytes.count), path, nil, XMLInput.options)
            }
        }
        guard let document, context.pointee.wellFormed != 0 else {
            if let document { xmlFreeDoc(document) }
            let fallback = context.pointee.lastError
            let message = firstError.message ?? fallback.message.map { String(cString: $0) }?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? "malformed XML"
            throw BookError(
                .malformed, file: path,
                line: firstError.line ?? (fallback.line > 0 ? Int(fallback.line) : nil), message,
                cause: CLibraryError(library: "libxml2", code: Int(firstError.code ?? fallback.code), message: message)
            )
        }
        do {
            try XMLEntityGuard.check(document, path: path)
        } catch {
            xmlFreeDoc(document)
            throw error
        }
        pointer = document
    }

    deinit { xmlFreeDoc(pointer) }

    /// The document element.
    var root: XMLNode? {
        xmlDocGetRootElement(pointer).map { XMLNode(owner: self, pointer: $0) }
    }
}

/// A node of an `XMLDocument` (or of the subtree an `XMLStream` stands on),
/// valid while it keeps its owner alive.
struct XMLNode {
    /// The kinds of node narration cares about.
    enum Kind {
        case element
        case text
        case entityReference
        case other
    }

    /// The `XMLDocument` or `XMLStream` that frees the node.
    let owner: AnyObject
    let pointer: xmlNodePtr

    var kind: Kind {
        switch pointer.pointee.type {
        case XML_ELEMENT_NODE: .element
        case XML_TEXT_NODE, XML_CDATA_SECTION_NODE: .text
        case XML_ENTITY_REF_NODE: .entityReference
        default: .other
        }
    }

    /// Local name of an element, without prefix.
    var name: String { pointer.pointee.name.map { String(cString: $0) } ?? "" }

    /// Namespace URI of an element, if any.
    var namespace: String? { pointer.pointee.ns?.pointee.href.map { String(cString: $0) } }

    /// Source line, for messages.
    var line: Int { Int(xmlGetLineNo(pointer)) }

    /// The text of a text node; the concatenated descendant text of an element.
    var content: String {
        guard let text = xmlNodeGetContent(pointer) else { return "" }
        defer { fr_xml_free(text) }
        return String(cString: text)
    }

    /// An attribute by local name; `namespace` nil matches an attribute without one.
    func attribute(_ name: String, namespace: String? = nil) -> String? {
        let value: UnsafeMutablePointer<xmlChar>? = if let namespace {
            xmlGetNsProp(pointer, name, namespace)
        } else {
            xmlGetNoNsProp(pointer, name)
        }
        guard let value else { return nil }
        defer { fr_xml_free(value) }
        return String(cString: value)
    }

    /// Child nodes in order.
    var children: [XMLNode] {
        var result: [XMLNode] = []
        var child = pointer.pointee.children
        while let current = child {
            result.append(XMLNode(owner: owner, pointer: current))
            child = current.pointee.next
        }
        return result
    }

    /// Child elements in order.
    var elements: [XMLNode] { children.filter { $0.kind == .element } }

    /// Child elements with a given local name.
    func elements(named name: String) -> [XMLNode] { elements.filter { $0.name == name } }

    /// The first descendant element (depth first) satisfying `predicate`.
    func firstDescendant(where predicate: (XMLNode) -> Bool) -> XMLNode? {
        for child in elements {
            if predicate(child) { return child }
            if let found = child.firstDescendant(where: predicate) { return found }
        }
        return nil
    }

    /// All descendant elements (depth first) satisfying `predicate`.
    func descendants(where predicate: (XMLNode) -> Bool) -> [XMLNode] {
        var result: [XMLNode] = []
        for child in elements {
            if predicate(child) { result.append(child) }
            result += child.descendants(where: predicate)
        }
        return result
    }
}

private extension OpaquePointer {
    var asNode: xmlNodePtr { xmlNodePtr(self) }
}

/// The first error libxml2 reports while parsing (its `lastError` is the last,
/// usually a consequence of the first).
final class XMLFirstError {
    private(set) var message: String?
    private(set) var line: Int?
    /// libxml2's code for it (`xmlParserErrors`).
    private(set) var code: Int32?

    func record(_ error: xmlError) {
        guard message == nil else { return }
        message = error.message.map { String(cString: $0).split(whereSeparator: \.isNewline).joined(separator: " ") }
        line = error.line > 0 ? Int(error.line) : nil
        code = error.code
    }

    /// The malformed-XML error of `path` this fault makes, libxml2's code and text as its cause.
    func malformed(path: String) -> BookError {
        let text = message ?? "malformed XML"
        return BookError(.malformed, file: path, line: line, text,
                         cause: code.map { CLibraryError(library: "libxml2", code: Int($0), message: text) })
    }

    /// Sends the faults libxml2 raises on this thread outside a parser context
    /// (encoding conversion, I/O) to `self`; without a handler libxml2 prints
    /// them. The caller keeps `self` alive and removes the handler after parsing.
    func collectThreadErrors() {
        xmlSetStructuredErrorFunc(Unmanaged.passUnretained(self).toOpaque()) { box, error in
            guard let box, let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            Unmanaged<XMLFirstError>.fromOpaque(box).takeUnretainedValue().record(error.pointee)
        }
    }
}
