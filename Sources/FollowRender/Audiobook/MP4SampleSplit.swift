/// The sound track's sample table rebuilt frame by frame, for an MP4 whose
/// muxer was handed the AAC frames in groups (`MP4SampleGrouper`). FFmpeg's
/// table lists one sample per group; AAC in MP4 needs one sample per frame
/// (one access unit each), so these edits of `MP4MovieRewriter` replace:
/// - `stsz`: every frame's size, streamed from the grouper's table;
/// - `stts`: the frames' durations (1,024 samples but the last);
/// - `stsc`: frames per chunk, from FFmpeg's groups per chunk (the chunks and
///   their offsets stay: a chunk holds whole groups, and a group its frames in order);
/// - `sbgp` (the pre-roll sample group): its runs counted in frames.
enum MP4SampleSplit {
    typealias Edit = MP4MovieRewriter.Edit

    /// The edits that split `movie`'s sound track samples into `grouper`'s frames.
    static func edits(of movie: MP4Box, grouper: MP4SampleGrouper, path: String) throws(RenderError) -> [Int: Edit] {
        guard let table = soundTable(in: movie) else {
            throw RenderError(.audio, file: path, "the MP4 muxer wrote no sound track sample table")
        }
        guard let sizes = table.child("stsz"), let chunks = table.child("stsc"), let times = table.child("stts"),
              let offsets = table.child("stco") ?? table.child("co64") else {
            throw RenderError(.audio, file: path, "the MP4 muxer wrote an incomplete sample table")
        }
        let groups = sizes.number(at: 16, width: 4)
        let expected = (grouper.frames + Int64(grouper.groupSize) - 1) / Int64(grouper.groupSize)
        guard groups == expected else {
            throw RenderError(.audio, file: path, "the MP4 muxer stored \(groups) samples for \(expected) groups of frames")
        }
        var edits: [Int: Edit] = [:]
        edits[times.start] = box("stts", body: entries(grouper.durations.map { [$0.count, $0.delta] }))
        edits[chunks.start] = box("stsc", body: entries(chunkRuns(chunks, chunkCount: offsets.number(at: 12, width: 4), grouper: grouper)))
        let frameSizes = [0, 0, UInt32(truncatingIfNeeded: grouper.frames)].flatMap(MP4Box.bigEndian)
        let size = Int64(8 + frameSizes.count) + 4 * grouper.frames
        edits[sizes.start] = .replace(size: size) { (output: inout MP4BoxWriter) throws(RenderError) in
            try output.append(number: UInt32(size))
            try output.append(Array("stsz".utf8)[...])
            try output.append(frameSizes[...])
            try grouper.copySizes(to: &output)
        }
        for roll in table.children.boxes where roll.type == "sbgp" {
            edits[roll.start] = splitRuns(roll, grouper: grouper)
        }
        return edits
    }

    /// `moov/trak/mdia/minf/stbl` of the first track whose handler is `soun`.
    private static func soundTable(in movie: MP4Box) -> MP4Box? {
        for track in movie.children.boxes where track.type == "trak" {
            guard let media = track.child("mdia"), let handler = media.child("hdlr"),
                  handler.bytes.count >= 20, handler.number(at: 16, width: 4) == 0x736F_756E else { continue }
            return media.child("minf")?.child("stbl")
        }
        return nil
    }

    /// `stsc` runs (first chunk, frames per chunk, sample description) from
    /// FFmpeg's runs of groups per chunk.
    private static func chunkRuns(_ stsc: MP4Box, chunkCount: Int64, grouper: MP4SampleGrouper) -> [[UInt32]] {
        let count = Int(stsc.number(at: 12, width: 4))
        let runs = (0..<count).map { run in (0..<3).map { stsc.number(at: 16 + run * 12 + $0 * 4, width: 4) } }
        var result: [[UInt32]] = []
        var group: Int64 = 0
        for (number, run) in runs.enumerated() {
            let last = number + 1 < runs.count ? runs[number + 1][0] - 1 : chunkCount
            guard run[0] >= 1, run[0] <= last else { continue }
            for chunk in run[0]...last {
                let frames = grouper.frames(inGroups: group..<group + run[1])
                group += run[1]
                let entry = [chunk, frames, run[2]].map { UInt32(truncatingIfNeeded: $0) }
                if let previous = result.last, previous[1] == entry[1], previous[2] == entry[2] { continue }
                result.append(entry)
            }
        }
        return result
    }

    /// A sample-to-group box (`sbgp`) with each run's length counted in frames instead of groups.
    private static func splitRuns(_ sbgp: MP4Box, grouper: MP4SampleGrouper) -> Edit {
        let countAt = sbgp.number(at: 8, width: 1) == 1 ? 20 : 16
        let count = Int(sbgp.number(at: countAt, width: 4))
        var runs: [[UInt32]] = []
        var group: Int64 = 0
        for run in 0..<count {
            let groups = sbgp.number(at: countAt + 4 + run * 8, width: 4)
            let index = UInt32(truncatingIfNeeded: sbgp.number(at: countAt + 8 + run * 8, width: 4))
            let frames = grouper.frames(inGroups: group..<group + groups)
            group += groups
            if let previous = runs.last, previous[1] == index {
                runs[runs.count - 1][0] += UInt32(truncatingIfNeeded: frames)
            } else {
                runs.append([UInt32(truncatingIfNeeded: frames), index])
            }
        }
        let head = Array(sbgp.bytes[(sbgp.start + 8)..<(sbgp.start + countAt)])
        return box("sbgp", body: head + ([UInt32(runs.count)] + runs.joined()).flatMap(MP4Box.bigEndian))
    }

    /// A full box's body (version 0, no flags): the entry count, then each entry's numbers.
    private static func entries(_ entries: [[UInt32]]) -> [UInt8] {
        ([0, UInt32(entries.count)] + entries.joined()).flatMap(MP4Box.bigEndian)
    }

    /// A box of `type` holding `body` (the version and flags included in `body`).
    private static func box(_ type: String, body: [UInt8]) -> Edit {
        let bytes = MP4Box.make(type, body)
        return .replace(size: Int64(bytes.count)) { (output: inout MP4BoxWriter) throws(RenderError) in
            try output.append(bytes[...])
        }
    }
}
