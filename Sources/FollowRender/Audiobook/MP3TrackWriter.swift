/// Writes the tracks of a `TrackPlan` from the chapters' MP3 streams, frame by
/// frame, re-encoding nothing, in one pass over the streams.
///
/// A track cut inside a stream starts with a frame whose main data begins in
/// the frames before it (LAME's bit reservoir), and whose first granule is
/// overlapped with the previous frame's last. So each track after the first
/// starts with the frames before its cut that those two frames need, as many
/// as the reservoir pointers ask, at least one, and its LAME info tag declares
/// them as encoder delay: a decoder decodes them and drops them, and the
/// track's first sample is the joined stream's sample at the cut. Its padding
/// is the decoder's own delay (529), so nothing is dropped at its end; the
/// last track keeps the last stream's padding. Played in order, the tracks are
/// the single file's audio. Streams without an info tag (below 56 kbps at
/// 22,050 Hz) are refused: a track could not declare its lead frames, and
/// the first frames after a cut, decoded without their reservoir, click.
struct MP3TrackWriter {
    /// A frame kept for the track after a cut: its bytes, its main data's size and where its main data begins.
    private struct Recent {
        var bytes: [UInt8]
        var mainSize: Int
        var mainDataBegin: Int
    }

    /// The samples a decoder delays its output by, on top of the encoder delay.
    static let decoderDelay = 529
    /// Frames kept for the next track's start: enough for the largest reservoir at the lowest bitrate.
    private static let kept = 64

    let streams: [MP3Stream]
    let plan: TrackPlan

    /// Writes track `n` of the plan to `paths[n]`, after its ID3 tag `tags[n]`.
    func write(to paths: [String], tags: [[UInt8]]) throws(RenderError) {
        guard let first = streams.first, let last = streams.last, !plan.tracks.isEmpty else { return }
        guard let template = first.infoFrame else {
            let setting = SettingError(.bitrate, "\(Setting.tracks) needs MP3 streams with an info tag (\(Setting.bitrate) 56 or more)")
            throw RenderError(.setting, file: first.path, setting.reason, cause: setting)
        }
        let spf = first.samplesPerFrame
        var recent: [Recent] = []
        var number = -1
        var file: OutputFile?
        var info = MP3InfoTag(template: template, frames: 0)
        var delay = 0
        var frame = 0
        /// Closes the open track, its info tag written with `padding`.
        func close(padding: Int) throws(RenderError) {
            guard let open = file else { return }
            try open.overwrite(info.bytes(delay: delay, padding: padding)[...], at: tags[number].count)
            try open.close()
            file = nil
        }
        for stream in streams {
            try MP3Join.forEachFrame(of: stream) { bytes throws(RenderError) in
                let current = Self.recent(bytes)
                if number + 1 < plan.tracks.count, plan.tracks[number + 1].firstFrame == frame {
                    try close(padding: Self.decoderDelay)
                    number += 1
                    let track = plan.tracks[number]
                    let lead = number == 0 ? 0 : Self.leadFrames(before: current, recent: recent, samplesPerFrame: spf)
                    let output = try OutputFile(path: paths[number])
                    try output.write(tags[number][...])
                    try output.write(template[...])
                    info = MP3InfoTag(template: template, frames: lead + track.endFrame - track.firstFrame)
                    delay = number == 0 ? first.delay : lead * spf - Self.decoderDelay
                    for kept in recent.suffix(lead) {
                        info.add(kept.bytes[...])
                        try output.write(kept.bytes[...])
                    }
                    file = output
                }
                if let file {
                    info.add(bytes)
                    try file.write(bytes)
                }
                recent.append(current)
                if recent.count > Self.kept { recent.removeFirst() }
                frame += 1
            }
        }
        try close(padding: last.padding)
    }

    /// The frames before `current` that it and the frame before it need: their main data's start, and one for the overlap.
    private static func leadFrames(before current: Recent, recent: [Recent], samplesPerFrame: Int) -> Int {
        /// How many frames before position `end` of `recent` hold `bytes` of main data.
        func frames(holding bytes: Int, before end: Int) -> Int {
            var count = 0
            var held = 0
            while held < bytes, end - count > 0 {
                count += 1
                held += recent[end - count].mainSize
            }
            return count
        }
        var lead = frames(holding: current.mainDataBegin, before: recent.count)
        if let previous = recent.last {
            lead = max(lead, 1 + frames(holding: previous.mainDataBegin, before: recent.count - 1))
        }
        // The decoder's own delay is dropped within the lead frames.
        while lead * samplesPerFrame < decoderDelay, lead < recent.count { lead += 1 }
        return min(lead, recent.count)
    }

    /// A frame's main data size and begin pointer, from its header and side information.
    private static func recent(_ bytes: ArraySlice<UInt8>) -> Recent {
        let start = bytes.startIndex
        guard let header = MP3Stream.header(bytes[start], bytes[start + 1], bytes[start + 2], bytes[start + 3]) else {
            return Recent(bytes: Array(bytes), mainSize: 0, mainDataBegin: 0)
        }
        let mpeg1 = (bytes[start + 1] >> 3) & 0x03 == 0x03
        let side = start + 4 + (bytes[start + 1] & 0x01 == 0 ? 2 : 0)
        let begin = side + 1 < bytes.endIndex
            ? (mpeg1 ? Int(bytes[side]) << 1 | Int(bytes[side + 1] >> 7) : Int(bytes[side])) : 0
        return Recent(bytes: Array(bytes), mainSize: max(0, header.length - 4 - header.sideInfo), mainDataBegin: begin)
    }
}
