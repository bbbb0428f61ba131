"""Table companion: keeps the game state beside a physical card game.

Importing the package has no side effects; the command line lives in companion.cli.
"""

__version__ = "0.1.0"
