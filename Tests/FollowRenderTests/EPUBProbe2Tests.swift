import Foundation
import Testing
@testable import FollowRender

@Test("probe2") func probe2() throws {
    var lol = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n<!ENTITY lol0 \"lol\">\n"
    for i in 1...9 { lol += "<!ENTITY lol\(i) \"" + String(repeating: "&lol\(i-1);", count: 10) + "\">\n" }
    lol += "]>\n<lolz>&lol9;</lolz>\n"
    let cases: [(String, String)] = [
        ("lol", lol),
        ("xxe", "<?xml version=\"1.0\"?>\n<!DOCTYPE r [\n<!ENTITY xxe SYSTEM \"file:///etc/passwd\">\n]>\n<r>&xxe;</r>"),
        ("small", "<?xml version=\"1.0\"?>\n<!DOCTYPE r [\n<!ENTITY a \"hello\">\n]>\n<r>&a; world</r>"),
        ("deep300", String(repeating: "<a>", count: 300) + "x" + String(repeating: "</a>", count: 300)),
        ("deep250", String(repeating: "<a>", count: 250) + "x" + String(repeating: "</a>", count: 250)),
        ("deep100k", String(repeating: "<a>", count: 100000) + "x" + String(repeating: "</a>", count: 100000)),
        ("bad", "<a>\n<b>\n</a>"),
        ("dtd", "<?xml version=\"1.0\"?>\n<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.1//EN\" \"http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd\">\n<html>&nbsp;x&mdash;</html>"),
        ("pe", "<?xml version=\"1.0\"?>\n<!DOCTYPE r [\n<!ENTITY % p SYSTEM \"file:///etc/passwd\">\n%p;\n]>\n<r>x</r>"),
    ]
    for (name, text) in cases {
        let start = Date()
        do {
            let d = try XMLDocument(data: Data(text.utf8), path: "t.xml")
            print("\(name): OK \(Date().timeIntervalSince(start)) content=\(d.root!.content.prefix(60).debugDescription) count=\(d.root!.content.count)")
        } catch { print("\(name): ERR \(Date().timeIntervalSince(start)) \(error)") }
    }
}
@Test("probe3") func probe3() throws {
    let big = String(repeating: "x", count: 100_000)
    var quad = "<?xml version=\"1.0\"?>\n<!DOCTYPE r [\n<!ENTITY a \"\(big)\">\n]>\n<r>"
    quad += String(repeating: "&a;", count: 100_000) + "</r>"
    var lolattr = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n<!ENTITY lol0 \"lol\">\n"
    for i in 1...9 { lolattr += "<!ENTITY lol\(i) \"" + String(repeating: "&lol\(i-1);", count: 10) + "\">\n" }
    lolattr += "]>\n<lolz a=\"&lol9;\"/>\n"
    for (name, text) in [("quad", quad), ("lolattr", lolattr)] {
        let start = Date()
        do {
            let d = try XMLDocument(data: Data(text.utf8), path: "t.xml")
            print("\(name): OK \(Date().timeIntervalSince(start)) \(d.root!.name)")
        } catch { print("\(name): ERR \(Date().timeIntervalSince(start)) \(error)") }
    }
}
