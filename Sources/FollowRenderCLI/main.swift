import FollowRender
import Foundation

/// Every sub-command; the default (no command word) renders a book.
let commands: [any Command.Type] = [
    RenderCommand.self,
    PreviewCommand.self,
    InspectCommand.self,
    CastCommand.self,
    SegmentCommand.self,
    VoicesCommand.self,
    PresetsCommand.self,
    LocateCommand.self,
    DiffCommand.self,
    WebCommand.self,
    CalibrateCommand.self,
    BatchCommand.self,
    RenderChapterCommand.self,
]

exit(CommandLine.run(commands: commands))
