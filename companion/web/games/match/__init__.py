"""The blue/red match's screens: its table page (pages.py), its view (view.py), the photo reading (photo.py)."""

from flask_babel import lazy_gettext as _l

from companion.web.games import GameScreens
from companion.web.games.match.pages import bp
from companion.web.games.match.view import MatchView

SCREENS = GameScreens(name="match", title=_l("Blue/Red Match"), view=MatchView, blueprints=(bp,), board="match.page")
