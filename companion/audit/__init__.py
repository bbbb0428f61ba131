"""After-game audit: verify the hash chain, replay every move, list anomalies, write a report.

Reads the event store (or an exported record / events file) and never writes
to it. Sits at the top of the one-way flow: it may use store, games, dice and
OpenCV (for keyframe thumbnails), and nothing imports it but the CLI.
"""
