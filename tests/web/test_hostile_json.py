"""Every POST endpoint answers hostile JSON bodies with a 4xx and a JSON message, never a 500."""

from __future__ import annotations

import pytest

from .conftest import GAME_ID

BODIES = [
    b"[" * 100_000,
    b'{"line": ' * 20_000,
    b'{"line": {"type": "draw", "price": ' + b"9" * 5000 + b"}}",
    b'{"how": 1e999}',
    b"\xff\xfe\x00",
    b"\xef\xbb\xbf[]",
    b"\x00" * 32,
]


def post_routes(app) -> list[str]:
    urls = []
    for rule in app.url_map.iter_rules():
        if "POST" not in rule.methods:
            continue
        values = {arg: {"game_id": GAME_ID}.get(arg, "Ann") for arg in rule.arguments}
        urls.append(rule.rule.replace("<", "{").replace(">", "}").format(**{
            key: v for arg, v in values.items() for key in (arg, *(f"{conv}:{arg}" for conv in ("int", "path", "string")))}))
    return urls


def test_there_are_post_endpoints_to_try(app):
    assert len(post_routes(app)) >= 5 and f"/g/{GAME_ID}/api/move" in post_routes(app)


@pytest.mark.parametrize("body", BODIES, ids=range(len(BODIES)))
def test_hostile_bodies_are_never_a_server_error(app, client, auth, body):
    """Issue 13 item 5: 100,000 nested '[' posted to /api/move was a 500 with a RecursionError."""
    for url in post_routes(app):
        response = client.post(url, data=body, content_type="application/json", headers=auth)
        assert response.status_code < 500, (url, response.status_code, response.get_data(as_text=True)[:300])


def test_move_endpoint_says_what_is_wrong_with_the_body(client, auth):
    response = client.post(f"/g/{GAME_ID}/api/move", data=b"[" * 100_000, content_type="application/json", headers=auth)
    assert response.status_code == 400
    assert "levels deep" in response.get_json()["error"]["message"]
    response = client.post(f"/g/{GAME_ID}/api/move", data=b'{"line": ' + b"9" * 5000 + b"}",
                           content_type="application/json", headers=auth)
    assert response.status_code == 400 and "5000 digits" in response.get_json()["error"]["message"]
