"""The cat auction's screens: the shared table page and each player's phone (pages.py), their view (view.py)."""

from flask_babel import lazy_gettext as _l

from companion.web.screens import GameScreens
from companion.games.cats.screens.pages import bp, rules_context
from companion.games.cats.screens.view import CatsView, extract_deck
from companion.games.cats.screens.speech import said

SCREENS = GameScreens(name="cats", speech=said, camera_layout=_l("Put each seat plate in front of its player, the lot, stake and penalty plates in the middle."),
                      title=_l("Cat auction"), view=CatsView, blueprints=(bp,), board="cats.page",
                      phone="cats.phone", phone_blurb=_l("Each player scans their own code to enter and see their own hand."),
                      rules_context=rules_context,
                      move_words={"deal": _l("hand"), "lot": _l("lot"), "bid": _l("bid"), "play": _l("played card"), "pass": _l("pass"),
                                  "draw": _l("draw"), "reveal": _l("reveal")})
