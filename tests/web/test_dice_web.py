"""Dice on the tablet: committed seed, rolls from it, physical dice, reveal at the end, audit check."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.dice import commitment, roll, verify_rolls
from companion.store.session import import_record
from companion.store.backends import open_store
from companion.web.dice_service import DiceService
from tests.web.conftest import GAME_ID, LINES, kinds, session_of

API = f"/g/{GAME_ID}/api/dice"


def test_screens_show_the_commitment_from_the_start_and_the_first_roll_stores_it(client, auth, db):
    client.get(f"/g/{GAME_ID}")
    dice = client.get(f"/g/{GAME_ID}/state.json").json["dice"]
    assert len(dice["commitment"]) == 64 and dice["seed"] is None and dice["rolls"] == []
    assert kinds(db).count("seed") == 0, "a read stores nothing"
    with open_store(db) as store:
        assert commitment(bytes.fromhex(store.get_secret(GAME_ID, "dice_seed"))) == dice["commitment"]
    client.post(f"{API}/roll", json={"dice": "2d6"}, headers=auth)
    stored = kinds(db)
    assert stored.count("seed") == 1 and stored.index("seed") < stored.index("dice"), "committed before the first roll"
    assert client.get(f"/g/{GAME_ID}/state.json").json["dice"]["commitment"] == dice["commitment"]
    client.post(f"{API}/roll", json={"dice": "2d6"}, headers=auth)
    assert kinds(db).count("seed") == 1, "one commitment per game"


def test_rolls_come_from_the_seed_and_roll_number(client, auth, db):
    rolled = [client.post(f"{API}/roll", json={"dice": d}, headers=auth).json for d in ("2d6", "1d6", "3d20")]
    with open_store(db) as store:
        seed = bytes.fromhex(store.get_secret(GAME_ID, "dice_seed"))
    for number, item in enumerate(rolled, start=1):
        assert item["number"] == number
        assert tuple(item["values"]) == roll(seed, number, item["count"], item["sides"])
    summary = client.get(f"/g/{GAME_ID}/state.json").json["dice"]
    assert [r["number"] for r in summary["rolls"]] == [3, 2, 1]
    assert summary["commitment"] == commitment(seed)
    assert "dice_seed" not in client.get(f"/g/{GAME_ID}/state.json").get_data(as_text=True)
    assert seed.hex() not in client.get(f"/g/{GAME_ID}/state.json").get_data(as_text=True)


@pytest.mark.parametrize("body", [{"dice": "0d6"}, {"dice": "2d1"}, {"dice": "banana"}, {"dice": "50d6"}])
def test_bad_dice_are_400_and_store_nothing(client, auth, db, body):
    before = kinds(db)
    response = client.post(f"{API}/roll", json=body, headers=auth)
    assert response.status_code == 400 and "dice" in response.json["error"]["message"]
    assert [k for k in kinds(db) if k == "dice"] == [k for k in before if k == "dice"]


def test_rolling_needs_the_token(client, db):
    assert client.post(f"{API}/roll", json={"dice": "2d6"}).status_code == 403
    assert "dice" not in kinds(db)


def test_physical_dice_are_typed_in(client, auth, db):
    response = client.post(f"{API}/physical", json={"values": ["1", 1], "sides": 6}, headers=auth)
    assert response.status_code == 200 and response.json["physical"] is True
    latest = client.get(f"/g/{GAME_ID}/state.json").json["dice"]["rolls"][0]
    assert latest["values"] == [1, 1] and latest["call"] == "snake_eyes"
    for bad in ({"values": [7], "sides": 6}, {"values": [], "sides": 6}, {"values": "3 4"}, {"values": [0, 2]}):
        answer = client.post(f"{API}/physical", json=bad, headers=auth)
        assert answer.status_code == 400 and answer.json["error"]["message"]
    assert kinds(db).count("dice") == 1


def test_seed_is_revealed_at_game_end_and_every_roll_checks(client, auth, db, tmp_path):
    client.get(f"/g/{GAME_ID}")
    for _ in range(5):
        client.post(f"{API}/roll", json={"dice": "2d6"}, headers=auth)
    client.post(f"{API}/physical", json={"values": [6, 6]}, headers=auth)
    assert client.post(f"{API}/reveal", headers=auth).status_code == 409
    assert client.get(f"/g/{GAME_ID}/state.json").json["dice"]["seed"] is None
    store, session = session_of(db)
    for line in LINES[6:]:
        session.submit(line, source="import")
    assert session.state.over
    store.close()
    assert kinds(db)[-2:] == ["move", "seed_reveal"], "the move that ends the game stores the reveal with it"
    dice = client.get(f"/g/{GAME_ID}/state.json").json["dice"]
    assert dice["seed"] is not None
    assert commitment(bytes.fromhex(dice["seed"])) == dice["commitment"]
    store, session = session_of(db)
    rolls = [e.data for e in session.events if e.kind == "dice"]
    store.close()
    assert len(rolls) == 6
    assert verify_rolls(bytes.fromhex(dice["seed"]), rolls, committed=dice["commitment"]) == []
    assert client.post(f"{API}/roll", json={"dice": "2d6"}, headers=auth).status_code == 409
    assert kinds(db).count("seed_reveal") == 1


def test_dice_service_works_for_any_game_id(tmp_path):
    with open_store(tmp_path / "other.db") as store:
        lines = (Path(__file__).parents[1] / "records" / "cats-2p.jsonl").read_text(encoding="utf-8").splitlines()
        service = DiceService(import_record(store, lines, game_id="cat1"))
        digest = service.ensure_seed()
        first = service.roll(1, 20)
        assert first["number"] == 1 and 1 <= first["values"][0] <= 20
        seed = service.reveal()
        assert commitment(bytes.fromhex(seed)) == digest
        assert verify_rolls(bytes.fromhex(seed), [first]) == []
