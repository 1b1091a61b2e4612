import Foundation
import Testing

/// Runs a program in a private mount namespace where the checkout (sources,
/// fixtures, `.build` with the build's resource bundles) and the Swift
/// toolchain's libraries are empty folders, so it can only use what the
/// package installed and the Debian libraries.
enum HiddenTree {
    /// The folders hidden: the checkout, and the toolchain's `lib/swift` (found from `swift` on `PATH`).
    static var hidden: [String] {
        var folders = [TestPaths.packageRoot.path]
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let swifts = path.split(separator: ":").map { String($0) + "/swift" }
        if let swift = swifts.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) {
            let lib = URL(fileURLWithPath: swift).resolvingSymlinksInPath()
                .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("lib/swift").path
            if FileManager.default.fileExists(atPath: lib) { folders.append(lib) }
        }
        return folders
    }

    /// Mounts an empty tmpfs on each hidden folder (exit 97 if one cannot be, 98 if it is not empty then), then runs `arguments`.
    static func run(_ arguments: [String], in directory: String) throws -> CommandRun {
        let script = """
            n=$1; shift; i=0
            while [ "$i" -lt "$n" ]; do
                mount -t tmpfs follow-render-hidden "$1" || exit 97
                [ -z "$(ls -A "$1")" ] || exit 98
                shift; i=$((i + 1))
            done
            exec "$@"
            """
        let folders = hidden
        let run = try CommandRun.run("/usr/bin/unshare", ["--mount", "--propagation", "private", "/bin/sh", "-c", script, "sh",
                                                         "\(folders.count)"] + folders + arguments, in: directory)
        try #require(run.status != 97 && run.status != 98, "could not hide \(folders) (needs root):\n\(run.stderr)")
        return run
    }
}
