#!/usr/bin/python3
"""Walks an M4B's boxes (`AudiobookGaplessTests.boxes`): iTunSMPB (through
mutagen), the sound track's edit list, the movie time scale, the top-level box
order, and the sound track's sample table: its number of AAC frames (`stsz`
entries), the largest, how many `stsc` places in chunks, and whether all
tracks' chunks tile the media data (`mdat`) without gaps or overlaps.

Usage: mp4-boxes.py FILE.m4b
Prints one JSON object.
"""
import json, struct, sys
from mutagen.mp4 import MP4
data = open(sys.argv[1], 'rb').read()
out, tracks, media = {'order': []}, [], None
tag = MP4(sys.argv[1]).tags.get('----:com.apple.iTunes:iTunSMPB')
out['iTunSMPB'] = bytes(tag[0]).decode() if tag else None
def walk(start, end, depth):
    global media
    while start + 8 <= end:
        size, kind = struct.unpack('>I4s', data[start:start + 8])
        kind = kind.decode('latin1')
        if depth == 0: out['order'].append(kind)
        body = data[start + 8:start + size]
        if kind == 'mdat': media = (start + 8, start + size)
        if kind == 'mvhd': out['movieScale'] = struct.unpack('>I', body[12:16])[0]
        if kind == 'trak': tracks.append({})
        if kind == 'hdlr': tracks[-1]['sound'] = body[8:12] == b'soun'
        if kind == 'elst': tracks[-1]['edit'] = struct.unpack('>II', body[8:16])
        if kind == 'stsz':
            fixed, count = struct.unpack('>II', body[4:12])
            tracks[-1]['sizes'] = [fixed] * count if fixed else list(struct.unpack('>%dI' % count, body[12:12 + 4 * count]))
        if kind == 'stsc': tracks[-1]['runs'] = [struct.unpack('>III', body[8 + 12 * i:20 + 12 * i]) for i in range(struct.unpack('>I', body[4:8])[0])]
        if kind == 'stco': tracks[-1]['chunks'] = list(struct.unpack('>%dI' % struct.unpack('>I', body[4:8])[0], body[8:]))
        if kind in ('moov', 'trak', 'mdia', 'minf', 'stbl', 'edts'): walk(start + 8, start + size, depth + 1)
        start += size
walk(0, len(data), 0)
spans = []
for track in tracks:
    runs, sizes, frame = track['runs'], track['sizes'], 0
    for number, offset in enumerate(track['chunks'], 1):
        count = [run[1] for run in runs if run[0] <= number][-1]
        spans.append((offset, offset + sum(sizes[frame:frame + count])))
        frame += count
    track['placed'] = frame
spans.sort()
out['tiled'] = spans[0][0] == media[0] and spans[-1][1] == media[1] and all(a[1] == b[0] for a, b in zip(spans, spans[1:]))
sound = [track for track in tracks if track.get('sound')][0]
out['editLength'], out['editStart'] = sound['edit']
out['frames'], out['placed'], out['largest'] = len(sound['sizes']), sound['placed'], max(sound['sizes'])
print(json.dumps(out))
