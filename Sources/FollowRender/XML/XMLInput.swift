import CLibXML2
import Foundation

/// What `XMLDocument` and `XMLStream` both do before libxml2 sees a document:
/// the same parse options and the same checks of the bytes, so the tree and
/// the stream read every book alike.
enum XMLInput {
    /// No network, libxml2's own error and warning printing off, CDATA as text.
    static let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
        | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOCDATA.rawValue)

    /// `data` with HTML named references made numeric, refused when empty or
    /// beyond the sizes libxml2 counts in `Int32`; `path` names it in errors.
    static func prepared(_ data: Data, path: String) throws(BookError) -> Data {
        guard !data.isEmpty else { throw BookError(.malformed, file: path, "document is empty") }
        guard data.count < Int32.max / 2 else { throw BookError(.malformed, file: path, "document is too large") }
        return HTMLEntities.numericReferences(in: data)
    }
}
