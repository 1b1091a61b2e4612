import Foundation

/// Runs one chapter script in this process (a worker's job, `WorkerServer`):
/// speech into every encoder at once (the chapter's audio file and its part
/// of the single file, `AudioFanOut`), then the sidecar, each under its final
/// name when, and only when, done. A slice of a split chapter goes to
/// temporary streams, which the parent joins.
enum JobRunner {
    /// Renders `script`; `progress` gets the sentences done and the audio samples written.
    static func run(_ script: ChapterScript, synthesizer: any SpeechSynthesizer,
                    progress: (Int, Int) -> Void) throws -> ChapterResult {
        guard synthesizer.sampleRate == script.sampleRate else {
            throw RenderError(.speech, "eSpeak NG speaks at \(synthesizer.sampleRate) Hz in this worker, "
                                  + "the script was made for \(script.sampleRate) Hz")
        }
        let outputs = script.outputs
        guard outputs.audio != nil || outputs.part != nil else { throw RenderError(.worker, "the script asks for no audio") }
        let renderer = ChapterRenderer(synthesizer: synthesizer, script: script)
        var result = ChapterResult(
            index: script.chapter.index, href: script.chapter.href, title: script.chapter.title, audio: outputs.audio?.file,
            timing: outputs.timing, duration: Seconds(0), sentences: script.sentences.count, words: script.wordCount,
            sampleRate: script.sampleRate, unvoicedLanguages: [], slice: nil
        )
        let audioFile = outputs.audio?.file ?? outputs.singleFile ?? ""
        let pid = getpid()
        if let slice = script.slice {
            let stream = outputs.audio.map { ".\($0.file).slice-\(slice.index).partial-\(pid)" }
            let part = outputs.part.map { ".\($0.file).slice-\(slice.index).partial-\(pid)" }
            let writer = try writers(script, audio: stream.map { outputs.folder + "/" + $0 }, part: part.map { outputs.folder + "/" + $0 })
            let timing = try renderer.render(into: writer, audioFile: audioFile, progress: progress)
            result.slice = SliceResult(index: slice.index, count: slice.count, file: stream, part: part, timing: timing)
            return result
        }
        let names = [outputs.audio?.file, outputs.part?.file].map { $0.map { outputs.folder + "/" + $0 } }
        let temporary = names.map { $0.map(AtomicFile.temporaryPath) }
        let sidecar = outputs.folder + "/" + outputs.timing
        var wroteSidecar = false
        do {
            var timing = try renderer.render(into: try writers(script, audio: temporary[0], part: temporary[1]), audioFile: audioFile,
                                             progress: progress)
            if outputs.audio == nil { timing.audio.start = Seconds(0) }
            // The sidecar before the audio's final name, and the audio last: a chapter's audio is never under
            // its final name without its sidecar (a full disk leaves neither, and the rerun resumes).
            try SidecarFile.write(timing, to: sidecar)
            wroteSidecar = true
            for (from, to) in zip(temporary, names).reversed() {
                guard let from, let to else { continue }
                try AtomicFile.checkReplaceable(to)
                guard rename(from, to) == 0 else { throw RenderError(.write, file: to, "cannot write: \(String(cString: strerror(errno)))", cause: POSIXError.current) }
            }
            result.duration = timing.audio.duration
            return result
        } catch {
            for case let name? in temporary { unlink(name) }
            if wroteSidecar { unlink(sidecar) }
            throw error
        }
    }

    /// The writers of a job's streams, at these paths: the chapter's audio
    /// (`--format`; for a slice an MP3 stream with its own info tag, the
    /// first with the chapter's tags) and the single file's part; the first of them times the job.
    private static func writers(_ script: ChapterScript, audio: String?, part: String?) throws(RenderError) -> any AudioWriter {
        var writers: [any AudioWriter] = []
        if let path = audio, let output = script.outputs.audio {
            if let slice = script.slice {
                writers.append(try MP3Writer(path: path, sampleRate: script.sampleRate, bitrate: output.bitrate, tags: output.tags,
                                             id3Tag: slice.index == 0))
            } else {
                writers.append(try makeAudioWriter(format: output.format, path: path, sampleRate: script.sampleRate,
                                                   bitrate: output.bitrate, tags: output.tags))
            }
        }
        if let path = part, let output = script.outputs.part {
            switch output.codec {
            case .mp3:
                writers.append(try MP3Writer(path: path, sampleRate: script.sampleRate, bitrate: output.bitrate,
                                             tags: AudioTags(title: "", album: "", artist: ""), id3Tag: false))
            case .aac, .opus:
                writers.append(try PacketPartWriter(path: path, codec: output.codec, sampleRate: script.sampleRate,
                                                    leadingSilence: output.leadingSilence))
            }
        }
        return writers.count == 1 ? writers[0] : AudioFanOut(writers)
    }
}
