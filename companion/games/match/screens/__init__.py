"""The blue/red match's screens: its table page (pages.py), its view (view.py), the photo reading (photo.py)."""

from flask_babel import lazy_gettext as _l

from companion.web.screens import GameScreens
from companion.games.match.screens.pages import bp
from companion.games.match.screens.view import MatchView
from companion.games.match.screens.speech import said

SCREENS = GameScreens(name="match", speech=said, camera_layout=_l("Put each seat plate in front of its player, the two deck and two discard plates in a block in the middle."),
                      title=_l("Blue/Red Match"), view=MatchView, blueprints=(bp,), board="match.page",
                      move_words={"deal": _l("hand"), "draw": _l("draw"), "match": _l("match"), "trade": _l("trade"), "steal": _l("steal"),
                                  "discard_wild": _l("discarded wild card"), "discard": _l("discard"),
                                  "score": _l("round's score")})
