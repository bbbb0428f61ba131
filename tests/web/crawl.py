"""Crawl everything one screen holder can GET: pages in a real browser, what their scripts fetch, every same-origin link.

A holder is a browser context (with the game's cookie for the tablet, none
for the wall, a seat link's key for a phone). From the start links the
crawler loads each page in chromium, records every request the page makes
(its JSON, its scripts and styles, its event stream), keeps each answer's
text, and follows every same-origin href/src/action/data-url it finds. What a
page only fetches after a tap is not reached; the threat-model tests list the
endpoints they expect the crawl to have seen, so a missed one is a failure.
"""

from __future__ import annotations

import http.client
import re
import time
from dataclasses import dataclass, field
from urllib.parse import urljoin, urlsplit

STREAM = "text/event-stream"
EVENT = re.compile(rb"(?:^|\n)(?:event|data):[^\n]*\n(?:[^\n]+\n)*\n")
"""One whole server-sent event."""
NOT_PAGES = ("/static/", ".json", "/api/", "/stream", ".mjpg")
"""Paths fetched as data rather than opened as pages."""


@dataclass
class Seen:
    """What one holder got: each answer's text by path (a page twice: as served and as rendered), and every path asked for."""

    texts: dict[str, str] = field(default_factory=dict)
    asked: list[str] = field(default_factory=list)
    statuses: dict[str, int] = field(default_factory=dict)

    def where(self, needle: str) -> list[str]:
        """Return the paths whose answer contains `needle`."""
        return [path for path, text in self.texts.items() if needle in text]


def path_of(url: str) -> str:
    """Return the path and query of a URL ("/g/bux/state.json?x=1")."""
    parts = urlsplit(url)
    return parts.path + (f"?{parts.query}" if parts.query else "")


def read_stream(base: str, path: str, cookie: str = "", seconds: float = 3.0) -> str:
    """Return the first event (or whatever arrives within `seconds`) of an event stream."""
    parts = urlsplit(base)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=seconds)
    try:
        connection.request("GET", path, headers={"Accept": STREAM, **({"Cookie": cookie} if cookie else {})})
        response = connection.getresponse()
        text, end = b"", time.monotonic() + seconds
        while time.monotonic() < end and not EVENT.search(text):
            chunk = response.fp.read1(65536)
            if not chunk:
                break
            text += chunk
        return text.decode("utf-8", "replace")
    except TimeoutError:
        return ""
    finally:
        connection.close()


def crawl(context, base: str, starts: list[str], *, limit: int = 40, settle: float = 4.0, public: str = "") -> Seen:
    """Return what a holder (a playwright browser context) reaches from `starts` on the server at `base`.

    `public` is the server's PUBLIC_URL: links naming it are followed too (on `base`).

    Language links (?lang=) are not followed: the same data in another
    language, and the language cookie would change the pages after them.
    """
    seen = Seen()
    page = context.new_page()
    pending: dict[object, str] = {}
    finished: list = []

    def asked(request) -> None:
        if request.url.startswith(base):
            seen.asked.append(path_of(request.url))
            if request.method == "GET" and "/stream" not in request.url and not request.url.endswith(".mjpg"):
                pending[request] = request.url

    def done(request) -> None:
        if pending.pop(request, None) is not None:
            finished.append(request)

    page.on("request", asked)
    page.on("requestfinished", done)
    page.on("requestfailed", lambda request: pending.pop(request, None))
    queue, visited = [path_of(s) for s in starts], set()
    try:
        while queue and len(visited) < limit:
            path = queue.pop(0)
            if path in visited:
                continue
            visited.add(path)
            if any(marker in path for marker in NOT_PAGES):
                _fetch(context, base, path, seen)
                continue
            response = page.goto(base + path)
            end = time.monotonic() + settle
            quiet = 0
            while quiet < 3 and time.monotonic() < end:  # the page's own fetches (state, then options, ...): 300 ms without one
                page.wait_for_timeout(100)
                quiet = 0 if pending else quiet + 1
            landed = path_of(page.url)
            visited.add(landed)
            if response is not None:
                seen.statuses[landed] = response.status
                seen.texts[landed] = response.text()
            seen.texts[landed + " (rendered)"] = page.content()
            for request in finished:
                answer = request.response()
                if answer is not None and request.url.startswith(base):
                    key = path_of(request.url)
                    seen.statuses[key] = answer.status
                    try:
                        seen.texts[key] = answer.text()
                    except Exception:  # noqa: BLE001 - a binary answer (an image) has no text to scan
                        seen.texts[key] = ""
            finished.clear()
            _fetch_named(context, base, page, seen)
            links = page.eval_on_selector_all(
                "[href], [src], [action], [data-url]",
                "els => els.map(e => e.getAttribute('href') || e.getAttribute('src') || e.getAttribute('action') || e.dataset.url)")
            for link in links:
                url = urljoin(page.url, link or "")
                if public and url.startswith(public.rstrip("/") + "/"):
                    url = base + url[len(public.rstrip("/")):]
                if not url.startswith(base + "/") or "lang=" in urlsplit(url).query:
                    continue
                target = path_of(url.split("#")[0])
                if target not in visited and target not in queue:
                    queue.append(target)
    finally:
        page.close()
    for path in dict.fromkeys(seen.asked):  # a cached (304) or skipped answer: fetch its text with the holder's cookies
        if not seen.texts.get(path) and "/stream" not in path and path not in seen.texts or seen.statuses.get(path) == 304:
            _fetch(context, base, path, seen)
    cookie = "; ".join(f"{c['name']}={c['value']}" for c in context.cookies(base))
    for stream in sorted({p for p in seen.asked if "/stream" in p}):
        seen.texts[stream] = read_stream(base, stream, cookie)
    return seen


NAMED = re.compile(r"\b(?:CONFIG|CFG|CAM)\.api\s*\+\s*\"([^\"]*)\"")
"""A script's API call: `fetch(CONFIG.api + "/options", ...)`; GET each one (a POST-only one answers 405, changing nothing)."""


def _fetch_named(context, base: str, page, seen: Seen) -> None:
    """GET every API path this page's scripts name, with the page's own token header (what a tap would fetch)."""
    config = page.eval_on_selector_all("#config", "els => els.map(e => [e.dataset.api || '', e.dataset.token || ''])")
    scripts = page.eval_on_selector_all("script[src]", "els => els.map(e => e.getAttribute('src'))")
    for api, token in config:
        if not api:
            continue
        for script in scripts:
            text = seen.texts.get(path_of(urljoin(page.url, script)), "")
            for named in NAMED.findall(text):
                if named.endswith("/"):
                    continue  # an item's own URL (/attention/<id>): needs an id the page gets from elsewhere
                path = path_of(urljoin(page.url, api + named))
                if path in seen.texts:
                    continue
                seen.asked.append(path)
                response = context.request.get(base + path, headers={"X-Companion-Token": token} if token else {}, timeout=5000)
                seen.statuses[path] = response.status
                seen.texts[path] = response.text()


def _fetch(context, base: str, path: str, seen: Seen) -> None:
    """GET a linked resource with the holder's cookies (never a stream: those are read by read_stream)."""
    if path not in seen.asked:
        seen.asked.append(path)
    if "/stream" in path:
        return
    response = context.request.get(base + path, timeout=5000, max_redirects=5)
    seen.statuses[path] = response.status
    kind = response.headers.get("content-type", "")
    seen.texts[path] = response.text() if kind.startswith(("text/", "application/json", "application/javascript", "image/svg")) else ""
