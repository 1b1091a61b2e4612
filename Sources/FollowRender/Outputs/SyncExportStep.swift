/// `--sync`: writes the WebVTT, SRT and Guided Navigation exports beside each
/// sidecar of the rendered folder.
public struct SyncExportStep: OutputStep {
    public var formats: [SyncFormat]

    public init(_ formats: [SyncFormat]) { self.formats = formats }

    public func write(_ context: RenderOutputContext) throws {
        do {
            try SyncExporter(formats: formats, guided: context.guidedNavigation).write(context.renderedBook())
        } catch {
            throw ReportedError.of(error, for: context.folder, otherwise: .export)
        }
    }
}
