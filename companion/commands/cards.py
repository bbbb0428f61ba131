"""`companion cards print|export|list|markers|lens-board`: print a deck, export card images, list cards, print table plates
and the lens-calibration board.

Each print of a deck gets a fresh secret; its deck file (payload -> card map)
is written next to the PDF unless --deck names one. Reusing an existing --deck
reprints the same print (for example one lost card with --cards). Errors are
CompanionError; cli.main turns them into exit status 1.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import BinaryIO

from companion.cards.decks import load_deck
from companion.cards.payloads import PrintDeck, load_print, new_print, save_print
from companion.commands.outputs import output_file
from companion.errors import CompanionError

PAPERS = ("a4", "letter")
PAPER_HELP = "paper size: a4 or letter (default a4)"


def deck_games() -> list[str]:
    """Return the games that have a printable deck, for --game's choices and help."""
    from companion.cards.decks import DECKS_DIR
    from companion.data import extra_game_folders
    from companion.games import games

    folders = [DECKS_DIR, *extra_game_folders()]
    return [game.name for game in games() if any((folder / f"{game.name}.deck.json").is_file() for folder in folders)]


def add_parser(sub) -> None:
    """Register `cards` and its subcommands."""
    parser = sub.add_parser("cards", help="print card sheets, export card images, list cards, print table plates")
    cards_sub = parser.add_subparsers(dest="cards_command", metavar="ACTION", required=True)

    games = deck_games()
    game_help = f"which game's deck: {', '.join(games)}"
    game_or_print = game_help + " (default: the game of the print --deck names, when that file exists)"
    p = cards_sub.add_parser("print", help="write the print-and-play PDF of a new (or existing) print of a deck")
    p.add_argument("--game", help=game_or_print)
    p.add_argument("--paper", choices=PAPERS, default="a4", help=PAPER_HELP)
    p.add_argument("--out", required=True, type=Path, help="PDF file to write (its folder must exist)")
    p.add_argument("--deck-name", default="home", help="name of this print (shown on the sheets)")
    p.add_argument("--deck", type=Path, help="deck file: reused if it exists, else written (default: next to --out)")
    p.add_argument("--cards", help="comma-separated card codes to reprint (default: all); a reprint has no first sheet and no parts")
    p.add_argument("--sides", choices=("fronts", "backs"), help="only the fronts or only the backs (printers without duplex)")
    p.add_argument("--low-ink", action="store_true", help="print large colour areas as pale tints")
    p.add_argument("--no-parts", action="store_true", help="leave out the game's parts (chips, tokens, hint board)")
    p.add_argument("--no-first-sheet", action="store_true", help="leave out the first sheet (contents, ruler, registration test)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    add_camera_options(p)
    p.set_defaults(run=run_print)

    e = cards_sub.add_parser("export", help="write one PNG per card front (trim size) plus manifest.json")
    e.add_argument("--game", help=game_or_print)
    e.add_argument("--png", required=True, type=Path, help="folder for the PNGs (made if missing; the folder it is in must exist)")
    e.add_argument("--deck", required=True, type=Path, help="deck file: used if it exists, else a new print is made there")
    e.add_argument("--dpi", type=float, default=300.0, help="resolution of the PNGs, 50 to 1200 (default 300)")
    e.add_argument("--backs", action="store_true", help="also write <code>.back.png")
    e.add_argument("--quiet", action="store_true", help="no progress bar")
    e.set_defaults(run=run_export)

    ls = cards_sub.add_parser("list", help="list the cards of a game's deck")
    ls.add_argument("--game", help=game_help + " (needed)")
    ls.add_argument("--json", action="store_true", help="print the cards as JSON")
    ls.set_defaults(run=run_list)

    m = cards_sub.add_parser("markers", help="write the table plates (seats, corners and the game's own middle plates)")
    m.add_argument("--game", help=f"whose middle plates to print: {', '.join(games)} (default: the seat and corner plates alone)")
    m.add_argument("--paper", choices=PAPERS, default="a4", help=PAPER_HELP)
    m.add_argument("--out", required=True, type=Path, help="PDF file to write (its folder must exist)")
    m.add_argument("--names", default="", help="comma-separated player names for seats 1..5")
    m.add_argument("--quiet", action="store_true", help="no progress bar")
    m.set_defaults(run=run_markers)

    b = cards_sub.add_parser("lens-board", help="write the lens-calibration board (for companion calibrate)")
    b.add_argument("--paper", choices=PAPERS, default="a4", help=PAPER_HELP)
    b.add_argument("--out", required=True, type=Path, help="PDF file to write (its folder must exist)")
    b.set_defaults(run=run_lens_board)


def add_camera_options(p) -> None:
    """The options that size a new print's marks for a camera and a table (companion.commands.mark_size)."""
    from companion.commands import mark_size as ms

    p.add_argument("--camera", type=ms.camera_arg, metavar="RESOLUTION",
                   help="the camera that will watch the table (720p, 1080p, 1440p, 4K or WxH): the marks are sized "
                        "so every place on the table shows >= 2.5 px per module (needs --table)")
    p.add_argument("--table", type=ms.table_arg, metavar="SIZE",
                   help="the table's size, like 120x80cm; without --camera, says which camera the marks need")
    p.add_argument("--camera-height", type=ms.ranged("--camera-height", 30, 600, "cm"), metavar="CM",
                   help="the camera's height above the table in cm (default: just high enough to see the whole table)")
    p.add_argument("--camera-tilt", type=ms.ranged("--camera-tilt", 0, 60, "degrees"), default=0.0, metavar="DEGREES",
                   help="the camera's tilt from straight down, standing at a long side (default 0: overhead)")
    p.add_argument("--camera-fov", type=ms.ranged("--camera-fov", 30, 120, "degrees"), default=70.0, metavar="DEGREES",
                   help="the camera's horizontal field of view (default 70, a typical webcam or phone)")
    p.add_argument("--module-mm", type=ms.ranged("--module-mm", 2, 4, "mm"), metavar="MM",
                   help="print the marks with this module size (the setup check says which size fixes a zone); "
                        "default 2 (30 mm marks), or what --camera and --table need")


def _mark_size(args, deck, deck_path: Path, printed: PrintDeck | None) -> tuple[float, str | None]:
    """Return the module size (mm) to print a new print's marks at and the sentence to say about it (None: no
    sizing option given). An existing print keeps its size.

    Raises:
        CompanionError: --camera without --table, a size the cards cannot carry, or a reprint at another size.
    """
    from companion.commands import mark_size as ms
    from companion.printing.marks import largest_module_mm, module_mm
    from companion.vision.coverage import View

    if args.camera is not None and args.table is None:
        raise CompanionError("--camera needs --table (the table's size, like 120x80cm)")
    if args.camera is not None and args.module_mm is not None:
        raise CompanionError("give either --module-mm or --camera with --table, not both")
    height = None if args.camera_height is None else args.camera_height * 10
    width, tall = args.camera or (1920, 1080)
    view = View(width, tall, hfov=args.camera_fov, tilt=args.camera_tilt, camera_height_mm=height)
    said = None
    if args.camera is not None:
        choice = ms.choose(deck, view, args.table)
        size, said = choice.module_mm, ms.sentence(choice)
    else:
        size = args.module_mm if args.module_mm is not None else (printed.module_mm if printed else module_mm(deck))
        largest = largest_module_mm(deck) or module_mm(deck)
        if size > largest + 1e-9:
            raise CompanionError(f"the {args.game} cards carry marks of at most {largest:g} mm modules, not {size:g}")
        if args.table is not None:
            said = ms.needs_sentence(size, args.table, view)
    if printed is not None and abs(printed.module_mm - size) > 1e-9:
        raise CompanionError(f"deck file {str(deck_path)!r} is a print with {printed.module_mm:g} mm modules; a reprint "
                             f"keeps its marks' size (make a new print, without --deck, for {size:g} mm)")
    return size, said


def _progress(total: int | None, quiet: bool, desc: str):
    from tqdm import tqdm

    # Every page is shown (pages take a while each), so the bar ends on its real count, e.g. 5/5.
    return tqdm(total=total, desc=desc, unit="page", file=sys.stderr, disable=quiet, leave=False, miniters=1, mininterval=0)


def _game(args) -> str:
    """Return the game whose deck the command works on: --game, else the game of the existing print --deck names.

    No game is assumed: with neither, the command says which games it could be.

    Raises:
        CompanionError: when neither --game nor an existing --deck file tells the game.
    """
    if args.game:
        return args.game
    deck = getattr(args, "deck", None)
    if deck is not None and Path(deck).is_file():
        return load_print(deck).game
    also = " (or --deck with an existing print's deck file)" if hasattr(args, "deck") else ""
    raise CompanionError(f"which game? Give --game, one of {', '.join(deck_games())}{also}")


def _deck(game: str):
    """Return the game's deck, or say which games have one."""
    known = deck_games()
    if game not in known:
        raise CompanionError(f"no deck definition for game {game!r}: the games with a deck are {', '.join(known)}")
    return load_deck(game)


def _existing(game: str, deck_path: Path) -> PrintDeck | None:
    """Return the print a deck file holds (None when there is no such file yet); it must be this game's."""
    if not deck_path.exists():
        return None
    printed = load_print(deck_path)
    if printed.game != game:
        raise CompanionError(f"deck file {str(deck_path)!r} is a print of {printed.game!r}, not {game!r}")
    return printed


def _open_or_create(game: str, deck_path: Path, name: str, module_mm: float | None = None) -> tuple[PrintDeck, bool]:
    printed = _existing(game, deck_path)
    if printed is not None:
        return printed, False
    deck = load_deck(game)
    printed = new_print(deck, name) if module_mm is None else new_print(deck, name, module_mm=module_mm)
    save_print(printed, deck_path)
    return printed, True


def _write_file(out: Path, writer: Callable[[BinaryIO], object]) -> None:
    """Write `out` through a .part file, so a failed write never leaves half a file under the real name
    (nor the .part file); an OSError becomes a CompanionError naming `out`."""
    tmp = out.with_name(out.name + ".part")
    try:
        with open(tmp, "wb") as fh:
            writer(fh)
        tmp.replace(out)
    except OSError as exc:
        with suppress(OSError):
            tmp.unlink(missing_ok=True)
        raise CompanionError(f"cannot write {str(out)!r}: {exc.strerror}") from None


def run_print(args) -> int:
    """Write the deck's PDF (and its deck file); print where both went."""
    from companion.printing.render import write_deck_pdf

    args.game = _game(args)
    deck = _deck(args.game)
    codes = None
    if args.cards:
        codes = [c.strip() for c in args.cards.split(",") if c.strip()]
        unknown = [c for c in codes if c not in deck]
        if unknown:
            raise CompanionError(f"deck {args.game!r} has no card {unknown[0]!r}")
    deck_path = args.deck or args.out.with_suffix(".deck.json")
    if args.out.suffix.lower() != ".pdf":
        raise CompanionError(f"--out must be a .pdf file, got {str(args.out)!r}")
    output_file(args.out, "--out")  # both checked before the deck file is written
    output_file(deck_path, "--deck")
    module_mm, said = _mark_size(args, deck, deck_path, _existing(args.game, deck_path))
    printed, created = _open_or_create(args.game, deck_path, args.deck_name, module_mm)
    reprint = codes is not None
    options = dict(
        codes=codes,
        first_sheet=not (args.no_first_sheet or reprint),
        parts=not (args.no_parts or reprint),
        sides=args.sides or "both",
        low_ink=args.low_ink,
    )
    with _progress(None, args.quiet, "pages") as bar:

        def step(done: int, total: int) -> None:
            bar.total = total
            bar.update(1)

        _write_file(args.out, lambda fh: write_deck_pdf(printed, deck, args.paper, fh, on_page=step, **options))
    variant = "".join(f", {x}" for x in (args.sides and f"{args.sides} only", args.low_ink and "low ink") if x)
    print(f"wrote {args.out} ({args.paper}{variant}, print {printed.name!r} id {printed.print_id})")
    print(f"{'wrote' if created else 'used'} deck file {deck_path} (keep it private: it maps QR marks to cards)")
    if said:
        print(said)
    return 0


def run_export(args) -> int:
    """Write one PNG per card front plus manifest.json [{"file", "code", "payload"}]."""
    from companion.printing.render import card_png

    args.game = _game(args)
    deck = _deck(args.game)
    if not 50 <= args.dpi <= 1200:
        raise CompanionError(f"--dpi must be between 50 and 1200, got {args.dpi:g}")
    output_file(args.deck, "--deck")
    if not args.png.is_dir():
        output_file(args.png, "--png")  # the folder it goes in must exist; the PNG folder itself is made
    printed, created = _open_or_create(args.game, args.deck, "export")
    try:
        args.png.mkdir(exist_ok=True)
    except OSError as exc:
        raise CompanionError(f"cannot create {str(args.png)!r}: {exc.strerror}") from None
    manifest = []
    from tqdm import tqdm

    for code in tqdm(printed.codes(), desc="cards", unit="card", file=sys.stderr, disable=args.quiet, leave=False):
        name = f"{code}.png"
        _write_bytes(args.png / name, card_png(printed, code, args.dpi, deck=deck))
        entry = {"file": name, "code": code, "payload": printed.payload(code)}
        if args.backs:
            back = f"{code}.back.png"
            _write_bytes(args.png / back, card_png(printed, code, args.dpi, deck=deck, back=True))
            entry["back"] = back
        manifest.append(entry)
    _write_bytes(args.png / "manifest.json", (json.dumps(manifest, indent=1) + "\n").encode())
    print(f"wrote {len(manifest)} cards at {args.dpi:g} dpi to {args.png} ({'new' if created else 'existing'} deck file {args.deck})")
    return 0


def _write_bytes(path: Path, data: bytes) -> None:
    _write_file(path, lambda fh: fh.write(data))


def run_list(args) -> int:
    """Print the deck's cards: code, kind and what is printed on them."""
    args.game = _game(args)
    deck = _deck(args.game)
    rows = [{"code": c.code, "kind": c.kind, **c.attrs} for c in deck.cards]
    if args.json:
        print(json.dumps(rows, ensure_ascii=False))
        return 0
    print(f"{deck.title}: {len(rows)} cards")
    for card in deck.cards:
        detail = ", ".join(f"{k}={v}" for k, v in card.attrs.items() if k != "lines")
        print(f"  {card.code:<20} {card.kind:<8} {detail}")
    return 0


def run_markers(args) -> int:
    """Write the table plates PDF: the seat and corner plates, and the game's middle plates from its table layout."""
    from companion.printing.plates import load_game_plates, write_plates_pdf
    from companion.table.layouts import layout_file

    names = [n.strip() for n in args.names.split(",")] if args.names else []
    if len(names) > 5:
        raise CompanionError(f"at most 5 seat names, got {len(names)}")
    if args.game:
        _deck(args.game)  # an unknown game is refused with the games that have a deck
        path = layout_file(args.game)
        plates = load_game_plates(path) if path is not None else ()
    else:
        plates = ()
    output_file(args.out, "--out")
    with _progress(None, args.quiet, "pages") as bar:

        def step(done: int, total: int) -> None:
            bar.total = total  # the plates' own page count (the bar guessed 6 for 5 pages)
            bar.update(1)

        _write_file(args.out, lambda fh: write_plates_pdf(args.paper, fh, names=names, game_plates=plates, on_page=step))
    middle = "".join(f", {spec.extra.get('title') or spec.role}".lower() for spec in plates)
    more = "" if args.game else " (a game's own middle plates print with --game)"
    print(f"wrote {args.out} ({args.paper}): seat plates 1-5{middle}, 4 corners{more}")
    return 0


def run_lens_board(args) -> int:
    """Write the one-page lens-calibration board PDF."""
    from companion.printing.lens_board import write_lens_board_pdf

    spec = {}
    output_file(args.out, "--out")
    _write_file(args.out, lambda fh: spec.update(write_lens_board_pdf(args.paper, fh)))
    print(f"wrote {args.out} ({args.paper}): lens board, {spec['columns']} x {spec['rows']} squares of "
          f"{spec['square_mm']:g} mm; print at 100%, then run `companion calibrate --camera SOURCE`")
    return 0
