"""Cat auction: its table (layout.json: the lot spot, the stake and the penalty pile in the middle, each player's won cats at their seat).

No table reader yet: the lot and its winner are entered on the tablet and phones. The layout
and its plates let the setup check frame a cat-auction table today (companion camera-check).
"""
