import Foundation
import Testing
@testable import FollowRender

/// The package `scripts/package-deb.sh` makes from the release binary, made
/// once per test process into `.build/deb`, where the script puts it by default
/// (compressed with xz level 1 rather than 6: the same files, made faster).
private enum BuiltPackage {
    static let deb = Result { () throws -> String in
        try CommandRun.script("package-deb.sh", [TestPaths.packageRoot.appendingPathComponent(".build/deb").path],
                              environment: ["FOLLOW_RENDER_BINARY": try ReleaseBuild.binary(), "DEB_XZ_LEVEL": "1"])
    }

    /// A control field of the package, e.g. `Depends`.
    static func field(_ name: String) throws -> String {
        String(decoding: try CommandRun.checked("/usr/bin/dpkg-deb", ["--field", try deb.get(), name]), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The package names `Depends` allows (every alternative), without versions.
    static func dependencyNames() throws -> Set<String> {
        let alternatives = try field("Depends").split(separator: ",").flatMap { $0.split(separator: "|") }
        return Set(alternatives.map { String($0.split(separator: "(")[0]).trimmingCharacters(in: .whitespaces) })
    }
}

/// Debian's own tools on the package: lintian, dpkg with a scratch root, apt.
/// CI runs as root, which dpkg and the mount namespace the render runs in need.
@Suite("The Debian package")
struct DebPackageTests {
    @Test("the package puts the binary, its data, the man page and the completions where Debian keeps them, and lintian finds no error")
    func contentsAndLintian() throws {
        let deb = try BuiltPackage.deb.get()
        let architecture = try String(decoding: CommandRun.checked("/usr/bin/dpkg", ["--print-architecture"]), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(URL(fileURLWithPath: deb).lastPathComponent == "follow-render_\(FollowRenderVersion.current)_\(architecture).deb")
        #expect(try BuiltPackage.field("Version") == FollowRenderVersion.current)
        let listing = String(decoding: try CommandRun.checked("/usr/bin/dpkg-deb", ["--contents", deb]), as: UTF8.self)
        let paths = Set(listing.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) })
        let player = try FileManager.default.contentsOfDirectory(atPath: TestPaths.packageRoot
            .appendingPathComponent("Sources/FollowRender/Resources/player").path)
        let presets = ["speed-presets.json", "variant-speeds.json", "reference-passage.txt"]
        let expected = ["usr/bin/follow-render", "usr/share/man/man1/follow-render.1.gz",
                        "usr/share/bash-completion/completions/follow-render",
                        "usr/share/zsh/vendor-completions/_follow-render",
                        "usr/share/fish/vendor_completions.d/follow-render.fish",
                        "usr/share/doc/follow-render/copyright", "usr/share/doc/follow-render/changelog.gz"]
            + (player + presets).map { "usr/share/follow-render/" + $0 }
        for path in expected {
            #expect(paths.contains("./" + path), "\(path) missing from:\n\(listing)")
        }
        #expect(listing.split(separator: "\n").allSatisfy { $0.contains(" root/root ") }, "\(listing)")

        let lint = try CommandRun.run("/usr/bin/lintian", ["--fail-on", "error", "--tag-display-limit", "0", deb])
        let errors = lint.stdout.split(separator: "\n").filter { $0.hasPrefix("E:") }
        #expect(lint.status == 0 && errors.isEmpty, "lintian:\n\(lint.stdout)\(lint.stderr)")
    }

    @Test("Depends names the package of every library the binary loads and the data it opens, none of them Swift's, and apt would install it here with nothing more")
    func dependencies() throws {
        let deb = try BuiltPackage.deb.get()
        let unpacked = try TestPaths.temporaryFolder()
        defer { TestPaths.remove(unpacked) }
        try CommandRun.checked("/usr/bin/dpkg-deb", ["--extract", deb, unpacked])
        let binary = unpacked + "/usr/bin/follow-render"
        let dynamic = String(decoding: try CommandRun.checked("/usr/bin/readelf", ["--dynamic", "--wide", binary]), as: UTF8.self)
        let needed = dynamic.split(separator: "\n").filter { $0.contains("(NEEDED)") }
            .compactMap { $0.split(separator: "[").last?.split(separator: "]").first.map(String.init) }
        #expect(needed.contains("libespeak-ng.so.1") && needed.contains("libmp3lame.so.0"), "\(needed)")
        let swiftRuntime = needed.filter { name in
            ["libswift", "libFoundation", "lib_Foundation", "libdispatch", "libBlocksRuntime"].contains { name.hasPrefix($0) }
        }
        #expect(swiftRuntime.isEmpty, "the Swift runtime must be linked statically: \(swiftRuntime)")

        // Where the loader finds each library, then the Debian package that owns that file.
        let ldd = String(decoding: try CommandRun.checked("/usr/bin/ldd", [binary]), as: UTF8.self)
        var resolved: [String: String] = [:]
        for line in ldd.split(separator: "\n") {
            let parts = line.split(separator: " ")
            let first = parts.first?.trimmingCharacters(in: .whitespaces) ?? ""
            if parts.count >= 3, parts[1] == "=>" {
                resolved[first] = String(parts[2])
            } else if first.hasPrefix("/") {  // the loader itself: "/lib64/ld-linux-x86-64.so.2 (0x…)"
                resolved[URL(fileURLWithPath: first).lastPathComponent] = first
            }
        }
        #expect(!ldd.contains("not found"), "\(ldd)")
        // Debian 12 merged /lib into /usr/lib; dpkg knows each file by one of the two names.
        func names(_ path: String) -> [String] { [path, path.hasPrefix("/usr/") ? String(path.dropFirst(4)) : "/usr" + path] }
        let owners = try CommandRun.run("/usr/bin/dpkg-query", ["--search"] + needed.compactMap { resolved[$0] }.flatMap(names))
            .stdout.split(separator: "\n")
        let depends = try BuiltPackage.dependencyNames()
        for soname in needed {
            let path = try #require(resolved[soname], "\(soname) not resolved by ldd:\n\(ldd)")
            let owner = owners.first { line in names(path).contains { line.hasSuffix(": " + $0) } }
            let package = try #require(owner?.split(separator: ":").first.map(String.init), "no package owns \(path)")
            #expect(depends.contains(package), "\(soname) comes from \(package), not in Depends: \(depends.sorted())")
        }
        // The data the code opens by path: eSpeak NG's voices, the MeCab dictionary for Japanese.
        let mecab = try #require(JapaneseAnalyzer.dictionaries.first { FileManager.default.fileExists(atPath: $0 + "/sys.dic") })
        for folder in [try SpeechEngine.shared().dataFolder, mecab] {
            let owner = try CommandRun.run("/usr/bin/dpkg-query", ["--search", folder]).stdout
            let packages = owner.components(separatedBy: ": ").first.map { $0.split(separator: ",") }?
                .map { String($0.split(separator: ":")[0]).trimmingCharacters(in: .whitespaces) } ?? []
            #expect(packages.contains(where: depends.contains), "\(folder) belongs to \(owner), Depends: \(depends.sorted())")
        }

        let apt = try CommandRun.run("/usr/bin/apt-get", ["install", "--simulate", "-o", "Debug::NoLocking=1", deb])
        let installs = apt.stdout.split(separator: "\n").filter { $0.hasPrefix("Inst ") }
        #expect(apt.status == 0 && installs.count == 1 && installs[0].hasPrefix("Inst follow-render "),
                "apt-get --simulate:\n\(apt.stdout)\(apt.stderr)")
    }

