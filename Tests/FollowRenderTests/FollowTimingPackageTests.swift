import Foundation
import Testing

/// What `swift package describe --type json` says about one target.
private struct DescribedTarget: Decodable {
    var name: String
    var type: String
    var moduleType: String
    var targetDependencies: [String]?
    var productDependencies: [String]?

    enum CodingKeys: String, CodingKey {
        case name, type
        case moduleType = "module_type"
        case targetDependencies = "target_dependencies"
        case productDependencies = "product_dependencies"
    }
}

private struct DescribedPackage: Decodable {
    struct Product: Decodable {
        var name: String
        var targets: [String]
    }

    var products: [Product]
    var targets: [DescribedTarget]
}

@Suite("FollowTiming, the library for apps, stands on Foundation alone")
struct FollowTimingPackageTests {
    @Test("the FollowTiming product's dependency closure holds only Swift targets: no system library, no C target, no outside package")
    func closure() throws {
        let scratch = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let run = try CommandRun.run("/usr/bin/env", ["swift", "package", "--package-path", TestPaths.packageRoot.path,
                                                      "--scratch-path", scratch, "describe", "--type", "json"])
        try #require(run.status == 0, "swift package describe failed: \(run.stderr)")
        let package = try JSONDecoder().decode(DescribedPackage.self, from: run.output)
        let product = try #require(package.products.first { $0.name == "FollowTiming" })
        let targets = Dictionary(package.targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var closure: [String] = [], pending = product.targets
        while let name = pending.popLast() {
            guard !closure.contains(name) else { continue }
            closure.append(name)
            pending += try #require(targets[name], "\(name) is not described").targetDependencies ?? []
        }
        #expect(closure == ["FollowTiming"])
        for name in closure {
            let target = try #require(targets[name])
            #expect(target.moduleType == "SwiftTarget" && target.type == "library", "\(name): \(target.moduleType), \(target.type)")
            #expect(target.productDependencies ?? [] == [], "\(name) depends on another package's products")
        }
        #expect(targets["FollowRender"]?.targetDependencies?.contains("FollowTiming") == true)
    }

    @Test("an app's package that depends on the FollowTiming product builds FollowTiming alone, and reads the golden render with it")
    func consumerPackage() throws {
        let scratch = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let consumer = TestPaths.fixtures.appendingPathComponent("timing-consumer").path
        let build = try CommandRun.run("/usr/bin/env", ["swift", "build", "--package-path", consumer, "--scratch-path", scratch])
        try #require(build.status == 0, "the consumer package did not build: \(build.stderr)\(build.stdout)")
        let compiled = Set(build.stdout.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "] Compiling ") else { return nil }
            return line[range.upperBound...].split(separator: " ").first.map(String.init)
        })
        #expect(compiled == ["FollowTiming", "TimingConsumer"], "compiled modules: \(compiled.sorted())")
        let run = try CommandRun.run(scratch + "/debug/TimingConsumer", [TestPaths.fixtures.appendingPathComponent("golden").path])
        #expect(run.status == 0 && run.stdout == "the t=2.883\n", "\(run.stdout)\(run.stderr)")
    }

    @Test("FollowTiming's sources import Foundation and nothing else")
    func imports() throws {
        let root = TestPaths.packageRoot.appendingPathComponent("Sources/FollowTiming")
        let files = try #require(FileManager.default.enumerator(atPath: root.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        #expect(files.count > 20)
        for file in files {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            let imports = text.split(separator: "\n").filter { $0.hasPrefix("import ") || $0.contains("canImport") || $0.contains("@_exported") }
            #expect(imports.allSatisfy { $0 == "import Foundation" }, "\(file): \(imports)")
        }
    }
}
