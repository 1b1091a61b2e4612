#!/usr/bin/python3
"""Reads an audiobook's chapters and tags with mutagen (`AudiobookProbe.mutagen`):
for an M4B/M4A the `chpl` chapters, tag keys, `stik` and cover size; for an MP3
the ID3 CHAP frames in CTOC order (nested CTOCs followed), the CTOC tree, the
tag keys, the APIC cover size and the ID3 version.

Usage: mutagen-probe.py FILE
Prints one JSON object.
"""
import json, sys
path = sys.argv[1]
out = {}
if path.endswith(('.m4b', '.m4a')):
    from mutagen.mp4 import MP4
    f = MP4(path)
    out['chapters'] = [[c.start, c.title] for c in (f.chapters or [])]
    out['keys'] = sorted(f.tags.keys())
    out['stik'] = f.tags.get('stik', [0])[0]
    out['cover'] = len(f.tags.get('covr', [b''])[0])
else:
    from mutagen.id3 import ID3
    f = ID3(path)
    chaps = {c.element_id: c for c in f.getall('CHAP')}
    tocs = {t.element_id: t for t in f.getall('CTOC')}
    out['tocs'] = {k: list(t.child_element_ids) for k, t in tocs.items()}
    top = [t for t in tocs.values() if t.flags & 2]  # CTOC top-level flag
    def walk(ids):
        for i in ids:
            if i in tocs: yield from walk(tocs[i].child_element_ids)
            elif i in chaps: yield chaps[i]
    order = list(walk(top[0].child_element_ids)) if top else []
    out['chapters'] = [[c.start_time / 1000, str(c.sub_frames.get('TIT2', ''))] for c in order]
    out['keys'] = sorted({k.split(':')[0] for k in f.keys()})
    out['cover'] = sum(len(p.data) for p in f.getall('APIC'))
    out['version'] = list(f.version)
print(json.dumps(out))
