"""Cat auction: its table (layout.json: the lot spot, the stake and the penalty pile in the middle), its table
reader (interpret.py: bids and cat cards laid face up on the stake -> proposed moves, attention items) and how a
cat auction looks on the table, for the self-playing demo (stage.py).

The camera reads only face-up cards (a back carries no mark): the lot, penalties, hands, draws and reveals are
entered on the tablet and the phones, as before.
"""

from companion.games.cats.table.interpret import CatsInterpreter
from companion.games.cats.table.messages import word
from companion.games.cats.table.stage import SCRIPT
from companion.table.readers import TableReader

READER = TableReader(name="cats", interpreter=CatsInterpreter, demo=SCRIPT, positions=True, word=word)
