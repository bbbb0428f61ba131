"""`companion scan IMAGE... --deck DECKFILE [--json]` and `companion watch SOURCE --deck DECKFILE`.

scan: for each photo, the cards of the print it shows (code, payload, mark
corners, zone), the QR codes that are no card of this print ("unknown"), other
prints' cards ("other_print") and the time taken. watch: reads a camera,
stream, video file or image folder and prints each stable table change as it
happens. Composition root for vision + tracker; errors become CompanionError.
"""

from __future__ import annotations

import json
import sys

from companion.cards.payloads import load_print
from companion.errors import CompanionError


def add_parser(sub) -> None:
    p = sub.add_parser("scan", help="read the cards in photos of the table")
    p.add_argument("images", nargs="+", metavar="IMAGE", help="photos of the table (PNG, JPEG, WebP, …)")
    p.add_argument("--deck", required=True, metavar="DECKFILE", help="the print's deck file (companion cards export --deck)")
    p.add_argument("--json", action="store_true", help="one JSON object per image")
    p.add_argument("--lens", metavar="FILE", help="the camera's lens file (companion calibrate)")
    p.set_defaults(run=run_scan)
    w = sub.add_parser("watch", help="watch the table and print stable changes as they happen")
    w.add_argument("source", metavar="SOURCE", help="camera index, stream URL, video file or image folder")
    w.add_argument("--deck", required=True, metavar="DECKFILE", help="the print's deck file (companion cards export --deck)")
    w.add_argument("--json", action="store_true", help="one JSON object per change")
    w.add_argument("--max-frames", type=int, default=None, help="stop after this many frames")
    w.add_argument("--fps", type=float, default=None, help="frame times for folders/videos (default: wall clock)")
    w.add_argument("--lens", metavar="FILE", help="the camera's lens file (companion calibrate)")
    add_wait_option(w)
    w.set_defaults(run=run_watch)


def add_wait_option(parser) -> None:
    """Add --wait: how long a camera or stream may take to send its first picture before the command says it sends none."""
    from companion.vision.sources import NO_PICTURE_S

    parser.add_argument("--wait", type=float, default=NO_PICTURE_S, metavar="SECONDS",
                        help=f"seconds to wait for a camera's or stream's first picture before giving up (default {NO_PICTURE_S:g})")


def wait_option(args) -> float:
    """Return the --wait seconds, or say in a sentence why they cannot be used."""
    if not args.wait > 0:
        raise CompanionError(f"--wait must be more than 0 seconds, got {args.wait:g}")
    return args.wait


def load_lens_option(path):
    """Return the Lens named by a --lens option, or None without one. Raises CompanionError for a bad file."""
    if not path:
        return None
    from companion.vision.lens import load_lens

    return load_lens(path)


def run_scan(args) -> int:
    from companion.table.layouts import layout_for
    from companion.vision.pipeline import Pipeline
    from companion.vision.sources import read_image

    deck = load_print(args.deck)
    lens = load_lens_option(args.lens)
    status = 0
    with Pipeline(deck, layout=layout_for(deck.game), track=False, lens=lens) as pipeline:
        for path in args.images:
            try:
                image = read_image(path)
            except CompanionError as error:
                status = 1
                if args.json:
                    print(json.dumps({"image": path, "error": {"message": error.message}}, ensure_ascii=False))
                else:
                    print(f"companion: {error}", file=sys.stderr)
                continue
            r = pipeline.process(image)
            body = {"image": path, "cards": [c.to_json() for c in r.cards], "unknown": list(r.unknown),
                    "other_print": list(r.other_print), "ms": round(r.ms, 1)}
            if args.json:
                print(json.dumps(body, ensure_ascii=False))
            else:
                print(f"{path}: {len(r.cards)} card(s) in {r.ms:.0f} ms"
                      + ("" if r.geometry else " (table markers not found: no zones)"))
                for c in r.cards:
                    print(f"  {c.code:20} {c.zone or '-'}")
                for u in r.unknown:
                    print(f"  unknown QR code {u!r} (not a card of this deck)")
                if r.other_print:  # one line, not one per card: the fix is the same for all of them
                    n = len(r.other_print)
                    print(f"  {n} {'card here is' if n == 1 else 'cards here are'} from another print: "
                          "pass its deck file with --deck")
    return status


def run_watch(args) -> int:
    from companion.table.layouts import layout_for
    from companion.tracker.fusion import Appeared, Fusion, Moved, TableSnapshot, Vanished
    from companion.vision.pipeline import Pipeline
    from companion.vision.sources import frames, open_source

    wait_s = wait_option(args)
    deck = load_print(args.deck)
    lens = load_lens_option(args.lens)
    source = open_source(args.source)
    fusion = Fusion()
    n = 0
    try:
        with Pipeline(deck, layout=layout_for(deck.game), track=True, lens=lens) as pipeline:
            for note in pipeline.notes:
                print(f"companion: {note}", file=sys.stderr)
            for frame in frames(source, wait_s=wait_s, say=lambda text: print(f"companion: {text}", file=sys.stderr, flush=True)):
                t = frame.index / args.fps if args.fps else frame.time
                for event in fusion.feed(pipeline.process(frame.image), t):
                    _print_event(event, args.json, Appeared, Moved, Vanished, TableSnapshot)
                n += 1
                if args.max_frames is not None and n >= args.max_frames:
                    break
    finally:
        source.close()
    return 0


def _print_event(event, as_json, Appeared, Moved, Vanished, TableSnapshot) -> None:
    if isinstance(event, TableSnapshot):
        body = {"event": "snapshot", "time": round(event.time, 3), "cards": dict(event.cards), "settled": event.settled}
        text = f"{event.time:8.2f}  settled: {len(event.cards)} card(s) on the table"
    else:
        kind = {Appeared: "appeared", Moved: "moved", Vanished: "vanished"}[type(event)]
        body = {"event": kind, "time": round(event.time, 3), "code": event.code, "zone": event.zone}
        if isinstance(event, Moved):
            body["from_zone"] = event.from_zone
        text = f"{event.time:8.2f}  {kind:9} {event.code:20} {event.zone or '-'}"
        if isinstance(event, Moved):
            text += f" (from {event.from_zone})"
    print(json.dumps(body, ensure_ascii=False) if as_json else text, flush=True)
