"""Write tests/vectors/antike-duellum/*.json: one small record per rule, two whole games.

    python tests/core/antike/make_vectors.py

Each rule vector's expectation below is written by hand from the rule it cites; the
script replays it and stops on any disagreement, so a vector is never just a copy of
what the code does. The complete games come from a simple deterministic player (``bot``)
choosing among ``legal()``; their expectation is the final result, checked for the
things a finished game must show (nine personalities, the game over).
"""

import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(__file__))

from adhelp import VECTORS, Match, record, run_vector  # noqa: E402


# Events that give player 1 card c1 and player 0 card c0 (two navigators); afterwards it
# is player 1's turn (moved) and player 0 opens the next.
def dealt(c0, c1):
    return [
        ["rondel", 0, 1, {}],
        ["personality", 0, "navigator"],
        ["card", 1, c1],
        ["rondel", 1, 1, {}],
        ["personality", 1, "navigator"],
        ["card", 0, c0],
    ]


R0 = ["rondel", 0, 1, {}]
R1 = ["rondel", 1, 1, {}]
START = {"marble": 3, "iron": 3, "gold": 3, "coins": 0}


def res(**kw):
    out = dict(START)
    out.update(kw)
    return out


def pl(**kw):
    """A partial player object."""
    return kw


# name: (events, expect | error index, why). A refused event's object has at most one key:
# the refusal quotes the event as JSON and MicroPython orders an object's keys its own way
# (tests/mpy compares the messages).
RULES = {
    "start": (
        [],
        {
            "over": False,
            "winner": None,
            "victory": None,
            "turn": 0,
            "pending": None,
            "players": [
                pl(
                    resources=START,
                    cities=3,
                    temples=0,
                    walls={"held": 1, "built": 0},
                    knowledge=[],
                    recruits={"army": 1, "fleet": 1},
                    personalities={
                        "king": 0,
                        "scholar": 0,
                        "citizen": 0,
                        "general": 0,
                        "navigator": 0,
                        "total": 0,
                    },
                )
            ]
            * 2,
        },
        "Start: 3 cities (marble, iron, gold), 1 wall piece, 3 marble/iron/gold, a legion and "
        "a galley recruited.",
    ),
    "rondel-first-move-free": (
        [["rondel", 0, 7, {}]],
        {"players": [pl(resources=START), pl()]},
        "A player's first rondel move places the marker from the centre: free.",
    ),
    "rondel-paid-steps": (
        [R0, R1, ["rondel", 0, 6, {"marble": 2, "gold": 1}]],
        {"players": [pl(resources=res(marble=1, gold=2)), pl()]},
        "1-3 steps are free, each further step costs one resource.",
    ),
    "rondel-coin-as-resource": (
        [R0, ["produce", 0, "gold", False], R1, ["rondel", 0, 4, {"coins": 1}]],
        {"players": [pl(resources=res(gold=4)), pl()]},
        "A coin counts as any resource.",
    ),
    "rondel-underpaid-refused": (
        [R0, R1, ["rondel", 0, 5, {"gold": 1}]],
        2,
        "Five steps cost two resources.",
    ),
    "rondel-twice-refused": ([R0, ["rondel", 0, 1, {}]], 1, "One rondel move per turn."),
    "out-of-turn-refused": (
        [R0, ["produce", 1, "gold", False]],
        1,
        "Only the player whose turn it is acts.",
    ),
    "action-before-rondel-refused": (
        [["produce", 0, "gold", False]],
        0,
        "The turn starts with the rondel move.",
    ),
    "one-action-per-turn-refused": (
        [R0, ["produce", 0, "gold", False], ["knowledge", 0, "roads"]],
        2,
        "A turn carries out the one action of the space moved to.",
    ),
    "city-after-claim-refused": (
        [R0, ["personality", 0, "navigator"], ["card", 1, "gang"], ["city", 0, 0, "gold"]],
        3,
        "Cities are founded before personalities are claimed.",
    ),
    "produce-one-and-a-coin": (
        [R0, ["produce", 0, "marble", False]],
        {"players": [pl(resources=res(marble=4, coins=1)), pl()]},
        "Production: 1 of the city's resource and 1 coin.",
    ),
    "produce-temple-three": (
        [
            ["resources", 0, {"marble": 6}],
            R0,
            ["temple", 0, 0],
            R1,
            R0,
            ["produce", 0, "iron", True],
        ],
        {"players": [pl(resources=res(iron=6, coins=1), temples=1), pl()]},
        "A city with a temple produces 3 (which city has it is the players' word).",
    ),
    "produce-temple-without-temple-refused": (
        [R0, ["produce", 0, "iron", True]],
        1,
        "Production from a temple city needs a temple (memo: 神殿のある都市の場合).",
    ),
    "produce-monetary-economy": (
        [
            ["resources", 0, {"gold": 4}],
            R0,
            ["knowledge", 0, "monetary-economy"],
            R1,
            R0,
            ["produce", 0, "marble", False],
        ],
        {
            "players": [
                pl(resources=res(marble=5, gold=0, coins=1), knowledge=["monetary-economy"]),
                pl(),
            ]
        },
        "Monetary Economy: one more of the resource produced.",
    ),
    "produce-twice-refused": (
        [R0, ["produce", 0, "gold", False], ["produce", 0, "gold", False]],
        2,
        "One production per turn.",
    ),
    "recruit-costs": (
        [R0, ["recruit", 0, 1, 1]],
        {"players": [pl(resources=res(gold=0), recruits={"army": 2, "fleet": 2}), pl()]},
        "Recruiting: 1 gold a legion, 2 gold a galley.",
    ),
    "recruit-supply-refused": (
        [["resources", 0, {"gold": 30}], R0, ["recruit", 0, 12, 0]],
        2,
        "12 legions per player; one is already recruited.",
    ),
    "deploy-costs": (
        [["resources", 0, {"iron": 1}], R0, ["deploy", 0, 1, 1]],
        {
            "players": [
                pl(
                    resources=res(iron=0, coins=0),
                    recruits={"army": 0, "fleet": 0},
                    units={"army": 1, "fleet": 1},
                ),
                pl(),
            ]
        },
        "Deploying: 2 iron a unit, from the recruitment box.",
    ),
    "deploy-limit-refused": (
        [
            ["units", 0, [5, 5, 0, 0]],
            ["resources", 0, {"iron": 9}],
            R0,
            ["deploy", 0, 2, 0],
            ["deploy", 0, 1, 1],
        ],
        4,
        "Without temples 1 unit per city and turn: 3 cities, 3 units.",
    ),
    "temple-adjacent-coin": (
        [["resources", 0, {"marble": 9, "coins": 1}], R0, ["temple", 0, 0], ["temple", 0, 1]],
        {"players": [pl(resources=res(marble=0), temples=2), pl()]},
        "A temple costs 6 marble and 1 coin per adjacent temple.",
    ),
    "temple-one-per-city-refused": (
        [
            ["resources", 0, {"marble": 30, "coins": 9}],
            R0,
            ["temple", 0, 0],
            ["temple", 0, 0],
            ["temple", 0, 0],
            ["temple", 0, 0],
        ],
        5,
        "One temple per city.",
    ),
    "wall": (
        [R0, ["wall", 0]],
        {"players": [pl(resources=res(marble=2), walls={"held": 0, "built": 1}), pl()]},
        "A wall costs 1 marble and uses a wall piece.",
    ),
    "wall-without-piece-refused": (
        [R0, ["wall", 0], ["wall", 0]],
        2,
        "Walls come from the pieces held.",
    ),
    "city-adjacent-coin": (
        [["resources", 0, {"coins": 2}], R0, ["city", 0, 2, "gold"]],
        {
            "players": [
                pl(
                    resources={"marble": 2, "iron": 2, "gold": 2, "coins": 0},
                    cities=4,
                    city_resources={"marble": 1, "iron": 1, "gold": 2, "unknown": 0},
                ),
                pl(),
            ]
        },
        "A city: marble, iron, gold, and a coin per adjacent city of the same resource.",
    ),
    "city-tokens-refused": (
        [["resources", 0, {"marble": 9, "iron": 9, "gold": 9}], R0] + [["city", 0, 0, "gold"]] * 9,
        10,
        "10 gold city tokens: 2 start on the board, 8 more can be founded.",
    ),
    "knowledge-first-and-later": (
        [
            ["resources", 0, {"gold": 3}],
            ["resources", 1, {"gold": 3}],
            R0,
            ["knowledge", 0, "navigation"],
            R1,
            ["knowledge", 1, "navigation"],
        ],
        {"players": [pl(resources=res(gold=0)), pl(resources=res(gold=3))]},
        "Navigation costs 6 gold first, 3 when the opponent has it.",
    ),
    "knowledge-twice-refused": (
        [["resources", 0, {"gold": 9}], R0, ["knowledge", 0, "roads"], ["knowledge", 0, "roads"]],
        3,
        "Each know-how once.",
    ),
    "battle": (
        [["units", 0, [0, 0, 2, 1]], ["units", 1, [0, 0, 1, 1]], R0, ["battle", 0, 1, 1]],
        {
            "players": [
                pl(units={"army": 1, "fleet": 0}, recruits={"army": 2, "fleet": 2}),
                pl(units={"army": 0, "fleet": 0}, recruits={"army": 2, "fleet": 2}),
            ]
        },
        "Units meeting on the move cancel one for one and go back to the recruits.",
    ),
    "conquest-defence": (
        [
            ["units", 0, [0, 0, 8, 0]],
            ["units", 1, [0, 0, 1, 0]],
            ["resources", 1, {"marble": 4, "gold": 3}],
            R0,
            R1,
            ["temple", 1, 0],
            ["wall", 1],
            R0,
            ["produce", 0, "gold", False],
            R1,
            ["knowledge", 1, "republic"],
            R0,
            ["conquer", 0, True, {"resource": "iron", "wall": True, "armies": 7, "defenders": 1}],
        ],
        {
            "pending": "card",
            "turn": 1,
            "players": [
                pl(
                    cities=4,
                    temples=0,
                    walls={"held": 1, "built": 1},
                    units={"army": 2, "fleet": 0},
                    recruits={"army": 7, "fleet": 1},
                ),
                pl(
                    cities=2,
                    temples=0,
                    walls={"held": 0, "built": 0},
                    units={"army": 0, "fleet": 0},
                    recruits={"army": 2, "fleet": 1},
                ),
            ],
        },
        "Defence 3 (temple) + 1 legion + 1 wall + 1 Republic = 6; 7 legions exceed it, "
        "6 go back; the city and its wall change hands; the temple falls.",
    ),
    # (A refused event's object must have one key: the message quotes the event as JSON, and
    # MicroPython orders an object's keys its own way; the conformance suite compares it.)
    "conquest-too-weak-refused": (
        [
            ["units", 0, [0, 0, 4, 0]],
            ["resources", 1, {"marble": 9}],
            R0,
            R1,
            ["temple", 1, 0],
            ["city", 1, 0],
            R0,
            ["conquer", 0, True, {"armies": 3}],
        ],
        7,
        "Attackers must exceed the defence (3 with a temple); the city's resource is "
        "not recorded, so the details name only the attackers.",
    ),
    "conquest-one-card-per-turn": (
        [
            ["units", 0, [0, 0, 4, 0]],
            R0,
            ["conquer", 0, False, {"resource": "gold", "armies": 2}],
            ["card", 1, "oracle"],
            ["conquer", 0, False, {"resource": "iron", "armies": 2}],
        ],
        {"pending": None, "turn": 0, "players": [pl(cities=5), pl(cities=1, cards=["oracle"])]},
        "The defender takes one event card however many cities fall.",
    ),
    "king": (
        [
            ["resources", 0, {"marble": 9, "iron": 9, "gold": 9}],
            R0,
            ["city", 0, 0, "gold"],
            ["city", 0, 0, "iron"],
            ["personality", 0, "king"],
        ],
        {
            "pending": "card",
            "turn": 1,
            "players": [
                pl(
                    personalities={
                        "king": 1,
                        "scholar": 0,
                        "citizen": 0,
                        "general": 0,
                        "navigator": 0,
                        "total": 1,
                    },
                    walls={"held": 2, "built": 0},
                ),
                pl(),
            ],
        },
        "A king at 5 cities; a wall piece with the first personality; the opponent takes a card.",
    ),
    "king-not-yet-refused": (
        [
            ["resources", 0, {"marble": 9, "iron": 9, "gold": 9}],
            R0,
            ["city", 0, 0, "gold"],
            ["personality", 0, "king"],
        ],
        3,
        "A king needs 5 cities.",
    ),
    "scholar": (
        [
            ["resources", 0, {"gold": 2}],
            R0,
            ["knowledge", 0, "roads"],
            ["personality", 0, "scholar"],
        ],
        {
            "players": [
                pl(
                    personalities={
                        "king": 0,
                        "scholar": 1,
                        "citizen": 0,
                        "general": 0,
                        "navigator": 0,
                        "total": 1,
                    }
                ),
                pl(),
            ]
        },
        "A scholar for a know-how gained before the opponent.",
    ),
    "scholar-second-refused": (
        [
            ["resources", 0, {"gold": 2}],
            ["resources", 1, {"gold": 2}],
            R0,
            ["knowledge", 0, "roads"],
            R1,
            ["knowledge", 1, "roads"],
            ["personality", 1, "scholar"],
        ],
        6,
        "Gaining a know-how the opponent already has gives no scholar.",
    ),
    "citizen": (
        [
            ["resources", 0, {"marble": 15, "coins": 3}],
            R0,
            ["temple", 0, 0],
            ["temple", 0, 1],
            ["temple", 0, 2],
            ["personality", 0, "citizen"],
        ],
        {
            "players": [
                pl(
                    personalities={
                        "king": 0,
                        "scholar": 0,
                        "citizen": 1,
                        "general": 0,
                        "navigator": 0,
                        "total": 1,
                    },
                    temples=3,
                ),
                pl(),
            ]
        },
        "A citizen at 3 temples.",
    ),
    "general": (
        [
            ["resources", 1, {"marble": 3}],
            R0,
            R1,
            ["temple", 1, 0],
            R0,
            ["conquer", 0, True, {"resource": "marble"}],
            ["card", 1, "gang"],
            ["personality", 0, "general"],
        ],
        {
            "players": [
                pl(
                    personalities={
                        "king": 0,
                        "scholar": 0,
                        "citizen": 0,
                        "general": 1,
                        "navigator": 0,
                        "total": 1,
                    }
                ),
                pl(temples=0),
            ]
        },
        "A general for an opponent temple destroyed.",
    ),
    "navigator-once-per-turn-refused": (
        [R0, ["personality", 0, "navigator"], ["card", 1, "gang"], ["personality", 0, "navigator"]],
        3,
        "A navigator at the end of the turn: one per turn (7 seas on trust).",
    ),
    "navigator-supply-refused": (
        [
            R0,
            ["personality", 0, "navigator"],
            ["card", 1, "gang"],
            R1,
            ["personality", 1, "navigator"],
            ["card", 0, "forge"],
            R0,
            ["personality", 0, "navigator"],
        ],
        7,
        "Only 2 navigators.",
    ),
    "card-pending-blocks": (
        [R0, ["personality", 0, "navigator"], R1],
        2,
        "After a personality the opponent must first take an event card.",
    ),
    "card-held-refused": (
        [
            R0,
            ["personality", 0, "navigator"],
            ["card", 1, "gang"],
            R1,
            ["personality", 1, "navigator"],
            ["card", 0, "gang"],
        ],
        5,
        "Each of the 25 cards exists once.",
    ),
    "resources-correction": (
        [["resources", 1, {"marble": -9, "coins": 2}]],
        {"turn": 0, "players": [pl(), pl(resources=res(marble=0, coins=2))]},
        "A correction changes counts, stopping at 0; the turn is unchanged.",
    ),
    "trade": (
        [
            ["resources", 0, {"gold": 2}],
            R0,
            ["knowledge", 0, "trade"],
            ["trade", 0, {"marble": 2, "iron": 1}, {"gold": 2}],
        ],
        {"players": [pl(resources=res(marble=1, iron=2, gold=2)), pl()]},
        "Trade: any 3 resources for any 2.",
    ),
    # one vector per event card: player 0 holds it (dealt), player 1's turn is open
    "card-academy": (
        dealt("academy", "gang")
        + [
            ["resources", 1, {"gold": 9}],
            R0,
            R1,
            ["knowledge", 1, "roads"],
            ["knowledge", 1, "trade"],
            R0,
            ["event", 0, "academy"],
        ],
        {"action": "knowledge", "players": [pl(resources=res(gold=5), cards=[]), pl()]},
        "Academy: at the knowledge action, 1 gold per opponent know-how.",
    ),
    "card-architect": (
        dealt("architect", "gang")
        + [["resources", 0, {"marble": 3, "coins": 1}], ["event", 0, "architect", 0]],
        {"players": [pl(resources=res(marble=0, coins=1), temples=1), pl()]},
        "Architect: a temple at the usual cost.",
    ),
    "card-burglary": (
        dealt("burglary", "gang") + [["resources", 1, {"coins": 7}], ["event", 0, "burglary"]],
        {"players": [pl(), pl(resources=res(coins=4))]},
        "Burglary: the opponent loses half their coins, rounded down.",
    ),
    "card-charity": (
        dealt("charity", "gang")
        + [
            ["resources", 1, {"marble": 2, "iron": 2, "gold": 2}],
            ["rondel", 0, 1, {}],
            R1,
            ["city", 1, 0, "marble"],
            ["city", 1, 0, "iron"],
            ["personality", 1, "king"],
            ["card", 0, "forge"],
            ["event", 0, "charity"],
        ],
        {"players": [pl(resources=res(coins=1)), pl()]},
        "Charity: 1 coin per personality fewer than the opponent.",
    ),
    "card-corruption": (
        dealt("corruption", "gang")
        + [["resources", 1, {"marble": 1, "iron": 2}], ["event", 0, "corruption"]],
        {"players": [pl(), pl(resources={"marble": 3, "iron": 4, "gold": 3, "coins": 0})]},
        "Corruption: the opponent loses 1 of each resource held 4 or more.",
    ),
    "card-diplomacy": (
        dealt("diplomacy", "gang") + [R0, ["event", 0, "diplomacy", ["iron", False]]],
        {"action": "iron", "players": [pl(resources=res(iron=4, coins=1)), pl()]},
        "Diplomacy: produce from an opponent's city.",
    ),
    "card-earthquake": (
        dealt("earthquake", "gang") + [R0, R1, ["wall", 1], ["event", 0, "earthquake", 1]],
        {"players": [pl(), pl(walls={"held": 1, "built": 0})]},
        "Earthquake: any wall is destroyed.",
    ),
    "card-forge": (
        dealt("forge", "gang") + [R0, ["event", 0, "forge"]],
        {"players": [pl(resources=START, units={"army": 1, "fleet": 0}), pl()]},
        "Forge: at the arming action, a legion deployed free.",
    ),
    "card-fortress": (
        dealt("gang", "fortress")
        + [
            ["units", 0, [0, 0, 3, 0]],
            R0,
            ["event", 1, "fortress"],
            ["conquer", 0, False, {"resource": "gold", "armies": 3}],
        ],
        {
            "pending": "card",
            "turn": 1,
            "discard": ["fortress"],
            "players": [
                pl(cities=4, units={"army": 1, "fleet": 0}, recruits={"army": 3, "fleet": 1}),
                pl(cities=2, cards=[]),
            ],
        },
        "Fortress: the defender's city has +1 defence in this conquest: 3 legions win, 2 are lost.",
    ),
    "card-gang": (
        dealt("gang", "forge") + [["event", 0, "gang"]],
        {"players": [pl(resources=START, walls={"held": 1, "built": 1}), pl()]},
        "Gang: a wall, free.",
    ),
    "card-gold-mine": (
        dealt("gold-mine", "gang") + [R0, ["produce", 0, "gold", False], ["event", 0, "gold-mine"]],
        {"players": [pl(resources=res(gold=5, coins=1)), pl()]},
        "Gold Mine: at the gold action, 1 gold per own gold city.",
    ),
    "card-honorarium": (
        dealt("honorarium", "gang")
        + [
            ["resources", 0, {"gold": 2}],
            R0,
            ["knowledge", 0, "roads"],
            ["personality", 0, "scholar"],
            ["card", 1, "forge"],
            ["event", 0, "honorarium", {"iron": 1}],
        ],
        {"players": [pl(resources=res(gold=0, iron=4)), pl()]},
        "Honorarium: one resource of choice per scholar.",
    ),
    "card-merchant": (
        dealt("merchant", "gang")
        + [
            ["resources", 1, {"gold": 2}],
            ["event", 0, "merchant", {"give": {"marble": 3}, "take": {"gold": 3}}],
        ],
        {"players": [pl(resources=res(marble=0, gold=6)), pl(resources=res(marble=6, gold=2))]},
        "Merchant: 3 of own resources for 3 of the opponent's.",
    ),
    "card-mining": (
        dealt("mining", "gang") + [["event", 0, "mining", ["iron", "gold"]]],
        {"players": [pl(city_resources={"marble": 1, "iron": 0, "gold": 2, "unknown": 0}), pl()]},
        "Mining: a city without a temple changes its resource.",
    ),
    "card-mutiny": (
        dealt("mutiny", "gang") + [["units", 1, [0, 0, 1, 0]], ["event", 0, "mutiny", [1, "army"]]],
        {
            "players": [
                pl(resources=res(gold=2)),
                pl(units={"army": 0, "fleet": 0}, recruits={"army": 2, "fleet": 1}),
            ]
        },
        "Mutiny: 1 gold, a unit back to its recruitment box.",
    ),
    "card-oracle": (
        dealt("oracle", "gang") + [["event", 0, "oracle"], ["card", 0, "forge"]],
        {"pending": None, "players": [pl(resources=res(gold=2), cards=["forge"]), pl()]},
        "Oracle: 1 gold, an event card from the display.",
    ),
    "card-pestilence": (
        dealt("pestilence", "gang")
        + [
            ["units", 0, [0, 0, 1, 0]],
            ["event", 0, "pestilence"],
            R0,
            ["conquer", 0, False, {"resource": "gold", "armies": 1}],
        ],
        {"players": [pl(cities=4, units={"army": 1, "fleet": 0}), pl(cities=2)]},
        "Pestilence: the city's defence is 1 lower (0: one legion wins, none lost).",
    ),
    "card-privilege": (
        dealt("privilege", "gang") + [["event", 0, "privilege"], ["rondel", 0, 6, {}]],
        {"players": [pl(resources=START), pl()]},
        "Privilege: up to 6 rondel steps free.",
    ),
    "card-prosperity": (
        dealt("prosperity", "gang") + [R0, ["wall", 0], ["wall", 0], ["event", 0, "prosperity"]],
        {"players": [pl(resources=res(marble=1, gold=5)), pl()]},
        "Prosperity: 1 gold per own city with a wall.",
    ),
    "card-purchase": (
        dealt("purchase", "gang") + [["event", 0, "purchase"]],
        {"players": [pl(resources={"marble": 5, "iron": 5, "gold": 1, "coins": 0}), pl()]},
        "Purchase: 2 gold for 2 iron and 2 marble.",
    ),
    "card-recruits": (
        dealt("recruits", "gang") + [["event", 0, "recruits", [1, 1]]],
        {"players": [pl(resources=res(gold=0), recruits={"army": 2, "fleet": 2}), pl()]},
        "Recruits: recruiting at the usual cost.",
    ),
    "card-sabotage": (
        dealt("sabotage", "forge") + [["event", 0, "sabotage", "forge"]],
        {"discard": ["forge", "sabotage"], "players": [pl(resources=res(gold=2)), pl(cards=[])]},
        "Sabotage: 1 gold, one of the opponent's cards is discarded.",
    ),
    "card-settler": (
        dealt("settler", "gang")
        + [["resources", 0, {"coins": 1}], ["event", 0, "settler", [1, "marble"]]],
        {"players": [pl(resources=res(gold=2), cities=4), pl()]},
        "Settler: a city for 1 gold and the usual coin surcharge.",
    ),
    "card-shipyard": (
        dealt("shipyard", "gang") + [R0, ["event", 0, "shipyard"]],
        {"players": [pl(resources=START, units={"army": 0, "fleet": 1}), pl()]},
        "Shipyard: at the arming action, a galley deployed free.",
    ),
    "card-stone-pit": (
        dealt("stone-pit", "gang") + [R0, ["event", 0, "stone-pit"]],
        {"action": "marble", "players": [pl(resources=res(marble=4)), pl()]},
        "Stone Pit: at the marble action, 1 marble per own marble city.",
    ),
    "card-out-of-timing-refused": (
        dealt("stone-pit", "gang") + [["event", 0, "stone-pit"]],
        6,
        "Stone Pit belongs to the marble action, after the rondel move.",
    ),
}


