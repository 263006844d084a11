"""duelkeeper: the PC side of the duel-game companion (replay now; simulator, sync and log next)."""
