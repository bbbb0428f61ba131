"""The live server's broadcaster renders the shared state.json without faking an HTTP request.

It once re-entered Flask through test_request_context("/g/<id>/state.json")
to run the view; now the body is a plain function of the game's session, key
and a language (companion/web/shared_state.py), run in the app's context. The
body a stream carries must stay byte for byte what GET state.json answers.
"""

from __future__ import annotations

import json

import pytest
from flask import Flask

from companion.web.asgi import LiveApp
from tests.web.conftest import GAME_ID


@pytest.fixture
def no_fake_requests(monkeypatch):
    """Make any use of Flask.test_request_context fail the test."""

    def refuse(self, *args, **kwargs):
        raise AssertionError(f"a fake request was made: {args}")

    monkeypatch.setattr(Flask, "test_request_context", refuse)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_broadcaster_renders_what_state_json_answers_without_a_request(app, client, language, no_fake_requests):
    answered = client.get(f"/g/{GAME_ID}/state.json?lang={language}")
    seq, body = LiveApp(app)._render(GAME_ID, language)
    assert body == answered.get_data()
    assert seq == json.loads(body)["seq"] == answered.get_json()["seq"]


def test_the_broadcaster_renders_nothing_for_an_unknown_game(app, no_fake_requests):
    assert LiveApp(app)._render("no-such-game", "en") is None


@pytest.mark.parametrize("query, headers, language", [
    (b"state=1&lang=ru", [], "ru"),
    (b"state=1", [(b"accept-language", b"ru-RU,ru;q=0.9")], "ru"),
    (b"state=1", [(b"cookie", b"lang=ru")], "ru"),
    (b"state=1&lang=en", [(b"cookie", b"lang=ru")], "en"),
    (b"state=1", [], "en"),
])
def test_a_stream_s_language_is_read_from_its_head_without_a_request(query, headers, language, no_fake_requests):
    assert LiveApp._language({"path": f"/g/{GAME_ID}/stream", "query_string": query, "headers": headers}) == language
