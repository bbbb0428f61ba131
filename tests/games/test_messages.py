"""Every refusal an engine raises has an English and a Russian sentence, and every sentence's blanks are filled (issue 16).

The raise sites are collected from the engines' source with `ast`: every
`W.violation("rule", ...)` / `W.malformed(...)` call (and the shared table's).
For each, its game's table must hold the rule id (or its "why" variants) in
English and Russian, and each template's placeholders must be among the
keyword parameters that site passes. A site that passes `**params` is checked
for its id only; the walk in test_refusals.py renders those.
"""

from __future__ import annotations

import ast
import importlib
import re
import string
from pathlib import Path

import pytest

from companion.errors import RuleViolation
from companion.games import find_game, game_modules
from companion.games.messages import WORDING as COMMON
from companion.games.wording import Wording, join_words, plural_form, render

ROOT = Path(__file__).resolve().parents[2] / "companion" / "games"
PARTS = ("screens", "table", "audit")


def rules_files() -> list[Path]:
    """The rules engines' modules: every game folder's top (its screens, table and audit parts are not rules)."""
    return [path for path in sorted(ROOT.rglob("*.py"))
            if not (len(path.relative_to(ROOT).parts) > 2 and path.relative_to(ROOT).parts[1] in PARTS)]
CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)


def table_of(path: Path) -> Wording:
    """Return the Wording a module under companion/games raises through (its game's, or the shared one)."""
    relative = path.relative_to(ROOT)
    if len(relative.parts) > 1:
        return importlib.import_module(f"companion.games.{relative.parts[0]}.messages").W
    return COMMON


def fields(template: str) -> set[str]:
    """Return the placeholder names of a template, including those nested in a format spec."""
    names = set()
    for _text, name, spec, _conv in string.Formatter().parse(template):
        if name is not None:
            names.add(name.split(".")[0].split("[")[0])
            if spec:
                names |= fields(spec)
    return names


def raise_sites() -> list[dict]:
    """Return every W.violation/W.malformed (and shared table) call in the engines' source."""
    sites = []
    for path in rules_files():
        if path.name == "messages.py" or path.name == "wording.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in ("violation", "malformed") and node.args):
                continue
            rule = node.args[0]
            if isinstance(rule, ast.Constant):
                rule_text, suffix_only = rule.value, False
            elif isinstance(rule, ast.JoinedStr):
                # f"{kind}.not_your_turn" or f"play.condition.{cell.condition}": a pattern over the table's keys
                rule_text = "".join(re.escape(v.value) if isinstance(v, ast.Constant)
                                    else "{kind}" if ast.unparse(v.value) == "kind" else "[a-z_]+" for v in rule.values)
                suffix_only = True
            elif isinstance(rule, ast.IfExp):
                for branch in (rule.body, rule.orelse):
                    sites.append(_site(path, node, branch.value, False))
                continue
            else:
                rule_text, suffix_only = None, False
            sites.append(_site(path, node, rule_text, suffix_only))
    return sites


def _site(path: Path, node: ast.Call, rule: str | None, suffix_only: bool) -> dict:
    keywords = {k.arg for k in node.keywords if k.arg is not None}
    spread = any(k.arg is None for k in node.keywords)
    why = next((k.value for k in node.keywords if k.arg == "why"), None)
    whys: list[str] | None = None
    if isinstance(why, ast.Constant):
        whys = [why.value]
    elif isinstance(why, ast.IfExp) and isinstance(why.body, ast.Constant) and isinstance(why.orelse, ast.Constant):
        whys = [why.body.value, why.orelse.value]
    return {"path": path, "line": node.lineno, "rule": rule, "suffix_only": suffix_only, "params": keywords,
            "spread": spread, "why": whys, "has_why": why is not None}


SITES = raise_sites()


def _messages_module(path: Path):
    relative = path.relative_to(ROOT)
    name = f"companion.games.{relative.parts[0]}.messages" if len(relative.parts) > 1 else "companion.games.messages"
    return importlib.import_module(name)


def keys_for(table: Wording, site: dict) -> list[str]:
    """Return the template keys a site can use (its id, or its id's "why" variants; for f"{kind}.x" every kind's)."""
    messages = dict(COMMON.messages) | dict(table.messages)
    rule = site["rule"]
    if site["suffix_only"]:
        # {kind} stands for the line types the game's table declares (TURN_KINDS, PHASE_KINDS, ...)
        module = _messages_module(site["path"])
        kinds = sorted({k for name, value in vars(module).items() if name.endswith("_KINDS") for k in value})
        pattern = re.compile(rule.replace("{kind}", "(?:" + "|".join(map(re.escape, kinds)) + ")"))
        matches = [k for k in messages if pattern.fullmatch(k.split("/")[0])]
    elif site["why"] is not None:
        matches = [f"{rule}/{why}" for why in site["why"]]
    elif site["has_why"] or site["spread"]:
        matches = [k for k in messages if k == rule or k.startswith(rule + "/")]
    else:
        matches = [rule]
    return matches


def test_the_sites_were_found():
    """The collector sees the engines' raises: every game and the shared checks."""
    paths = {site["path"].relative_to(ROOT).parts[0] for site in SITES}
    assert {"bux", "cats", "grow", "match", "base.py", "jsonl.py"} <= paths
    assert len(SITES) > 200, len(SITES)


