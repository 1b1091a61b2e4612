import Foundation

/// Validates JSON files against the schemas in docs/ with Python's standard
/// `jsonschema` package (draft 2020-12), as a third-party reader would.
enum SchemaCheck {
    static let timingSchema = TestPaths.packageRoot.appendingPathComponent("docs/timing.schema.json").path
    static let bookSchema = TestPaths.packageRoot.appendingPathComponent("docs/book.schema.json").path

    /// `Tests/Checkers/schema-check.py`: `SCHEMA FILE...`, one line per violation, then `checked N`.
    private static let checker = TestPaths.checker("schema-check.py")

    /// One line per violation of `schema` in `files`; empty when all are valid.
    static func violations(schema: String, files: [String]) throws -> [String] {
        let run = try CommandRun.run("/usr/bin/python3", [checker, schema] + files)
        guard run.status == 0, run.stdout.hasSuffix("checked \(files.count)\n") else {
            throw DecodeError(message: "jsonschema failed (\(run.status)): \(run.stderr)")
        }
        return run.stdout.split(separator: "\n").dropLast().map(String.init)
    }

    /// Violations in a rendered folder: `book.json` and every sidecar in it
    /// (at least one unless `sidecarsRequired` is false).
    static func folderViolations(_ folder: String, sidecarsRequired: Bool = true) throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        let sidecars = names.filter { $0.hasSuffix(".timing.json") }.sorted().map { folder + "/" + $0 }
        if sidecars.isEmpty, sidecarsRequired { return ["\(folder): no timing sidecars"] }
        return try violations(schema: bookSchema, files: [folder + "/book.json"])
            + (sidecars.isEmpty ? [] : violations(schema: timingSchema, files: sidecars))
    }
}
