import Foundation

/// `META-INF/encryption.xml`: which resources are encrypted, and how.
struct EncryptionDocument {
    static let path = "META-INF/encryption.xml"

    /// Font obfuscation algorithms (IDPF and Adobe): they only scramble fonts,
    /// and a book using them is not DRM-protected.
    static let fontObfuscation: Set<String> = [
        "http://www.idpf.org/2008/embedding",
        "http://ns.adobe.com/pdf/enc#RC",
    ]

    /// Algorithm URI by container path.
    let algorithms: [String: String]

    init(data: Data) throws(BookError) {
        let document = try XMLDocument(data: data, path: Self.path)
        var algorithms: [String: String] = [:]
        let encrypted = document.root?.descendants { $0.name == "EncryptedData" } ?? []
        for item in encrypted {
            let algorithm = item.firstDescendant { $0.name == "EncryptionMethod" }?.attribute("Algorithm") ?? "unknown algorithm"
            guard let uri = item.firstDescendant(where: { $0.name == "CipherReference" })?.attribute("URI"),
                  let reference = try ContainerPath.resolve(uri, from: "", document: Self.path) else { continue }
            algorithms[reference.path] = algorithm
        }
        self.algorithms = algorithms
    }
}
