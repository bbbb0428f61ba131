"""BUX's table reader: the camera's cards in zones + the tablet's typed bids -> proposed BUX moves (interpret.py);
and how a BUX game looks on the table, for the self-playing demo (stage.py)."""

from companion.games.bux.table.interpret import BuxInterpreter
from companion.games.bux.table.stage import SCRIPT
from companion.table.readers import TableReader

READER = TableReader(name="bux", interpreter=BuxInterpreter, demo=SCRIPT)
