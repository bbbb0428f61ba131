"""A club's view over many stored games: standings and statistics per player (issue 20)."""
