"""Anomalies an audit reports, and the rules that find them in a game's events.

Each finder is a plain function over what the single pass over the log
collected; none reads the store. Severity: "error" means the record cannot be
trusted there (chain break, a move that does not replay, a dice roll the seed
does not give); "warning" means a person overrode or undid something, or the
camera saw a card move that no move explains; "notice" is worth knowing but
normal (a move typed in without camera evidence, a rejected entry).
"""

from __future__ import annotations

import bisect
from dataclasses import asdict, dataclass
from typing import Collection, Container, Iterable, Mapping

from companion import dice
from companion.games.jsonl import KeyWarning
from companion.games.jsonl import unknown_keys as jsonl_unknown_keys

ERROR, WARNING, NOTICE = "error", "warning", "notice"
SEVERITIES = (ERROR, WARNING, NOTICE)


@dataclass(frozen=True)
class Anomaly:
    """One thing the audit wants a person to look at."""

    kind: str
    """Stable id: chain.edited, chain.missing, chain.relinked, chain.order, event.damaged, replay.fails, record.unknown_key,
    evidence.none, evidence.dangling, camera.unexplained, undo, rejected, override, attention.open, dice.mismatch, dice.unrevealed,
    bid.sealed, bid.replaced; a game's own checks add theirs (Grow: bid.commitment)."""
    severity: str
    seq: int | None
    message: str
    time: str = ""

    def to_json(self) -> dict:
        """Return the anomaly as a JSON object."""
        return asdict(self)