# -- complete games ------------------------------------------------------------------

_CARD_PREF = (
    "purchase",
    "prosperity",
    "architect",
    "settler",
    "gold-mine",
    "stone-pit",
    "charity",
    "burglary",
    "forge",
    "honorarium",
    "privilege",
    "fortress",
)
_PLAY = (
    "purchase",
    "prosperity",
    "burglary",
    "charity",
    "corruption",
    "settler",
    "architect",
    "honorarium",
    "merchant",
    "recruits",
    "gang",
    "oracle",
    "mining",
    "sabotage",
    "earthquake",
    "mutiny",
    "pestilence",
    "privilege",
)
_KNOW = ["monetary-economy", "roads", "trade", "republic", "navigation"]


def bot(seed, rid, maxev=400):
    """A simple deterministic player for both sides, choosing among legal()."""
    rnd = random.Random(seed)
    m = Match(record((), 0, rid))
    navs = {0: 0, 1: 0}
    while len(m.events) < maxev:
        r = m.result()
        if r["over"]:
            break
        legal = m.legal()
        if r["pending"] == "card":
            names = [e[2] for e in legal]
            m.play(["card", r["turn"], next((c for c in _CARD_PREF if c in names), names[0])])
            continue
        p = r["turn"]
        me = r["players"][p]
        res = me["resources"]

        def has(verb, pred=lambda e: True, legal=legal, p=p):
            return [e for e in legal if e[1] == p and e[0] == verb and pred(e)]

        if r["phase"] == "rondel":
            cards = has("event", lambda e: e[2] in _PLAY)
            m.play(cards[0] if cards else rnd.choice(has("rondel", lambda e: not e[3])))
            continue
        if r["phase"] == "action" and r["action"] is None:
            opts = []
            conq = sorted(has("conquer"), key=lambda e: (not e[2], e[3]["wall"]))
            if conq and (conq[0][2] or rnd.random() < 0.3):
                opts += conq[:1]
            if res["marble"] + res["coins"] >= 6 and me["temples"] < me["cities"]:
                opts += has("temple", lambda e: e[2] == 0)[:1]
            kn = has("knowledge")
            if kn and res["gold"] + res["coins"] >= 5:
                opts.insert(0, sorted(kn, key=lambda e: _KNOW.index(e[2]))[0])
            dep = sorted(has("deploy"), key=lambda e: -(e[2] + e[3]))
            if dep and me["units"]["army"] < 6:
                opts.append(dep[0])
            rec = sorted(has("recruit", lambda e: e[3] == 0 and e[2] <= 3), key=lambda e: -e[2])
            if rec and me["recruits"]["army"] < 2 and res["gold"] >= 3:
                opts.append(rec[0])
            low = min(("marble", "iron", "gold"), key=lambda k: res[k])
            few = not me["knowledge"] or len(me["knowledge"]) < 3
            want = "gold" if few and res["gold"] < 5 and rnd.random() < 0.5 else low
            if me["temples"] and res["marble"] < 6 and me["temples"] < me["cities"]:
                want = "marble"
            opts += sorted(has("produce", lambda e, w=want: e[2] == w), key=lambda e: not e[3])[:1]
            if opts:
                ev = opts[0] if rnd.random() < 0.6 else rnd.choice(opts)
                m.play(ev)
                if ev[0] == "temple":
                    walls = [e for e in m.legal() if e[0] == "wall" and e[1] == p]
                    if walls:
                        m.play(walls[0])
                continue
        if r["phase"] in ("action", "cities"):
            cities = sorted(
                has("city", lambda e: e[2] == 0), key=lambda e: me["city_resources"][e[3]]
            )
            if cities and min(res["marble"], res["iron"], res["gold"]) >= 1 and me["cities"] < 14:
                m.play(cities[0])
                continue
        claims = has(
            "personality",
            lambda e, p=p: e[2] != "navigator" or (navs[p] < 1 and rnd.random() < 0.15),
        )
        if claims:
            navs[p] += claims[0][2] == "navigator"
            m.play(claims[0])
            continue
        q = 1 - p
        cards = [e for e in legal if e[1] == q and e[0] == "event" and e[2] in _PLAY]
        m.play(
            cards[0]
            if cards
            else rnd.choice([e for e in legal if e[1] == q and e[0] == "rondel" and not e[3]])
        )
    return m


