"""What a write request says about itself: its request id and the last seq its screen had shown.

Every state-changing request may carry two headers, both sent by the pages' JS:
- X-Request-Id: a client-made id for one tap (a repeat is answered as the first time: companion/web/writes.py);
- X-Seen-Seq: the latest event seq the screen had shown (an entry made on an outdated screen is a conflict).

Read here, once, into the request's GameSession (companion.store.session.Request),
which the store checks inside its write transaction. Kept apart from writes.py
(which answers repeats and conflicts and so needs the request's store) so that
db.py, which builds the request's session, imports nothing that imports it back.
"""

from __future__ import annotations

import re

from flask import abort, request
from flask_babel import gettext as _

from companion.store.session import Request

REQUEST_HEADER = "X-Request-Id"
SEEN_HEADER = "X-Seen-Seq"
REQUEST_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")


def request_of_this_call() -> Request:
    """Return the write context of the current HTTP request (answers 400 for malformed headers)."""
    if request.method in ("GET", "HEAD", "OPTIONS"):
        return Request()
    request_id = request.headers.get(REQUEST_HEADER)
    if request_id is not None and not REQUEST_ID.fullmatch(request_id):
        abort(400, description=_("The request id must be 8 to 64 letters, digits, '-' or '_'."))
    seen = request.headers.get(SEEN_HEADER)
    if seen is not None and not (seen.isascii() and seen.isdigit() and len(seen) <= 12):
        abort(400, description=_("The seen seq must be a whole number."))
    return Request(request_id, int(seen) if seen is not None else None)


def request_id_of_this_call() -> str | None:
    """Return this POST's request id if it carries a well-formed one, else None (never answers 400)."""
    request_id = request.headers.get(REQUEST_HEADER)
    if request.method != "POST" or not request_id or not REQUEST_ID.fullmatch(request_id):
        return None
    return request_id