def _strings(value) -> Iterable[str]:
    """Yield every string inside a record line (card codes, names), however nested."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _strings(item)


def unknown_keys(moves: list[dict], line_keys: Mapping[str, Collection[str]]) -> list[Anomaly]:
    """Return a warning for each key a move's line holds that its line type does not have (a typo such as "stak").

    The rules read past such a key, so the move may not mean what was typed;
    `seq` is the event (for a plain record file, the line number).
    """
    return [Anomaly("record.unknown_key", WARNING, move["seq"], KeyWarning(move["seq"], key, move["line"]["type"],
                                                                            tuple(line_keys[move["line"]["type"]])).message, move["time"])
            for move in moves for key in jsonl_unknown_keys(move["line"], line_keys)]


def unexplained_changes(observations: list[dict], moves: list[dict]) -> list[Anomaly]:
    """Return camera-seen card movements that no move explains.

    A change is explained when a move's evidence names its observation, or when
    the move entered just before or just after it (undone ones included, since
    the cards go back on the table after an undo) mentions the card. Two kinds of
    change are the table's own, not game events: a card going out of sight or
    coming back in a tray zone (covered on the discard pile, gathered for a
    reshuffle, read again), and a card hidden and seen again in the same place (a
    hand over it). Anything else is a card that moved without a matching move.
    """
    referenced = {seq for move in moves for seq in (move.get("evidence") or {}).get("observations") or () if isinstance(seq, int)}
    seqs = [move["seq"] for move in moves]
    mentions = [set(_strings(move["line"])) for move in moves]
    hidden_in_place = _hidden_in_place(observations)
    found = []
    for obs in observations:
        if obs["seq"] in referenced:
            continue
        index = bisect.bisect_left(seqs, obs["seq"])
        near = mentions[max(index - 1, 0):index + 1]
        for position, change in enumerate(obs["changes"]):
            code = change.get("code")
            if change.get("from") == change.get("to"):
                continue
            if (obs["seq"], position) in hidden_in_place or _tray_sight(change):
                continue
            if any(code in names for names in near):
                continue
            found.append(Anomaly("camera.unexplained", WARNING, obs["seq"],
                                 f"the camera saw {code} move from {_zone(change.get('from'))} to {_zone(change.get('to'))} "
                                 f"(t={obs.get('t', '?')} s) and no move explains it", obs.get("time", "")))
    return found


TRAY_ZONES = frozenset({"discard", "bid_area", "timer_area"})


def _tray_sight(change: dict) -> bool:
    """A card lost from sight, or seen again, in a tray zone: piles cover cards, reshuffles gather them."""
    sides = (change.get("from"), change.get("to"))
    return None in sides and (set(sides) - {None}) <= TRAY_ZONES


def _hidden_in_place(observations: list[dict]) -> set[tuple[int, int]]:
    """Return the (seq, position) of changes that hid a card and showed it again in the same zone."""
    last_hidden: dict[str, tuple[int, int, str]] = {}
    pairs: set[tuple[int, int]] = set()
    for obs in observations:
        for position, change in enumerate(obs["changes"]):
            code, source, target = change.get("code"), change.get("from"), change.get("to")
            if source is not None and target is None:
                last_hidden[code] = (obs["seq"], position, source)
                continue
            hidden = last_hidden.pop(code, None)
            if hidden is not None and source is None and target == hidden[2]:
                pairs.add((hidden[0], hidden[1]))
                pairs.add((obs["seq"], position))
    return pairs


def _zone(name) -> str:
    return "off the table" if name in (None, "") else str(name)


def missing_evidence(moves: list[dict], observation_seqs: Container[int], *, expected: bool = True) -> list[Anomaly]:
    """Return moves in effect entered without camera evidence, and evidence naming non-observations.

    `expected` False (a game the camera does not read, or one no camera
    watched) lists no move for lacking evidence: only evidence that names
    events which are not camera observations.
    """
    found = []
    for move in moves[1:]:
        if move["undone"]:
            continue
        evidence = move.get("evidence") or {}
        named = [s for s in evidence.get("observations") or () if isinstance(s, int)]
        who = move["line"].get("player", "")
        what = f"{move['line'].get('type', 'move')}{' by ' + who if who else ''}"
        if not named and expected:
            via = "on the tablet" if move["source"] == "tablet" else f"by {move['source']}"
            found.append(Anomaly("evidence.none", NOTICE, move["seq"], f"{what} was entered {via} without camera evidence", move["time"]))
        dangling = [s for s in named if s not in observation_seqs]
        if dangling:
            found.append(Anomaly("evidence.dangling", WARNING, move["seq"],
                                 f"{what} cites event(s) {', '.join(map(str, dangling))} as camera evidence, but they are not camera observations",
                                 move["time"]))
    return found


def corrections(undos: list[dict], rejected: list[dict], attention: list[dict], resolved: list[dict],
                moves_by_seq: dict[int, dict], *, reasons: bool = True) -> list[Anomaly]:
    """Return undos, rejected entries, manual overrides and attention items never resolved.

    An undone move is named in its game's words when the replay worded it.
    `reasons` False leaves out why an entry was rejected: the engine's
    sentence may name a card of a hand (for a report of a game in progress).
    """
    found = []
    for undo in undos:
        target = moves_by_seq.get(undo["data"].get("undoes"))
        if target and target.get("text"):
            what = f"event {target['seq']}: {target['text']}"
        elif target:
            what = f"{target['line'].get('type')} by {target['line'].get('player', '?')} (event {target['seq']})"
        else:
            what = f"event {undo['data'].get('undoes')}"
        found.append(Anomaly("undo", WARNING, undo["seq"], f"undo ({undo['source']}): cancelled {what}", undo["time"]))
    for item in rejected:
        data = item["data"]
        line = data.get("line") or {}
        why = data.get("message", "") if reasons else "why is shown once the game is over"
        found.append(Anomaly("rejected", NOTICE, item["seq"], f"rejected {line.get('type', 'entry')} from {item['source']}: {why}", item["time"]))
    raised = {item["data"].get("id"): item for item in attention}
    closed = set()
    for item in resolved:
        how = item["data"].get("how")
        closed.add(item["data"].get("id"))
        origin = raised.get(item["data"].get("id"))
        about = origin["data"].get("message", "") if origin else "an unknown item"
        if how in ("corrected", "dismissed"):
            found.append(Anomaly("override", WARNING, item["seq"], f"manual override ({how}, {item['source']}): {about}", item["time"]))
    for key, item in raised.items():
        if key not in closed:
            found.append(Anomaly("attention.open", WARNING, item["seq"], f"never resolved: {item['data'].get('message', '')}", item["time"]))
    return found


def dice_checks(rolls: list[dict], commitments: list[dict], reveals: list[dict]) -> list[Anomaly]:
    """Return dice rolls the revealed seed does not reproduce (or a note that nothing could be checked)."""
    digital = [r for r in rolls if not r["data"].get("physical")]
    if not digital and not reveals:
        return []
    if not reveals:
        return [Anomaly("dice.unrevealed", NOTICE, digital[0]["seq"],
                        f"{len(digital)} digital roll(s), but the seed was never revealed: they cannot be checked", digital[0]["time"])]
    reveal = reveals[0]
    try:
        seed = bytes.fromhex(str(reveal["data"].get("seed", "")))
    except ValueError:
        return [Anomaly("dice.mismatch", ERROR, reveal["seq"], "the revealed seed is not hex", reveal["time"])]
    committed = commitments[0]["data"].get("commitment") if commitments else None
    by_number = {r["data"].get("number"): r for r in digital}
    found = []
    for problem in dice.verify_rolls(seed, [r["data"] for r in digital], committed=committed):
        if problem.number == 0:
            found.append(Anomaly("dice.mismatch", ERROR, reveal["seq"], "the revealed seed does not match the commitment shown at the start", reveal["time"]))
            continue
        roll = by_number.get(problem.number, reveal)
        expected = "" if problem.expected is None else f", the seed gives {list(problem.expected)}"
        found.append(Anomaly("dice.mismatch", ERROR, roll["seq"],
                             f"roll {problem.number} recorded {list(problem.recorded)}{expected} ({problem.reason})", roll["time"]))
    if not commitments:
        found.append(Anomaly("dice.mismatch", WARNING, reveal["seq"], "no commitment was stored before the rolls", reveal["time"]))
    return found
