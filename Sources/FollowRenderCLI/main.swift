import FollowRender
import Foundation

/// Every sub-command; the default (no command word) renders a book.
let commands: [any Command.Type] = [
    InspectCommand.self,
    SegmentCommand.self,
    RenderCommand.self,
    RenderChapterCommand.self,
    LocateCommand.self,
    DiffCommand.self,
]

exit(CommandLine.run(commands: commands))
