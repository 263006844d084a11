"""Splendor Duel's screens and words: track.py (the tracking screen), turn.py (the
turn's action), tokenpick.py and cardpick.py (the pickers), words.py (its words)."""
