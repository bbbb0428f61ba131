"""BUX's screens: its view (view.py), entry forms' API (entry.py), camera bids (bids.py), its templates and JS.

BUX has no table page or phone page of its own: the shared board blueprint
renders its templates at /g/<id> (bux/game.html) and /g/<id>/me/<player>
(bux/me.html), the URLs the first printed seat QR codes carry.
"""

from flask_babel import lazy_gettext as _l

from companion.web.screens import GameScreens
from companion.games.bux.screens import bids, entry
from companion.games.bux.screens.strings import js_strings
from companion.games.bux.screens.view import BuxView
from companion.games.bux.screens.speech import said

SCREENS = GameScreens(name="bux", speech=said, title=_l("BUX"), view=BuxView, blueprints=(entry.bp, bids.bp), scoreboard="bux/game.html",
                      phone="board.me", phone_page="bux/me.html", strings=js_strings,
                      camera_items=False,
                      camera_layout=_l("Put each seat plate in front of its player, the bid area, discard and timer plates in the middle."),
                      phone_blurb=_l("Each player scans their own code to see the values on the backs of their own cards."),
                      move_words={"draw": _l("draw"), "sell": _l("sale"), "swap": _l("swap"), "broke": _l("going broke")})
