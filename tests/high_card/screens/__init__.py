"""High Card's screens: the table page with one entry form, and each player's phone page."""

from flask_babel import lazy_gettext as _l

from companion.web.screens import GameScreens
from tests.high_card.screens.pages import HighView, bp

SCREENS = GameScreens(name="high", title=_l("High Card"), view=HighView, blueprints=(bp,), board="high.page",
                      phone="high.phone", phone_blurb="your hand")
