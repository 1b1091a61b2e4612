import FollowRender
import Foundation

/// Every sub-command; the default (no command word) renders a book.
let commands: [any Command.Type] = [
    VoicesCommand.self,
    PresetsCommand.self,
    CalibrateCommand.self,
]

exit(CommandLine.run(commands: commands))