# name: (seed, winner, why)
GAMES = {
    "complete-game": (
        5,
        0,
        "A whole game to victory: the first player claims a ninth personality.",
    ),
    "complete-game-second-player": (
        3,
        1,
        "A whole game to victory: the second player claims a ninth personality.",
    ),
}


def _spec_players(result):
    keys = (
        "resources",
        "personalities",
        "cities",
        "temples",
        "walls",
        "knowledge",
        "recruits",
        "units",
        "cards",
    )
    return [{k: p[k] for k in keys} for p in result["players"]]


def build():
    out = {}
    errors = []
    for name, (events, want, why) in RULES.items():
        rec = record(events, 0, "ad-" + name)
        if isinstance(want, int):
            rec["expect_error"] = {"event": want}
        else:
            rec["expect"] = want
        rec["why"] = why
        bad = run_vector(rec)
        if bad:
            errors.append("vector %s: %s" % (name, bad))
        out[name] = rec
    if errors:
        raise SystemExit("\n".join(errors))
    for name, (seed, winner, why) in GAMES.items():
        m = bot(seed, "ad-" + name)
        r = m.result()
        assert r["over"] and r["winner"] == winner, name
        assert r["players"][winner]["personalities"]["total"] == 9, name
        rec = m.to_record()
        rec["expect"] = {
            "over": True,
            "winner": r["winner"],
            "victory": "personalities",
            "turn": None,
            "pending": None,
            "players": _spec_players(r),
        }
        rec["why"] = why
        out[name] = rec
    return out


def main():
    os.makedirs(VECTORS, exist_ok=True)
    for name, rec in build().items():
        with open(os.path.join(VECTORS, name + ".json"), "w") as f:
            json.dump(rec, f, indent=1, ensure_ascii=False)
            f.write("\n")


if __name__ == "__main__":
    main()
