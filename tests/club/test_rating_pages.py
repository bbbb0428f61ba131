"""The club pages (both backends): ratings on the standings, in English and Russian, and the index narrowed to one night."""

from __future__ import annotations

import re

from companion.club import ratings as rating
from companion.club.results import finished_results
from companion.store.backends import open_store
from companion.web import create_app
from tests.backends import raw_execute
from tests.club.test_ratings import club, load
from tests.club.test_stats import at_local

AWAY = {"REMOTE_ADDR": "192.168.1.20"}


def _app(target):
    return create_app({"DB": str(target), "TESTING": True, "CLUB": True})


def test_the_standings_show_each_players_rating_with_its_uncertainty(store_target):
    club(store_target)
    with open_store(store_target) as store:
        load(store, "bux-worked-example", "unfinished")
        expected = rating.table(rating.rate(finished_results(store)[0]))
    client = _app(store_target).test_client()
    page = client.get("/club/standings", environ_base=AWAY).get_data(as_text=True)
    shown = dict(re.findall(r'<td class="who">([^<]+)</td>.*?<td class="rating">([^<]+)</td>', page, re.S))
    assert shown == {r.player: f"rating {r.mu:.1f} ± {r.sigma:.1f}" for r in expected}
    assert "counts only finished games whose audit is clean" in page
    russian = client.get("/club/standings?lang=ru", environ_base=AWAY).get_data(as_text=True)
    ben = next(r for r in expected if r.player == "Ben")
    assert f"{ben.mu:.1f} ± {ben.sigma:.1f}".replace(".", ",") in russian  # the reader's decimal comma
    # The Russian words arrive when the lead compiles the catalogs (scripts/web_catalogs.sh); their source is here:
    from companion.web.translations.ru_source_club import RU
    assert RU["rating %(mu)s ± %(sigma)s"] == "сила %(mu)s ± %(sigma)s" and "Skill rating" in RU and "Tables: %(night)s" in RU


def test_the_index_shows_one_nights_tables_when_asked(store_target):
    club(store_target)
    for game_id, night in (("bux-3p-full", "2026-11-20"), ("match-basic-2p", "2026-11-20"),
                           ("bux-4p-full", "2026-11-27"), ("match-results-3p", "2026-11-27")):
        raw_execute(store_target, "UPDATE games SET created = ? WHERE game_id = ?", (at_local(night, 20), game_id))
    client = _app(store_target).test_client()
    every = {t["game_id"] for t in client.get("/club/tables.json", environ_base=AWAY).json["tables"]}
    first = {t["game_id"] for t in client.get("/club/tables.json?night=2026-11-20", environ_base=AWAY).json["tables"]}
    assert every == {"bux-3p-full", "match-basic-2p", "bux-4p-full", "match-results-3p"}
    assert first == {"bux-3p-full", "match-basic-2p"}
    assert client.get("/club/tables.json?night=2026-11-21", environ_base=AWAY).json["tables"] == []
    page = client.get("/club/?night=2026-11-20", environ_base=AWAY).get_data(as_text=True)
    assert 'data-tables="/club/tables.json?night=2026-11-20"' in page
    assert re.findall(r'href="(/club/[^"]*)"', re.findall(r'<nav class="nights"[^>]*>(.*?)</nav>', page, re.S)[0]) == \
        ["/club/", "/club/?night=2026-11-27", "/club/?night=2026-11-20"]
    assert 'href="/club/?night=2026-11-20" aria-current="page"' in page and "Tables: " in page
    bad = client.get("/club/tables.json?night=20.11.2026", environ_base=AWAY)
    assert bad.status_code == 400 and "is not a night" in bad.json["error"]["message"]
