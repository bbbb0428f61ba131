"""`companion camera-check SOURCE --deck FILE`: before the game, will this camera read the table?

Reads a few frames from a camera, phone stream, video or photo of the laid-out table (the
plates and a few cards), checks the last one (companion.vision.check) and prints what to
change in plain sentences, worst first; `--overlay` writes the picture with each zone
coloured by its px/module and glare marked, `--json` the figures. Exit status 0 when the
check ran (the advice says whether the setup will read), 1 for bad input.
The check uses the game's table layout (companion.table.layouts: its zones and plates over the
common frame), the game of the print unless --game names another.
Composition root for vision.check and the frame sources.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from companion.commands.outputs import output_file
from companion.commands.scan import add_wait_option, wait_option
from companion.errors import CompanionError


def add_parser(sub) -> None:
    p = sub.add_parser("camera-check", help="check that the camera setup will read the cards, and say what to change")
    p.add_argument("source", metavar="SOURCE", help="camera index (0), stream URL, video file or photo of the laid-out table")
    p.add_argument("--deck", required=True, metavar="DECKFILE", help="the print's deck file")
    p.add_argument("--game", help="whose table layout and plates to check for (default: the game of the print --deck names)")
    p.add_argument("--lens", metavar="FILE", help="the camera's lens file (companion calibrate)")
    p.add_argument("--frames", type=int, default=15,
                   help="frames to read from a camera or stream before checking (its exposure settles; default 15)")
    p.add_argument("--overlay", type=Path, help="write the annotated picture here (PNG or JPEG; its folder must exist)")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    add_wait_option(p)
    p.set_defaults(run=run_camera_check)


def run_camera_check(args) -> int:
    import cv2

    from companion.cards.payloads import load_print
    from companion.table.check_messages import word
    from companion.table.layouts import layout_for
    from companion.commands.scan import load_lens_option
    from companion.commands.mark_size import printable_for
    from companion.vision.check import check_setup, draw_overlay
    from companion.vision.sources import frames, open_source

    if args.frames < 1:
        raise CompanionError(f"--frames must be 1 or more, got {args.frames}")
    if args.overlay is not None and args.overlay.suffix.lower() not in (".png", ".jpg", ".jpeg"):
        raise CompanionError(f"--overlay must be a .png or .jpg file, got {str(args.overlay)!r}")
    if args.overlay is not None:
        output_file(args.overlay, "--overlay")
    wait_s = wait_option(args)
    deck = load_print(args.deck)
    layout = layout_for(args.game or deck.game)
    lens = load_lens_option(args.lens)
    source = open_source(args.source)
    last = None
    try:
        for n, frame in enumerate(frames(source, wait_s=wait_s), start=1):
            last = frame
            if n >= args.frames:
                break
    except KeyboardInterrupt:
        pass
    finally:
        source.close()
    if last is None:
        raise CompanionError(f"no frame came from {args.source!r}")
    report = check_setup(last.image, deck, layout=layout, lens=lens, module_sizes=printable_for(deck))
    if args.overlay is not None:
        ok, data = cv2.imencode(args.overlay.suffix.lower(), draw_overlay(last.image, report))
        try:
            args.overlay.write_bytes(data.tobytes())
        except OSError as exc:
            raise CompanionError(f"cannot write {str(args.overlay)!r}: {exc.strerror}") from None
    advice = [word(said, "en") for said in report.advice]
    if args.json:
        # "advice" stays English sentences; "said" carries the ids and figures for wording elsewhere.
        print(json.dumps({**report.to_json(), "advice": advice, "said": list(report.advice)}, ensure_ascii=False))
        return 0
    w, h = report.size
    print(f"{args.source}: {w}x{h}, {report.cards_read} card(s) read")
    for sentence in advice:
        print(f"  - {sentence[0].upper()}{sentence[1:]}.")
    if report.zones:
        print("  zone          px/module  blur (module)  white  cards")
        for z in report.zones:
            blur = "-" if z.blur_modules is None else f"{z.blur_modules:.2f}"
            white = "-" if z.white is None else f"{z.white:.0f}"
            print(f"  {z.name:13} {z.px_per_module:9.1f}  {blur:>13}  {white:>5}  {z.cards:5}")
    if args.overlay is not None:
        print(f"wrote {args.overlay}")
    sys.stdout.flush()
    return 0