    @Test("installed with dpkg into a scratch root that has this machine's dpkg database, it renders the sample book like the golden sidecars with the checkout and the Swift toolchain hidden (and fails without its installed data), and purging it leaves nothing")
    func installRenderPurge() throws {
        let deb = try BuiltPackage.deb.get()
        let folder = try TestPaths.temporaryFolder()
        defer { TestPaths.remove(folder) }
        let root = folder + "/root"
        try DpkgScratchRoot.create(root)
        let dpkg = try CommandRun.run("/usr/bin/dpkg", ["--root=" + root, "--install", deb])
        try #require(dpkg.status == 0, "dpkg --install:\n\(dpkg.stdout)\(dpkg.stderr)")
        #expect(try DpkgScratchRoot.status(root) == "install ok installed \(FollowRenderVersion.current)")
        let files = String(decoding: try CommandRun.checked("/usr/bin/dpkg-query", ["--admindir=" + root + "/var/lib/dpkg",
                                                                                    "--listfiles", "follow-render"]), as: UTF8.self)
            .split(separator: "\n").map(String.init).filter { $0 != "/." }
        #expect(files.contains("/usr/share/follow-render/player.css"))

        let installed = root + "/usr/bin/follow-render"
        let version = try HiddenTree.run([installed, "--version"], in: folder)
        #expect(version.status == 0 && version.stdout.hasPrefix("follow-render \(FollowRenderVersion.current)\n"),
                "\(version.stdout)\(version.stderr)")
        try FileManager.default.copyItem(atPath: TestPaths.sampleBook, toPath: folder + "/sample-book.epub")
        let out = folder + "/sample"
        let render = try HiddenTree.run([installed, folder + "/sample-book.epub", "--out", out, "--rate", "1x",
                                         "--jobs", "2", "--web", "--quiet"], in: folder)
        try #require(render.status == 0, "render with the installed binary:\n\(render.stderr)")
        let rendered = try RenderedFolder.load(out, run: render)
        #expect(rendered.manifest.engine.followRender == FollowRenderVersion.current)
        for chapter in rendered.manifest.chapters {
            #expect(FileManager.default.fileExists(atPath: rendered.file(chapter.audio)), "\(chapter.audio ?? "no audio")")
        }
        let css = TestPaths.packageRoot.appendingPathComponent("Sources/FollowRender/Resources/player/player.css").path
        #expect(FileManager.default.contents(atPath: out + "/player.css") == FileManager.default.contents(atPath: css))
        #expect(FileManager.default.fileExists(atPath: out + "/index.html"))
        #expect(try SchemaCheck.folderViolations(out) == [])
        let golden = TestPaths.fixtures.appendingPathComponent("golden").path
        let diff = try CommandRun.cli(["diff", golden, out, "--tolerance-ms", "0"])
        #expect(diff.status == 0 && diff.stdout.contains("Summary: equal within 0 ms; 2 chapters compared"),
                "\(diff.stdout)\(diff.stderr)")

        // Without its installed data the binary has nothing else to fall back on while the checkout is hidden.
        let data = root + "/usr/share/follow-render"
        try FileManager.default.moveItem(atPath: data, toPath: folder + "/data-moved")
        let bare = try HiddenTree.run([installed, folder + "/sample-book.epub", "--out", folder + "/bare", "--quiet"], in: folder)
        #expect(bare.status == 1 && bare.stderr.contains(data + "/"), "\(bare.stderr)")
        try FileManager.default.moveItem(atPath: folder + "/data-moved", toPath: data)

        let purge = try CommandRun.run("/usr/bin/dpkg", ["--root=" + root, "--purge", "follow-render"])
        #expect(purge.status == 0, "dpkg --purge:\n\(purge.stdout)\(purge.stderr)")
        #expect(try DpkgScratchRoot.status(root) != "install ok installed \(FollowRenderVersion.current)")
        let left = files.filter { FileManager.default.fileExists(atPath: root + $0) }
        #expect(left.isEmpty, "left after purge: \(left)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root) == ["var"])
    }
}
