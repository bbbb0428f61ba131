"""Grow Your Assets' screens: the table page and each player's phone (pages.py), their view (view.py), sealed bids (bids.py)."""

from flask_babel import lazy_gettext as _l

from companion.web.screens import GameScreens
from companion.games.grow.screens.pages import bp
from companion.games.grow.screens.view import GrowView
from companion.games.grow.screens.speech import said

SCREENS = GameScreens(name="grow", speech=said, camera_layout=_l("Put each seat plate in front of its player, the round row and discard plates in the middle."),
                      title=_l("Grow Your Assets"), view=GrowView, blueprints=(bp,), board="grow.page",
                      phone="grow.phone", phone_blurb=_l("Each player scans their own code to seal their bids on their own phone."),
                      move_words={"draw": _l("draw"), "reveal_bids": _l("revealed bids"), "tiebreak": _l("tie-break"), "pick": _l("pick"),
                                  "roll": _l("roll"), "act": _l("card action"), "decline": _l("declined card action"),
                                  "break": _l("change of the blue token")})
