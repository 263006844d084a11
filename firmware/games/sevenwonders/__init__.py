"""7 Wonders Duel's screens: track.py (the tracking screen), pick.py (the card taken)."""
