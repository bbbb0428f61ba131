"""Blue/red match: reading the table from the camera (layout.py and photo.py: the round-end photo, where each seat's
cards lie); its table reader (interpret.py: proposed discard-pile draws, matches, discards and round scores,
attention items) and how a match game looks on the table, for the self-playing demo (stage.py)."""

from companion.games.match.table.interpret import MatchInterpreter
from companion.games.match.table.messages import word
from companion.games.match.table.stage import SCRIPT
from companion.table.readers import TableReader

READER = TableReader(name="match", interpreter=MatchInterpreter, demo=SCRIPT, positions=True, word=word)
