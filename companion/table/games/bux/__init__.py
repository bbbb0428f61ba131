"""BUX's table reader: the camera's cards in zones + the tablet's typed bids -> proposed BUX moves (interpret.py)."""

from companion.table.games import TableReader
from companion.table.games.bux.interpret import BuxInterpreter

READER = TableReader(name="bux", interpreter=BuxInterpreter)
