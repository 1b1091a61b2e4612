import Foundation

/// A folder for `dpkg --root` that starts with this machine's dpkg database
/// (status, file lists, diversions, overrides) but none of its files: dpkg then
/// checks Depends, Conflicts and file ownership against what is installed
/// here, where the installed binary finds its libraries, and the package's
/// own files are all that land in the folder.
enum DpkgScratchRoot {
    static func create(_ root: String) throws {
        let fileManager = FileManager.default
        let admin = root + "/var/lib/dpkg"
        for sub in ["info", "updates", "triggers"] {
            try fileManager.createDirectory(atPath: admin + "/" + sub, withIntermediateDirectories: true)
        }
        for name in ["status", "diversions", "statoverride"] where fileManager.fileExists(atPath: "/var/lib/dpkg/" + name) {
            try fileManager.copyItem(atPath: "/var/lib/dpkg/" + name, toPath: admin + "/" + name)
        }
        _ = fileManager.createFile(atPath: admin + "/available", contents: nil)
        for name in try fileManager.contentsOfDirectory(atPath: "/var/lib/dpkg/info") where name.hasSuffix(".list") {
            try fileManager.copyItem(atPath: "/var/lib/dpkg/info/" + name, toPath: admin + "/info/" + name)
        }
    }

    /// `follow-render`'s status and version in the scratch root's database.
    static func status(_ root: String) throws -> String {
        let run = try CommandRun.run("/usr/bin/dpkg-query", ["--admindir=" + root + "/var/lib/dpkg", "--show",
                                                             "--showformat=${Status} ${Version}", "follow-render"])
        return run.stdout
    }
}
