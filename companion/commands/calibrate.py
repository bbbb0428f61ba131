"""`companion calibrate --camera SOURCE`: measure the camera's lens from views of the printed board.

Guides the user through showing the board (`companion cards lens-board`) to the camera:
each frame is looked at, views that add something are kept, and one plain sentence says
what to do next ("move the board to the left edge of the picture"). When the picture is
covered (or the source ends) the lens is solved, its reprojection error judged in words,
and the result written to calibration/lens-<name>.json for `play`/`watch`/`scan --lens`.
Composition root for vision.lens and the frame sources; errors become CompanionError.
"""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path

from companion.commands.outputs import output_file
from companion.commands.scan import add_wait_option, wait_option
from companion.errors import CompanionError


def add_parser(sub) -> None:
    p = sub.add_parser("calibrate", help="measure the camera's lens from the printed lens board (companion cards lens-board)")
    p.add_argument("--camera", required=True, metavar="SOURCE",
                   help="camera index (0), stream URL, video file or folder of photos of the board")
    p.add_argument("--name", help="name of the camera (default: from SOURCE); the file is calibration/lens-NAME.json")
    p.add_argument("--out", type=Path, help="where to write the lens file (default calibration/lens-NAME.json; "
                                            "another folder must exist)")
    p.add_argument("--max-frames", type=int, default=None, help="stop looking after this many frames")
    p.add_argument("--every", type=int, default=1, help="look at every Nth frame of a video or camera (default 1)")
    add_wait_option(p)
    p.set_defaults(run=run_calibrate)


def camera_name(source: str) -> str:
    """Return a file-name-safe camera name derived from a source spec.

    >>> camera_name("0"), camera_name("http://192.168.1.20:8080/video"), camera_name("board-views/")
    ('camera-0', '192.168.1.20', 'board-views')
    """
    if source.isdigit():
        return f"camera-{source}"
    if "://" in source:
        host = source.split("://", 1)[1].split("/", 1)[0].split("@")[-1].split(":")[0]
        return _safe(host) or "stream"
    return _safe(Path(source.rstrip("/")).stem) or "camera"


def _safe(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "-", text).strip("-.")[:60]


def run_calibrate(args) -> int:
    from companion.vision.lens import LensSession, save_lens
    from companion.vision.sources import open_source

    if args.every < 1:
        raise CompanionError(f"--every must be 1 or more, got {args.every}")
    wait_s = wait_option(args)
    name = _safe(args.name) if args.name else camera_name(args.camera)
    if not name:
        raise CompanionError(f"--name {args.name!r} has no letters or digits to name a file with")
    out = args.out or Path("calibration") / f"lens-{name}.json"
    if out.suffix.lower() != ".json":
        raise CompanionError(f"--out must be a .json file, got {str(out)!r}")
    if args.out is not None:
        output_file(out, "--out")  # said now, not after the calibration (the default calibration/ folder is made)
    source = open_source(args.camera)
    # Frames of a camera, stream or video follow each other: keep a view only once the board is held still.
    # Photos in a folder are each taken still.
    session = LensSession(name, require_still=hasattr(source, "live"))
    print(f"Calibrating {name!r}: show the printed lens board to the camera, flat and still; "
          "move it where the lines below ask. Ctrl-C to stop early.", flush=True)
    seen = 0
    last, last_at = "", 0.0
    try:
        from companion.vision.sources import frames

        for frame in frames(source, wait_s=wait_s, say=lambda text: print(f"  {text}", file=sys.stderr, flush=True)):
            seen += 1
            if args.max_frames is not None and seen > args.max_frames:
                break
            if (seen - 1) % args.every:
                continue
            step = session.add(frame.image)
            now = time.monotonic()
            # Say it when a view is kept, or when the advice changes (at most once a second otherwise).
            if step.kept or (step.message != last and now - last_at >= 1.0):
                print(f"  [{step.views} views, {step.covered}/9 of the picture] {step.message}", flush=True)
                last, last_at = step.message, now
            if step.ready:
                break
    except KeyboardInterrupt:
        print("  stopped: calibrating from the views kept so far", file=sys.stderr)
    finally:
        source.close()
    result = session.solve()
    lens = result.lens
    path = save_lens(lens, out)
    k = lens.camera_matrix
    print(f"Lens of {name!r} ({lens.size[0]}x{lens.size[1]}, {lens.views} views): {result.verdict}.")
    print(f"  focal length {k[0, 0]:.0f} px; distortion k1 {lens.dist_coeffs.ravel()[0]:+.3f}, moves the picture's "
          f"corners by up to {_corner_shift(lens):.0f} px")
    for warning in result.warnings:
        print(f"  warning: {warning}")
    print(f"wrote {path}; use it with: companion play --lens {path} ... (or watch/scan/camera-check --lens)")
    return 0


def _corner_shift(lens) -> float:
    import numpy as np

    w, h = lens.size
    pts = np.array([[0, 0], [w, 0], [w, h], [0, h], [w / 2, 0], [0, h / 2]], np.float64)
    return float(lens.displacement(lens.undistort_points(pts)).max())
