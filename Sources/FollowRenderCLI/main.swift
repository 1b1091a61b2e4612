import Foundation

exit(CommandLine.run(commands: CommandList.all))
