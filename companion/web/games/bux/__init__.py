"""BUX's screens: its view (view.py), entry forms' API (entry.py) and camera bids (bids.py).

The scoreboard at /g/<id> (game.html) and the phone page at /g/<id>/me/<player>
(me.html) are still served by the shared board blueprint.
"""

from flask_babel import lazy_gettext as _l

from companion.web.games import GameScreens
from companion.web.games.bux import bids, entry
from companion.web.games.bux.view import BuxView

SCREENS = GameScreens(name="bux", title=_l("BUX"), view=BuxView, blueprints=(entry.bp, bids.bp), phone="board.me",
                      phone_blurb=_l("Each player scans their own code to see the values on the backs of their own cards."))
