import FollowRender

/// `follow-render render-chapter`: the worker side of a render, started by the
/// renderer itself. Forwards to the library's `WorkerServer`.
enum RenderChapterCommand: Command {
    static let name = "render-chapter"
    static let summary = "(internal) Render chapters as a worker process"
    static let isInternal = true
    static let page = HelpPage(
        usage: ["follow-render render-chapter"],
        about: """
            Internal: the renderer starts such workers (eSpeak NG allows one synthesis
            per process) and sends each one chapter script after another, one line of
            JSON each, on standard input. Reports `started`, `progress`, `done` or
            `error`, and `ended` lines on standard output.
            """,
        sections: []
    )

    static func parse(_ arguments: inout Arguments) throws {
        if let extra = try arguments.positionals().first {
            throw UsageError("unexpected argument '\(extra)': chapter scripts come on standard input")
        }
    }

    static func run(_: Void) throws -> Int32 {
        WorkerServer.run()
    }
}
