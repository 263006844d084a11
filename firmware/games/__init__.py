"""Each game's screens and words, a folder a game (its tracking screen: track.py);
firmware/gamelist.py is their table."""
