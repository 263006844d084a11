"""Antike Duellum's words for the flash codec (duelcore.pack): loaded only to pack.

A packed record stores each of these words as its number, so the list only ever grows
at the end: never reorder, remove or rename a word (tests/core/antike/test_codes.py
pins it). The verbs come first, in tables.VERBS order, since a packed event's header
holds its verb's number; then every other name an event uses (each once: "trade" is a
verb and a know-how, "wall" a verb and a conquer detail).
"""

WORDS = (
    "rondel", "produce", "recruit", "deploy", "temple", "wall", "knowledge", "battle",
    "conquer", "city", "personality", "event", "trade", "card", "resources", "units",
    "marble", "iron", "gold", "coins",
    "king", "scholar", "citizen", "general", "navigator",
    "roads", "navigation", "monetary-economy", "republic",
    "academy", "architect", "burglary", "charity", "corruption", "diplomacy",
    "earthquake", "forge", "fortress", "gang", "gold-mine", "honorarium", "merchant",
    "mining", "mutiny", "oracle", "pestilence", "privilege", "prosperity", "purchase",
    "recruits", "sabotage", "settler", "shipyard", "stone-pit",
    "resource", "armies", "fleets", "defenders", "fleets_lost",
    "give", "take", "army", "fleet",
)  # fmt: skip
