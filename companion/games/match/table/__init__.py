"""Blue/red match: reading the table from the camera (the round-end photo: where each seat's cards lie)."""
