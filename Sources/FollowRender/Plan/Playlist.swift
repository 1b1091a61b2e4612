/// The `book.m3u8` playlist: the chapters' audio files in reading order.
enum Playlist {
    static func m3u8(_ manifest: BookManifest) -> String {
        var lines = ["#EXTM3U", "#PLAYLIST:\(manifest.title)"]
        for chapter in manifest.chapters {
            guard let audio = chapter.audio else { continue }
            lines.append("#EXTINF:\(chapter.duration.milliseconds / 1000),\(chapter.title)")
            lines.append(audio)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
