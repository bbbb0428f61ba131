"""The club's "Next round" page (`/club/next-round`): the next round's tables for the players present, printable.

The organiser (or anyone at the wall: names and tables are no secret) picks
the game, the mode and who is present; tonight's games in the store are the
earlier rounds (companion/club/rounds.py), so who already sat together is kept
apart where the tables allow (companion/club/seating.py). The page only
reads: a round is started by starting each table's game, as ever. It is a
GET form, so a seating is a link to keep or share, and the same link (with its
seed) gives the same tables; printing it gives the table list alone (@media
print in club.css hides the form and the navigation).
"""

from __future__ import annotations

import datetime as dt

from flask import Blueprint, abort, current_app, render_template, request
from flask_babel import gettext as _

from companion.club.rounds import next_round, night_tables
from companion.club.seating import player_limits
from companion.errors import CompanionError
from companion.games import games
from companion.web.db import get_store
from companion.web.screens import screens_of

bp = Blueprint("club_seating", __name__, url_prefix="/club")
PRESENT_MAX = 400
"""Names the form takes at most (a club night, not a stadium)."""


def _present(text: str) -> list[str]:
    """Return the names in the form's box: one a line, or separated by commas; blanks dropped."""
    return [name.strip() for line in text.splitlines() for name in line.split(",") if name.strip()]


def _form() -> dict:
    """Return the form's values from the query (defaults: random, seed 1, tonight's players); 400 with a sentence if bad."""
    kinds = [g.name for g in games() if g.new_setup is not None]
    args = request.args
    game = args.get("game") or kinds[0]
    if game not in kinds:
        abort(400, description=_("choose which game the round plays"))
    mode = args.get("mode") or "random"
    if mode not in ("swiss", "random"):
        abort(400, description=_("choose swiss or random seating"))
    numbers = {}
    for key, default in (("seed", "1"), ("tables", "")):
        text = (args.get(key) or default).strip()
        if text and not (text.isdigit() and 0 < int(text) < 10**6):
            abort(400, description=_("the seed and the number of tables are whole numbers from 1"))
        numbers[key] = int(text) if text else None
    if "present" in args:
        present = _present(args["present"])
    else:
        present = list(dict.fromkeys(p for t in night_tables(get_store(), dt.date.today()) for p in t))
    if len(present) > PRESENT_MAX:
        abort(400, description=_("at most %(n)s players", n=PRESENT_MAX))
    return {"game": game, "mode": mode, "seed": numbers["seed"], "tables": numbers["tables"], "present": present,
            "asked": "present" in args, "kinds": [(k, str(screens_of(k).title)) for k in kinds]}


@bp.get("/next-round")
def page():
    """The next round's tables for the players present (the form above them), or why they cannot be seated."""
    form = _form()
    seating, problem = None, None
    if form["asked"]:
        try:
            seating = next_round(get_store(), form["game"], form["present"], mode=form["mode"], seed=form["seed"],
                                 tables=form["tables"], roster=current_app.config.get("CLUB_ROSTER"))
        except CompanionError:
            low, high = player_limits(form["game"])
            problem = _("These players cannot be seated: a table of this game seats %(low)s to %(high)s players, "
                        "the tables must hold everyone, and no name may be listed twice.", low=low, high=high)
    return render_template("club/next_round.html", form=form, seating=seating, problem=problem), 400 if problem else 200


def init_app(app) -> None:
    """Register the page with the club's (companion/web/club.py calls this when the app serves a club)."""
    app.register_blueprint(bp)
