"""BUX's table reader: the camera's cards in zones + the tablet's typed bids -> proposed BUX moves (interpret.py)."""

from companion.table.readers import TableReader
from companion.games.bux.table.interpret import BuxInterpreter

READER = TableReader(name="bux", interpreter=BuxInterpreter)
