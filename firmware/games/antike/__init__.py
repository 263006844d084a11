"""Antike Duellum's screens: track.py (the tracking screen), turn.py (the turn's menu)."""
