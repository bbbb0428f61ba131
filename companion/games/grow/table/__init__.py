"""Grow Your Assets: reading the table from the camera (the round's face-up row, each seat's stacks)."""
