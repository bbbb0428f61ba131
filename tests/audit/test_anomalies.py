"""Each anomaly the audit reports, planted on purpose in a real stored game."""

from __future__ import annotations

import pytest

from companion import dice
from companion.audit.audit import run_audit
from companion.audit.sample import build_game
from companion.audit.source import from_store
from companion.errors import RuleViolation
from companion.games.bux.record import move_to_json
from companion.games.bux.selfplay import random_game
from companion.games.bux.state import ALL_CARDS
from companion.store.session import GameSession

SEED, PLAYERS, PLAYED = 11, 4, 12


@pytest.fixture
def game(store):
    """A game whose first moves all came from the camera with evidence, and the session to go on with."""
    build_game(store, seed=SEED, players=PLAYERS, game_id="g", tablet_share=0.0, max_moves=PLAYED)
    return GameSession(store, "g")


def _next_line(index: int = 0) -> dict:
    return move_to_json(random_game(SEED, PLAYERS)[PLAYED + index])


def _found(session, kind):
    audit = run_audit(from_store(session.store, session.game_id))
    return [a for a in audit.anomalies if a.kind == kind], audit


def test_clean_camera_game_has_no_anomaly(game):
    audit = run_audit(from_store(game.store, "g"))
    assert audit.anomalies == [] and audit.replay_error is None


def test_move_typed_on_tablet_has_no_camera_evidence(game):
    event = game.submit(_next_line(), source="tablet")
    found, _ = _found(game, "evidence.none")
    assert [(a.seq, a.severity) for a in found] == [(event.seq, "notice")]
    assert "tablet" in found[0].message


def test_evidence_naming_a_non_observation_is_flagged(game):
    event = game.submit(_next_line(), source="camera", evidence={"observations": [1], "frames": [1.0], "keyframe": None})
    found, _ = _found(game, "evidence.dangling")
    assert [a.seq for a in found] == [event.seq]


def test_card_moved_on_table_without_a_move_is_unexplained(game):
    """The camera sees a card leave Ann's spread for Ben's, and nobody entered a swap."""
    state = game.state
    card = sorted(state.spreads[0] - {c for v in _strings(game.record_lines()[-1]) for c in [v]})[0]
    event = game.observe([{"code": card, "from": "seat:1", "to": "seat:2"}], t=999.0)
    found, _ = _found(game, "camera.unexplained")
    assert [(a.seq, a.severity) for a in found] == [(event.seq, "warning")]
    assert card in found[0].message and "seat:1" in found[0].message


def test_change_explained_by_the_next_move_is_not_flagged(game):
    line = _next_line()
    codes = [s for s in _strings(line) if s in ALL_CARDS]
    assert codes, f"the next move should move a card: {line}"
    card = codes[0]
    game.observe([{"code": card, "from": None, "to": "bid_area"}], t=1000.0)
    game.submit(line, source="tablet")
    found, _ = _found(game, "camera.unexplained")
    assert found == []


def test_undo_is_listed_as_a_correction(game):
    moved = game.submit(_next_line(), source="tablet")
    undo = game.undo()
    found, audit = _found(game, "undo")
    assert [a.seq for a in found] == [undo.seq]
    assert f"event {moved.seq}" in found[0].message
    assert next(m for m in audit.moves if m["seq"] == moved.seq)["undone"]
    assert audit.replay_error is None


def test_rejected_entry_is_listed(game):
    state = game.state
    with pytest.raises(RuleViolation):
        game.submit({"type": "broke", "player": state.players[state.to_move]}, source="tablet")
    found, _ = _found(game, "rejected")
    assert len(found) == 1 and "broke" in found[0].message


@pytest.mark.parametrize("how", ["corrected", "dismissed"])
def test_manual_override_is_listed(game, how):
    item = game.raise_attention("a card turned up that the rules do not expect", cards=["bux-1"])
    resolved = game.resolve(item, how)
    found, _ = _found(game, "override")
    assert [a.seq for a in found] == [resolved.seq]
    assert how in found[0].message and "rules do not expect" in found[0].message


def test_confirmed_attention_is_not_an_override(game):
    game.resolve(game.raise_attention("confirm this draw?"), "confirmed")
    assert _found(game, "override")[0] == [] and _found(game, "attention.open")[0] == []


def test_attention_never_resolved_is_listed(game):
    game.raise_attention("camera lost the discard pile")
    found, _ = _found(game, "attention.open")
    assert len(found) == 1 and "discard pile" in found[0].message


def _play_dice(store, seed: bytes, *, tamper: int | None = None, reveal: bytes | None = None):
    store.append("g", "seed", {"commitment": dice.commitment(seed)}, "system")
    for number in (1, 2, 3):
        values = list(dice.roll(seed, number, 2, 6))
        if number == tamper:
            values = [7 - v for v in values] if values != [7 - v for v in values] else [values[0] % 6 + 1, values[1]]
        store.append("g", "dice", {"number": number, "count": 2, "sides": 6, "values": values, "physical": False}, "tablet")
    store.append("g", "dice", {"number": 4, "count": 1, "sides": 6, "values": [6], "physical": True}, "tablet")
    if reveal is not None:
        store.append("g", "seed_reveal", {"seed": reveal.hex()}, "system")


def test_fair_dice_pass(game):
    seed = bytes(range(32))
    _play_dice(game.store, seed, reveal=seed)
    assert _found(game, "dice.mismatch")[0] == []


def test_dice_roll_that_the_seed_does_not_give_is_an_error(game):
    seed = bytes(range(32))
    _play_dice(game.store, seed, tamper=2, reveal=seed)
    found, _ = _found(game, "dice.mismatch")
    assert len(found) == 1 and found[0].severity == "error" and "roll 2" in found[0].message


def test_revealed_seed_must_match_the_commitment(game):
    _play_dice(game.store, bytes(range(32)), reveal=bytes(32))
    found, _ = _found(game, "dice.mismatch")
    assert any("commitment" in a.message for a in found)


def test_dice_without_reveal_cannot_be_checked(game):
    _play_dice(game.store, bytes(range(32)))
    found, _ = _found(game, "dice.unrevealed")
    assert len(found) == 1 and "3 digital roll(s)" in found[0].message


def test_stored_move_that_does_not_replay_is_an_error(game):
    """A move written straight into the log (bypassing the rules) with a valid hash: only the replay catches it."""
    state = game.state
    bad = game.store.append("g", "move", {"type": "broke", "player": state.players[state.to_move]}, "tablet")
    found, audit = _found(game, "replay.fails")
    assert [(a.seq, a.severity) for a in found] == [(bad.seq, "error")]
    assert audit.chain.ok and "broke" in audit.replay_error


def _strings(line):
    for value in line.values():
        if isinstance(value, str):
            yield value
        elif isinstance(value, list):
            for item in value:
                yield from (item if isinstance(item, list) else [item])
