"""`companion audit GAME` (check a played game, write the HTML + JSON report) and `companion recover DB`.

Exit status of audit: 0 when the game checks out (warnings and notices are
listed, not failures), 3 when the audit found errors (a broken hash chain, a
move that does not replay, a dice roll the seed does not give), 1 for bad
input (no such game or file).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from tqdm import tqdm

from companion.audit.audit import run_audit
from companion.audit.limits import MAX_REPORT_ANOMALIES
from companion.audit.report import plural, render
from companion.audit.seals import SealCheck
from companion.audit.source import dump_events, open_for_audit
from companion.commands.inputs import add_db_option
from companion.commands.outputs import print_rows
from companion.errors import CompanionError
from companion.store.backends import is_postgres
from companion.store.recover import recover

FOUND_ERRORS = 3
PROGRESS_FROM = 20_000
"""Show a progress bar (on a terminal) for logs with at least this many events."""


def add_parser(sub) -> None:
    p = sub.add_parser("audit", help="verify a played game and write an HTML report",
                       description="Verify the hash chain, replay every move, list anomalies and write a self-contained HTML report and a JSON export.")
    p.add_argument("game", help="stored game id (see `companion games`) or a .jsonl record / events file")
    add_db_option(p)
    p.add_argument("--out", help="HTML report to write (default: audit-GAME.html); the JSON goes next to it")
    p.add_argument("--no-thumbnails", action="store_true", help="leave the keyframe thumbnails out of the report")
    p.add_argument("--json", action="store_true", help="print the findings as JSON instead of a summary")
    p.add_argument("--seal", action="append", default=[], metavar="SEAL",
                   help="a seal seen during the game, as the screens show it: the event number and 12 hex digits (e.g. '#47 3fa9c2e01b7d'); "
                        "the audit fails unless the intact chain passes through it (repeat for several)")
    p.add_argument("--full", action="store_true",
                   help="for the organiser: show everything the record holds even while the game runs (hands, the lot, "
                        "card values); without it the report of an unfinished game shows only what the table's screens show")
    p.set_defaults(run=run_audit_command)
    p = sub.add_parser("recover", help="save the intact part of every game from a damaged event store",
                       description="Read a damaged database file and write each game's intact prefix as a record and an events file.")
    p.add_argument("db", help="the damaged event store file")
    p.add_argument("--out", required=True, help="folder for GAME.jsonl (record) and GAME.events.jsonl (auditable events)")
    p.add_argument("--json", action="store_true", help="print what was saved as JSON")
    p.set_defaults(run=run_recover)


def run_audit_command(args) -> int:
    try:
        seals = SealCheck.parse(args.seal)
    except ValueError as exc:
        raise CompanionError(str(exc)) from None
    source, store = open_for_audit(args.game, args.db)
    try:
        def progress(events):
            return tqdm(events, total=source.total, unit="event", file=sys.stderr, leave=False,
                        disable=None if source.total >= PROGRESS_FROM else True, desc="audit")

        audit = run_audit(source, progress, seals, full=args.full)
        out = Path(args.out) if args.out else Path(f"audit-{_safe(source.game_id)}.html")
        json_path = out.with_suffix(".json")
        html = render(audit, json_name=json_path.name, thumbnails=not args.no_thumbnails)
    finally:
        if store is not None:
            store.close()
    body = audit.to_json()
    try:
        out.write_text(html, encoding="utf-8")
        json_path.write_text(json.dumps(body, ensure_ascii=False, indent=1), encoding="utf-8")
    except OSError as exc:
        raise CompanionError(f"cannot write the report {str(out)!r}: {exc.strerror or exc}") from None
    counts = audit.counts()
    if args.json:
        print(json.dumps({"report": str(out), "json": str(json_path), "anomaly_counts": counts,
                          "chain": body["chain"], "replay": body["replay"], "anomalies": body["anomalies"]}, ensure_ascii=False))
    else:
        chain = ("no hash chain (plain record)" if not audit.chained else
                 f"database file DAMAGED, the hash chain read from it ({plural(audit.events, 'event')}) cannot be trusted" if audit.damage else
                 f"hash chain intact ({plural(audit.events, 'event')})" if audit.chain.ok else
                 f"hash chain BROKEN at event {audit.chain.breaks[0].seq} ({plural(len(audit.chain.breaks), 'break')})")
        replay = "every move replays" if audit.replay_error is None else f"replay stops: {audit.replay_error}"
        print(f"{source.label}: {chain}; {replay}")
        if audit.intact and audit.chain.seal:
            print(f"final seal {audit.chain.seal}" + (f"; seals given: {_seal_verdict(audit)}" if audit.seals.seals else ""))
        print(", ".join(plural(counts[kind], kind) for kind in ("error", "warning", "notice")))
        listed = [a for a in audit.anomalies if a.severity != "notice"]
        if len(listed) > MAX_REPORT_ANOMALIES:
            listed, more = listed[:MAX_REPORT_ANOMALIES], len(listed) - MAX_REPORT_ANOMALIES
        else:
            more = 0
        for anomaly in listed:
            where = f"event {anomaly.seq}: " if anomaly.seq is not None else ""
            print(f"  {anomaly.severity}: {where}{audit.mask(anomaly.message)}")
        if more:
            print(f"  ... and {more} more (all in the JSON)")
        print(f"report: {out}  (JSON: {json_path})")
    return FOUND_ERRORS if counts["error"] else 0


def _seal_verdict(audit) -> str:
    problems = audit.seals.problems()
    return "all found on the intact chain" if not problems else f"{len(problems)} problem(s), see the errors"


def _safe(name: str) -> str:
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in name) or "game"


def run_recover(args) -> int:
    if is_postgres(args.db):
        raise CompanionError("recover reads a damaged SQLite file page by page; a PostgreSQL database keeps its own "
                             "pages (restore it from the server's backups), and `companion audit` checks its games")
    games = recover(args.db)
    folder = Path(args.out)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        rows: list[dict[str, Any]] = []
        for item in games:
            name = _safe(item.game_id)
            record = folder / f"{name}.jsonl"
            events = folder / f"{name}.events.jsonl"
            suspect = folder / f"{name}.unverified.events.jsonl"
            if item.record_lines:
                record.write_text("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in item.record_lines), encoding="utf-8")
                events.write_text(dump_events(list(item.events), item.game), encoding="utf-8")
            apart = list(item.suspect) + list(item.unverified)
            if apart:
                suspect.write_text(dump_events(apart, item.game), encoding="utf-8")
            rows.append({"game_id": item.game_id, "game": item.game, "events": len(item.events), "moves": len(item.record_lines),
                         "verified_through": item.verified_through, "stopped": item.stopped,
                         "suspect": [e.seq for e in item.suspect], "unverified": len(item.unverified),
                         "file_problems": list(item.file_problems),
                         "record": str(record) if item.record_lines else None,
                         "events_file": str(events) if item.record_lines else None,
                         "unverified_file": str(suspect) if apart else None})
    except OSError as exc:
        raise CompanionError(f"cannot write to {str(folder)!r}: {exc.strerror or exc}") from None
    print_rows(rows, as_json=args.json, none="no games found", lines=_recovered_lines)
    return 0


def _recovered_lines(row: dict[str, Any]) -> list[str]:
    """Return what `companion recover` says of one game: how far it verified, where it went, what was set apart."""
    if row["stopped"]:
        state = f"stopped: {row['stopped']}"
    elif row["file_problems"]:
        state = (f"verified through event {row['verified_through']}, the last one readable; the file is damaged "
                 f"({row['file_problems'][0]}), so later events may be lost")
    else:
        state = "whole log verified"
    saved = f" -> {row['record']}" if row["record"] else " (nothing recoverable)"
    out = [f"{row['game_id']} ({row['game'] or '?'}): {row['events']} events, {row['moves']} moves; {state}{saved}"]
    if row["suspect"]:
        out.append(f"  suspect, not kept: event {row['suspect'][0]} (the break right after it may be its rewrite)")
    if row["unverified_file"]:
        out.append(f"  {len(row['suspect']) + row['unverified']} event(s) set apart unverified -> {row['unverified_file']}")
    return out
