/// Every sub-command, in the order the command list shows them; the default
/// (no command word) renders a book. The internal ones (`render-chapter`,
/// `generate-docs`) are left out of help, completions and the man page.
enum CommandList {
    static var all: [any Command.Type] {
        [
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
            GenerateDocsCommand.self,
        ]
    }

    /// The commands users see.
    static var visible: [any Command.Type] { all.filter { !$0.isInternal } }

    /// The options of the whole tool, given instead of a command.
    static let toolOptions: [CLIOption] = [.help, .version]
}
