"""The club's "Next round" page (/club/next-round): tonight's players by default, the seating of those present,
the same link the same tables, bad input a 400 with a sentence. Runs on SQLite and on PostgreSQL."""

from __future__ import annotations

import re
from urllib.parse import urlencode

from tests.web.test_club import AWAY, club_app, two_tables

NEW = ["Fay", "Gus", "Hal", "Ivy"]


def tables_of(page: str) -> list[list[str]]:
    return [row.split(", ") for row in re.findall(r'<span class="table-number">[^<]+</span> ([^<]+)</li>', page)]


def test_the_next_round_seats_who_is_present_apart_from_whom_they_met_tonight(store_target):
    two_tables(store_target)  # tonight: Ann, Ben, Cat at one table; Dan, Eve at another
    client = club_app(store_target).test_client()
    blank = client.get("/club/next-round", environ_base=AWAY).get_data(as_text=True)
    assert re.search(r"<textarea[^>]*>Ann\nBen\nCat\nDan\nEve</textarea>", blank)
    present = ["Ann", "Ben", "Cat", "Dan", "Eve", *NEW]  # four came later
    url = "/club/next-round?" + urlencode({"game": "bux", "mode": "random", "seed": 4, "tables": 3, "present": "\n".join(present)})
    answer = client.get(url, environ_base=AWAY)
    assert answer.status_code == 200
    page = answer.get_data(as_text=True)
    tables = tables_of(page)
    assert sorted(p for t in tables for p in t) == sorted(present) and [len(t) for t in tables] == [3, 3, 3]
    assert all(len({"Ann", "Ben", "Cat"} & set(t)) <= 1 and len({"Dan", "Eve"} & set(t)) <= 1 for t in tables)
    assert "tonight: 0." in page
    assert client.get(url).get_data(as_text=True) == page  # the same link (and seed), the same tables
    swiss = client.get(url.replace("mode=random", "mode=swiss")).get_data(as_text=True)
    assert sorted(p for t in tables_of(swiss) for p in t) == sorted(present)


def test_players_who_cannot_be_seated_get_a_sentence_and_a_400(store_target):
    client = club_app(store_target).test_client()
    for query in ({"present": "Ann,Ben"}, {"present": "Ann,Ben,Cat,Ann"}, {"present": "A,B,C,D,E,F", "tables": "1"}):
        answer = client.get("/club/next-round?" + urlencode({"game": "bux", **query}))
        assert answer.status_code == 400
        text = answer.get_data(as_text=True)
        assert "cannot be seated: a table of this game seats 3 to 5 players" in text and "Traceback" not in text
    for query in ({"mode": "elo"}, {"game": "chess"}, {"seed": "-1"}, {"tables": "two"}):
        answer = client.get("/club/next-round?" + urlencode(query))
        assert answer.status_code == 400 and "Traceback" not in answer.get_data(as_text=True)


def test_the_printout_is_the_tables_alone(store_target):
    client = club_app(store_target).test_client()
    answer = client.get("/static/club.css")
    css = answer.get_data(as_text=True)
    answer.close()
    printing = css[css.index("@media print"):]
    assert ".seating-form" in printing and "nav" in printing
