"""Grow Your Assets: reading the table from the camera (layout.py: the round's face-up row, each seat's stacks);
its table reader (interpret.py: proposed draws and picks, attention items) and how a Grow game looks on the
table, for the self-playing demo (stage.py)."""

from companion.games.grow.table.interpret import GrowInterpreter
from companion.games.grow.table.messages import word
from companion.games.grow.table.stage import SCRIPT
from companion.table.readers import TableReader

READER = TableReader(name="grow", interpreter=GrowInterpreter, demo=SCRIPT, positions=True, word=word)
