import FollowRender

/// The options of text, Markdown and PDF books (`InputOptions`, declared in
/// `CLIOption.inputOptions`), shared by render, batch, preview, inspect,
/// segment, cast and web.
enum InputArguments {
    static func parse(_ arguments: inout Arguments) throws(UsageError) -> InputOptions {
        InputOptions(
            encoding: try arguments.value(.encoding), splitOn: try arguments.value(.splitOn),
            pagesPerChapter: try arguments.integer(.pagesPerChapter),
            readCode: arguments.flag(.readCode), language: try arguments.value(.language),
            cover: try arguments.value(.cover)
        )
    }
}
