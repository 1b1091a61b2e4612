import CLibXML2
import Foundation

/// A document read node by node with libxml2's `xmlTextReader`, so that a
/// long chapter never exists as one tree: the reader holds the open elements
/// and the subtree last expanded, and frees what it has moved past.
///
/// Parsing is locked down as for `XMLDocument` (the same options: no network,
/// no DTD loading; external entities refused and entity expansion bounded by
/// `XMLEntityGuard`, counted as the nodes pass), and a fault becomes the same
/// one-line `BookError` naming the file and the line of the first fault.
final class XMLStream {
    /// The node the stream has moved to.
    enum Event {
        /// An element's start tag; `isEmpty` when no end follows (`<br/>`).
        case start(XMLNode, isEmpty: Bool)
        case end
        /// A text or CDATA node (whitespace included), complete.
        case text(XMLNode)
        /// Anything else: comments, processing instructions, entity references.
        case other
    }

    /// The bytes libxml2 pulls through `xmlReaderForIO`: read in place, never copied whole.
    private final class Source {
        let data: Data
        var offset = 0
        init(_ data: Data) { self.data = data }
    }

    private let reader: OpaquePointer
    private let source: Source
    private let firstError = XMLFirstError()
    private var entities = ExpansionCounter()
    private var expansion = 0
    private var declarationsChecked = false
    /// The container path the document was read from, for messages.
    let path: String
    /// The size of the source in bytes: about as much as the text it holds can take.
    let sourceSize: Int

    /// Opens `data` for reading; `path` only names the document in errors.
    init(data: Data, path: String) throws(BookError) {
        self.path = path
        sourceSize = data.count
        source = Source(try XMLInput.prepared(data, path: path))
        let read: xmlInputReadCallback = { context, buffer, length in
            guard let context, let buffer, length > 0 else { return 0 }
            let source = Unmanaged<Source>.fromOpaque(context).takeUnretainedValue()
            let count = min(Int(length), source.data.count - source.offset)
            guard count > 0 else { return 0 }
            let start = source.data.startIndex + source.offset
            source.data.copyBytes(to: UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: UInt8.self),
                                  from: start..<(start + count))
            source.offset += count
            return Int32(count)
        }
        guard let reader = xmlReaderForIO(read, { _ in 0 }, Unmanaged.passUnretained(source).toOpaque(), path, nil, XMLInput.options) else {
            throw BookError(.malformed, file: path, "cannot allocate an XML reader")
        }
        self.reader = reader
        xmlTextReaderSetStructuredErrorHandler(reader, { box, error in
            guard let box, let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            Unmanaged<XMLFirstError>.fromOpaque(box).takeUnretainedValue().record(error.pointee)
        }, Unmanaged.passUnretained(firstError).toOpaque())
    }

    deinit { xmlFreeTextReader(reader) }

    /// Moves to the next node in document order, or with `skippingSubtree`
    /// past the current element's content; nil at the end of the document.
    func next(skippingSubtree: Bool = false) throws(BookError) -> Event? {
        firstError.collectThreadErrors()
        fr_xml_quiet(1)
        let status = skippingSubtree ? xmlTextReaderNext(reader) : xmlTextReaderRead(reader)
        fr_xml_quiet(0)
        xmlSetStructuredErrorFunc(nil) { _, _ in }
        guard status == 1 else {
            if status == 0 { return nil }
            throw firstError.malformed(path: path)
        }
        guard let node = xmlTextReaderCurrentNode(reader) else { return .other }
        try count(node)
        switch xmlTextReaderNodeType(reader) {
        case Int32(XML_READER_TYPE_ELEMENT.rawValue):
            return .start(XMLNode(owner: self, pointer: node), isEmpty: xmlTextReaderIsEmptyElement(reader) == 1)
        case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
            return .end
        default:
            let kind = node.pointee.type
            return kind == XML_TEXT_NODE || kind == XML_CDATA_SECTION_NODE ? .text(XMLNode(owner: self, pointer: node)) : .other
        }
    }

    /// The current element with its whole subtree, read now; valid until the
    /// stream moves on, which must then skip it (`next(skippingSubtree: true)`).
    func expand() throws(BookError) -> XMLNode {
        fr_xml_quiet(1)
        let expanded = xmlTextReaderExpand(reader)
        fr_xml_quiet(0)
        guard let node = expanded else {
            throw firstError.malformed(path: path)
        }
        expansion += entities.expansion(of: node.pointee.children, inEntity: false)
        if expansion > XMLEntityGuard.maximumExpansion { throw XMLEntityGuard.tooLarge(path: path) }
        return XMLNode(owner: self, pointer: node)
    }

    /// Adds what `node` makes entity references expand to, refusing the document
    /// past the bound; the entity declarations (the DTD, which comes before the
    /// root element) are checked once, when the root element starts.
    private func count(_ node: xmlNodePtr) throws(BookError) {
        if !declarationsChecked, node.pointee.type == XML_ELEMENT_NODE, let document = node.pointee.doc {
            declarationsChecked = true
            try XMLEntityGuard.checkDeclarations(document, path: path)
        }
        expansion += entities.expansion(ofStreamed: node)
        if expansion > XMLEntityGuard.maximumExpansion { throw XMLEntityGuard.tooLarge(path: path) }
    }
}