def test_engines_raise_refusals_only_through_their_tables():
    """No engine builds a RuleViolation by hand: its sentence would exist in English only."""
    for path in rules_files():
        if path.name != "wording.py":  # the one place that builds them, from a table
            assert "RuleViolation(" not in path.read_text(encoding="utf-8"), path


@pytest.mark.parametrize("site", SITES, ids=[f"{s['path'].relative_to(ROOT)}:{s['line']}" for s in SITES])
def test_every_raised_rule_has_english_and_russian_and_its_blanks_are_passed(site):
    assert site["rule"], "a rule id must be a literal (or an f-string with a literal tail)"
    table = table_of(site["path"])
    messages = dict(COMMON.messages) | dict(table.messages)
    keys = keys_for(table, site)
    assert keys, f"no template for {site['rule']}"
    for key in keys:
        assert key in messages, f"no template {key}"
        texts = messages[key]
        assert texts.get("en") and texts.get("ru"), f"{key} lacks a language: {texts}"
        assert CYRILLIC.search(texts["ru"]), f"{key}: the Russian text is not Russian"
        if not site["spread"]:
            for lang in ("en", "ru"):
                missing = fields(texts[lang]) - site["params"]
                assert not missing, f"{key} ({lang}) needs {missing}, the raise passes {sorted(site['params'])}"


@pytest.mark.parametrize("game", sorted(game_modules()) + ["common"])
def test_every_template_has_both_languages_with_the_same_blanks(game):
    table = COMMON if game == "common" else importlib.import_module(f"companion.games.{game}.messages").W
    for key, texts in table.messages.items():
        assert set(texts) == {"en", "ru"}, key
        assert fields(texts["en"]) == fields(texts["ru"]), (key, texts)
        assert CYRILLIC.search(texts["ru"]) and not CYRILLIC.search(texts["en"]), (key, texts)
        for lang in ("en", "ru"):
            assert not re.search(r"!r\b|^[a-z_]+: ", texts[lang]), (key, lang, texts[lang])


def test_lists_are_joined_as_words_and_counts_agree():
    """Lists read "A, B and C" / "A, B и C"; a Russian count takes its form (1 фишка, 2 фишки, 5 фишек)."""
    assert join_words(["♥ circle", "♠ X", "♦ oval"]) == "♥ circle, ♠ X and ♦ oval"
    assert join_words(["♥ круг", "♠ X", "♦ овал"], "ru") == "♥ круг, ♠ X и ♦ овал"
    forms = ["фишка", "фишки", "фишек"]
    assert [plural_form(n, forms, "ru") for n in (1, 2, 5, 11, 21, 22, 25)] == \
        ["фишка", "фишки", "фишек", "фишек", "фишка", "фишки", "фишек"]


def test_a_bux_refusal_in_both_languages():
    """The issue's examples, worded: whose turn, and a list of cards that is not a set."""
    game = find_game("bux")
    state = game.replay(Path(__file__).resolve().parents[1].joinpath("records", "bux-3p-full.jsonl")
                        .read_text(encoding="utf-8").splitlines(True)[:1])
    wrong = next(p for p in state.players if p != state.players[state.to_move])
    with pytest.raises(RuleViolation) as info:
        game.apply(state, game.move_from_json({"type": "broke", "player": wrong}))
    error = info.value
    turn = state.players[state.to_move]
    assert error.rule == "broke.not_your_turn" and error.params == {"turn": turn, "player": wrong}
    assert render(error, "en") == f"It is {turn}'s turn, not {wrong}'s."
    assert render(error, "ru") == f"Сейчас ход игрока {turn}, а не игрока {wrong}."
    cards = ["heart-circle-100", "spade-x-50", "diamond-oval-25"]
    sell = importlib.import_module("companion.games.bux.messages").W.violation("sell.not_a_set", cards=cards)
    assert render(sell, "en") == "♥ circle 100, ♠ X 50 and ♦ oval 25 share neither a suit nor a shape."
    assert render(sell, "ru", card=lambda c: {"heart-circle-100": "♥ круг", "spade-x-50": "♠ X",
                                             "diamond-oval-25": "♦ овал"}[c]) == \
        "У карт ♥ круг, ♠ X и ♦ овал нет ни общей масти, ни общей фигуры."


def test_player_names_are_never_declined_in_russian():
    """«у игрока Боря», «ход игрока Аня»: a name stays as written; the word «игрок» takes the case.

    So no Russian template puts a name straight after a preposition or «ход»
    (which would want it declined), nor glues an ending onto it.
    """
    names = "player|turn|winner|owner|victim|partner|first|dealer|name|other|who|missing|tied|given|players|extra"
    bare = re.compile(r"(?:^|\s)(?:у|ход|от|для|с|к|по|при)\s+\{(?:" + names + r")(?::[a-z]+)?\}")
    glued = re.compile(r"\{(?:" + names + r")(?::[a-z]+)?\}[а-яё]")
    for game in sorted(game_modules()) + ["common"]:
        table = COMMON if game == "common" else importlib.import_module(f"companion.games.{game}.messages").W
        for key, texts in table.messages.items():
            assert not bare.search(texts["ru"]) and not glued.search(texts["ru"]), (key, texts["ru"])


def test_doctests():
    import doctest

    from companion.games import base, wording
    from companion.games.bux import messages as bux
    from companion.games.cats import messages as cats
    from companion.games.grow import messages as grow

    for module in (wording, base, bux, cats, grow):
        assert doctest.testmod(module).failed == 0, module.__name__
