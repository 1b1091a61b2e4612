import CLibXML2

/// Checks a parsed document's entities: external ones are refused, and what
/// references to internal ones expand to is bounded ("billion laughs" and
/// quadratic blow-ups are refused, never expanded).
///
/// libxml2 neither loads nor substitutes entities here, but reading a node's
/// content or an attribute expands references; this bounds that in advance.
enum XMLEntityGuard {
    /// Most characters all entity references of one document may expand to.
    static let maximumExpansion = 1_000_000

    static func check(_ document: xmlDocPtr, path: String) throws(BookError) {
        try checkDeclarations(document, path: path)
        var counter = ExpansionCounter()
        if counter.expansion(of: xmlDocGetRootElement(document), inEntity: false) > maximumExpansion {
            throw tooLarge(path: path)
        }
    }

    /// Refuses a document that declares an external entity.
    static func checkDeclarations(_ document: xmlDocPtr, path: String) throws(BookError) {
        var node = document.pointee.intSubset?.pointee.children
        while let current = node {
            if current.pointee.type == XML_ENTITY_DECL {
                let entity = UnsafeMutableRawPointer(current).assumingMemoryBound(to: xmlEntity.self)
                switch entity.pointee.etype {
                case XML_EXTERNAL_GENERAL_PARSED_ENTITY, XML_EXTERNAL_GENERAL_UNPARSED_ENTITY, XML_EXTERNAL_PARAMETER_ENTITY:
                    let name = entity.pointee.name.map { String(cString: $0) } ?? ""
                    throw BookError(.unsafe, file: path, "declares the external entity '\(name)', which is not allowed")
                default:
                    break
                }
            }
            node = current.pointee.next
        }
    }

    /// The refusal of a document whose references expand too far.
    static func tooLarge(path: String) -> BookError {
        BookError(.unsafe, file: path, "entity references expand to more than \(maximumExpansion) characters (billion laughs?)")
    }
}

/// Measures the expanded length of entity references, each entity measured once.
/// `XMLStream` keeps one for a whole document and adds each node as it passes.
struct ExpansionCounter {
    private static let cap = XMLEntityGuard.maximumExpansion + 1
    private var entityLengths: [UnsafeMutableRawPointer: Int] = [:]

    /// The expansion in a sibling list (capped just past the limit); text counts
    /// only inside an entity's replacement.
    mutating func expansion(of first: xmlNodePtr?, inEntity: Bool) -> Int {
        var sum = 0
        var node = first
        while let current = node, sum < Self.cap {
            switch current.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if inEntity { sum += Int(xmlStrlen(current.pointee.content)) }
            case XML_ENTITY_REF_NODE:
                if let entity = current.pointee.children { sum += length(ofEntity: UnsafeMutableRawPointer(entity)) }
            case XML_ELEMENT_NODE:
                var attribute = current.pointee.properties
                while let property = attribute, sum < Self.cap {
                    sum += expansion(of: property.pointee.children, inEntity: inEntity)
                    attribute = property.pointee.next
                }
                sum += expansion(of: current.pointee.children, inEntity: inEntity)
            default:
                break
            }
            sum = min(sum, Self.cap)
            node = current.pointee.next
        }
        return sum
    }

    /// The expansion of one node as a stream passes it: an element's attributes
    /// (its children pass on their own), an entity reference's replacement.
    mutating func expansion(ofStreamed node: xmlNodePtr) -> Int {
        switch node.pointee.type {
        case XML_ENTITY_REF_NODE:
            return node.pointee.children.map { length(ofEntity: UnsafeMutableRawPointer($0)) } ?? 0
        case XML_ELEMENT_NODE:
            var sum = 0
            var attribute = node.pointee.properties
            while let property = attribute, sum < Self.cap {
                sum += expansion(of: property.pointee.children, inEntity: false)
                attribute = property.pointee.next
            }
            return min(sum, Self.cap)
        default:
            return 0
        }
    }

    /// The expanded length of one entity, measured on its parsed replacement.
    private mutating func length(ofEntity entity: UnsafeMutableRawPointer) -> Int {
        if let known = entityLengths[entity] { return known }
        entityLengths[entity] = Self.cap
        let length = expansion(of: entity.assumingMemoryBound(to: xmlEntity.self).pointee.children, inEntity: true)
        entityLengths[entity] = length
        return length
    }
}
