"""The demonstrations of Touring's rules: one a rule id of rules/touring.md, and one a switch.

Each is a ``scenario(...)`` a few lines long, a scripted line (None: the seat's own policy) and
the moves the rules refuse on the way. Hands not given are dealt from the seed.
"""

from __future__ import annotations

from typing import Any

from ..core.demo import Script
from .game import Touring
from .rules import Rules
from .scenario import scenario

SEED = 12


def _at(players: int = 2, rules: Rules | None = None, **position: Any) -> Any:
    """A builder of the scenario (seed ``SEED``)."""

    def build() -> Touring:
        return scenario(players, rules=rules, seed=SEED, **position)

    return build


# Positions used by more than one demonstration.
_STOP = dict(
    hands={0: ["stop_to_refuel", "missed_the_curve", "go", "m25", "m35", "m75"],
           1: ["m25", "gasoline", "wrecker", "go", "m75"]},
    tables={0: {"go": ["go"]}, 1: {"go": ["go"], "m25": 2}},
    draw=["m50", "m35", "m25"],
)
_REMEDY = dict(
    hands={0: ["wrecker", "gasoline", "m25", "m35", "go", "m75"], 1: ["m25", "m35", "m75", "gasoline", "go"]},
    tables={0: {"go": ["go", "missed_the_curve"], "freeway": ["freeway"], "m25": 1}, 1: {"go": ["go"]}},
    draw=["m50", "m25", "m35"],
)
_LOSS = dict(
    hands={0: ["burning_oil", "broken_spring", "go", "m25", "m35", "wrecker"],
           1: ["m75", "m25", "m35", "gasoline", "wrecker"]},
    tables={0: {"go": ["go"]}, 1: {"go": ["go"], "freeway": ["freeway"], "m75": 2, "m25": 2}},
    draw=["m50"],
)
_USEFUL = dict(
    hands={0: ["go", "freeway", "gasoline", "m25", "m35", "m50"]},
    tables={0: {"go": ["go"], "freeway": ["freeway"], "m25": 1}},
)
_SHORT = dict(
    hands={0: ["m50", "m25", "m35", "go", "gasoline", "wrecker"]},
    tables={0: {"go": ["go"], "freeway": ["freeway"], "m25": 2}},
)

SCRIPTS: tuple[Script, ...] = (
    Script(
        "T-DECK", "The deck: 99 cards, and counting the ones in sight",
        "Seat 1 has lost a 75 to a Burning Oil before; both cards lie face up on the discard pile. "
        "Seat 0 plays the other Burning Oil: the deck holds two, both are now in sight, so nobody "
        "need fear a third. A card that is not in the deck is not a move at all.",
        _at(hands={0: ["burning_oil", "go", "m25", "m25", "m35", "m50"]},
            tables={0: {"go": ["go"], "freeway": ["freeway"], "m25": 2},
                    1: {"go": ["go"], "freeway": ["freeway"], "m75": 2, "m25": 3}},
            discard=[("burning_oil", "up"), ("m75", "up")]),
        ("play burning_oil on 1", None),
        ((0, "play sunshine"),),
    ),
    Script(
        "T-PLAYERS", "Seats 0 to n-1 move in turn, seat 0 first",
        "Three players: seat 0 moves first, then seat 1, then seat 2, and the round begins again "
        "at seat 0. There is no seat 5 to attack.",
        _at(3, hands={0: ["stop_to_refuel", "go", "m25", "m25", "m35", "gasoline"]}),
        ("play go", None, None),
        ((0, "play stop_to_refuel on 5"),),
    ),
    Script(
        "T-GOAL", "The trip is 590 miles: no pile beyond its cap",
        "Seat 0 holds two 75s and already has one on the table. The second fills the 75 pile (2 of "
        "2); on its next turn the third is refused.",
        _at(hands={0: ["m75", "m75", "m25", "go", "gasoline", "wrecker"],
                   1: ["m25", "m35", "go", "wrecker", "gasoline"]},
            tables={0: {"go": ["go"], "freeway": ["freeway"], "m25": 3, "m75": 1}, 1: {"go": ["go"]}}),
        ("play m75", "play m25"),
        ((2, "play m75"),),
    ),
    Script(
        "T-SHORT", "Three players play the 295-mile short trip",
        "With three players the trip is 295 miles: caps of 4, 2, 1 and 1 cards, and one of each "
        "delay card out of the deck. A single 50 fills the 50 pile.",
        _at(3, **_SHORT),
        ("play m50",),
    ),
    Script(
        "T-SHORT/short_trip", "The short trip switched on for two players",
        "short_trip=True gives two players the 295-mile trip too: one 50 fills the 50 pile.",
        _at(2, Rules(short_trip=True), **_SHORT),
        ("play m50",),
    ),
    Script(
        "T-TEAMS", "Partners share one tableau and win together",
        "Four players in teams: seats 0 and 2 share a tableau, seats 1 and 3 the other. Seat 0 may "
        "not attack its partner, and seat 3 is attacked as seat 1's team. Seat 0's 25 completes "
        "the team's trip: both partners win.",
        _at(4, Rules(teams=True),
            hands={0: ["m25", "stop_to_refuel", "m35", "go", "gasoline", "wrecker"]},
            tables={0: {"go": ["go"], "freeway": ["freeway"], "m25": 7, "m35": 4, "m50": 2, "m75": 2},
                    1: {"go": ["go"]}}),
        ("play m25",),
        ((0, "play stop_to_refuel on 2"), (0, "play stop_to_refuel on 3")),
    ),
    Script(
        "T-DEAL", "Five cards each; seat 0 draws the sixth",
        "A fresh deal from the seed: five cards to each seat, the rest face down as the draw pile, "
        "and seat 0 draws its first card. Seat 0's bot makes the first move.",
        _at(),
        (None,),
    ),
    Script(
        "T-TURN", "A turn: draw one card, then play one or discard one",
        "Seat 0 holds six cards: the five it kept and the one it drew. It plays one; then seat 1 "
        "draws and holds six. Drawing is not a move: it happens by itself.",
        _at(hands={0: ["go", "m25", "m35", "m75", "gasoline", "wrecker"]}, draw=["freeway"]),
        ("play go", None),
        ((0, "draw"),),
    ),
    Script(
        "T-DISCARD", "Any card may be discarded, face down",
        "Seat 0 has no Freeway, so its 75s cannot be played; it discards one face down.",
        _at(hands={0: ["m75", "m75", "go", "m25", "gasoline", "wrecker"]},
            tables={0: {"go": ["go"], "m25": 2}}),
        ("discard m75", None),
        ((0, "play m75", "T-FREEWAY answers: a 75 needs an active Freeway, which is why seat 0 "
                             "discards it."),),
    ),
    Script(
        "T-USEFUL", "Only a card that changes something may be played",
        "Seat 0 is moving with an active Freeway. Another Go, another Freeway or a Gasoline with "
        "nothing to remedy would change nothing: they are refused and can only be discarded.",
        _at(**_USEFUL),
        ("discard go", None),
        ((0, "play go"), (0, "play freeway"), (0, "play gasoline")),
    ),
    Script(
        "T-USEFUL/useful_only", "useful_only off: a card that changes nothing may be played",
        "The same position with useful_only=False: seat 0 plays a Go while already moving. It lies "
        "on the Go column and changes nothing.",
        _at(rules=Rules(useful_only=False), **_USEFUL),
        ("play go", None),
    ),
    Script(
        "T-GO", "The first card on the table must be a Go",
        "Nobody has played yet. Seat 0 cannot play mileage or a Freeway before its Go; after the Go "
        "it is moving and its 25 is legal.",
        _at(hands={0: ["m25", "m75", "go", "freeway", "gasoline", "m35"],
                   1: ["m25", "m35", "m75", "gasoline", "wrecker"]},
            draw=["m50"]),
        ("play go", None, "play m25"),
        ((0, "play m25"), (0, "play freeway")),
    ),
    Script(
        "T-MOVING", "Only a moving player plays mileage",
        "Seat 0 is stopped by Stop to Refuel: no mileage. Its Gasoline sets it moving again, and "
        "on its next turn it plays a 25.",
        _at(hands={0: ["gasoline", "m25", "m35", "wrecker", "go", "m75"],
                   1: ["m25", "m35", "m50", "gasoline", "wrecker"]},
            tables={0: {"go": ["go", "stop_to_refuel"], "freeway": ["freeway"], "m25": 2}, 1: {"go": ["go"]}},
            draw=["m25"]),
        ("play gasoline", None, "play m25"),
        ((0, "play m25", "T-STOP answers: a stop is what keeps a player from moving until its remedy "
                             "is played."),),
    ),
    Script(
        "T-SLOW", "25s and 35s need no Freeway",
        "A Populated Area blocks seat 0's Freeway: its 50 is refused, but a 35 is fine.",
        _at(hands={0: ["m25", "m35", "m50", "m75", "go", "wrecker"]},
            tables={0: {"go": ["go"], "freeway": ["freeway", "populated_area"], "m25": 1}}),
        ("play m35", None),
        ((0, "play m50", "T-POP answers: a blocked Freeway refuses 50s and 75s, while 25s and 35s "
                             "(T-SLOW) still go."),),
    ),
    Script(
        "T-FREEWAY", "50s and 75s need an active Freeway",
        "Seat 0 is moving but has no Freeway: its 50 is refused. It plays a Freeway, and on its "
        "next turn the 50.",
        _at(hands={0: ["freeway", "m50", "m75", "m25", "go", "wrecker"],
                   1: ["m25", "m35", "m75", "gasoline", "wrecker"]},
            tables={0: {"go": ["go"], "m25": 1}, 1: {"go": ["go"]}}),
        ("play freeway", None, "play m50"),
        ((0, "play m50"),),
    ),
    Script(
        "T-POP", "Populated Area blocks an opponent's Freeway",
        "Seat 1 is on its Freeway with a 75 down. Seat 0 plays Populated Area on it: seat 1's 75 "
        "is refused until it lays a new Freeway on top, which it does.",
        _at(hands={0: ["populated_area", "go", "m25", "m25", "m35", "wrecker"],
                   1: ["m75", "m50", "freeway", "go", "wrecker"]},
            tables={0: {"go": ["go"]}, 1: {"go": ["go"], "freeway": ["freeway"], "m75": 1}},
            draw=["m25"]),
        ("play populated_area on 1", "play freeway"),
        ((1, "play m75"),),
    ),
    Script(
        "T-DELAY", "Delays go on an opponent who has a Go",
        "Seat 0 has no Go of its own yet but may attack (attack_before_go, on by default). Seat 2 "
        "has no Go either, so it cannot be delayed; seat 1 can.",
        _at(3, hands={0: ["stop_to_refuel", "m25", "m35", "gasoline", "wrecker", "m75"]},
            tables={1: {"go": ["go"], "m25": 1}}),
        ("play stop_to_refuel on 1",),
        ((0, "play stop_to_refuel on 2"),),
    ),
    Script(
        "T-DELAY/attack_before_go", "attack_before_go off: attacks only after your own Go",
        "With attack_before_go=False seat 0 must lay its own Go before it may stop seat 1.",
        _at(3, Rules(attack_before_go=False),
            hands={0: ["stop_to_refuel", "go", "m25", "m35", "gasoline", "wrecker"],
                   1: ["m25", "m35", "m75", "gasoline", "wrecker"],
                   2: ["m25", "m35", "m75", "gasoline", "wrecker"]},
            tables={1: {"go": ["go"]}, 2: {"go": ["go"]}},
            draw=["m25", "m35", "m50"]),
        ("play go", None, None, "play stop_to_refuel on 1"),
        ((0, "play stop_to_refuel on 1"),),
    ),
    Script(
        "T-STOP", "Stop to Refuel and Missed the Curve stop the target",
        "Seat 0 stops seat 1. Seat 1 can play no mileage, and neither a Wrecker nor a Go ends a "
        "Stop to Refuel; it discards. A stopped player cannot be stopped again.",
        _at(**_STOP),
        ("play stop_to_refuel on 1", "discard m75"),
        ((1, "play m25"), (1, "play wrecker"), (1, "play go"), (2, "play missed_the_curve on 1")),
    ),
    Script(
        "T-STOP/stack_stops", "stack_stops on: a stopped player can be stopped again",
        "With stack_stops=True seat 0 lays Missed the Curve on seat 1's Stop to Refuel. Only the "
        "top delay counts: Gasoline no longer helps, a Wrecker does.",
        _at(rules=Rules(stack_stops=True), **_STOP),
        ("play stop_to_refuel on 1", "discard m75", "play missed_the_curve on 1", "play wrecker"),
        ((3, "play gasoline"),),
    ),
    Script(
        "T-REMEDY", "The matching remedy ends the delay",
        "Seat 0 has Missed the Curve: Gasoline does not end it, a Wrecker does, and seat 0 is "
        "moving again at once.",
        _at(**_REMEDY),
        ("play wrecker", None, "play m25"),
        ((0, "play gasoline", "T-STOP answers: each stop names the remedy that ends it, and another "
                                   "remedy is refused."),),
    ),
    Script(
        "T-REMEDY/go_after_remedy", "go_after_remedy on: a new Go after the remedy",
        "With go_after_remedy=True (the 1926 edition, Mille Bornes) the Wrecker ends the delay but "
        "seat 0 needs a new Go before mileage.",
        _at(rules=Rules(go_after_remedy=True), **_REMEDY),
        ("play wrecker", None, "play go", None, "play m25"),
        ((2, "play m25"),),
    ),
    Script(
        "T-LOSS", "Mileage delays take one mileage card away",
        "Burning Oil takes a 75 from seat 1; both cards go face up on the discard pile. Seat 1 has "
        "no 50 on the table, so Broken Spring has nothing to take. The freed 75 slot is filled again "
        "at once.",
        _at(**_LOSS),
        ("play burning_oil on 1", "play m75"),
        ((0, "play broken_spring on 1"),),
    ),
    Script(
        "T-LOSS/loss_face_up", "loss_face_up off: the lost cards go face down",
        "With loss_face_up=False the Burning Oil and the 75 it takes go face down, like a discard.",
        _at(rules=Rules(loss_face_up=False), **_LOSS),
        ("play burning_oil on 1", "play m75"),
    ),
    Script(
        "T-LOSS/burning_oil", "The value a mileage delay takes is a setting",
        "With burning_oil=25 a Burning Oil takes a 25 instead of a 75.",
        _at(rules=Rules(burning_oil=25), **_LOSS),
        ("play burning_oil on 1",),
        ((0, "play broken_spring on 1"),),
    ),
    Script(
        "T-RESHUFFLE", "An empty draw pile is made again from the discards",
        "Seat 0 drew the last card. After its discard, seat 1 has nothing to draw: the discard pile "
        "and every buried column card (not the top ones) are shuffled into a new draw pile.",
        _at(hands={0: ["m75", "go", "m25", "m35", "gasoline", "wrecker"]},
            tables={0: {"go": ["go"], "m25": 2},
                    1: {"go": ["go", "stop_to_refuel", "gasoline"],
                        "freeway": ["freeway", "populated_area", "freeway"], "m25": 3}},
            draw=[], rest="discard"),
        ("discard m75", None),
    ),
    Script(
        "T-EXHAUST", "Nothing to draw: the turn goes on without a draw",
        "A teaching position: a full deck never runs dry, so every card nobody holds is in the box. "
        "Seat 1 holds nothing and is passed; the others play without drawing until every hand is "
        "empty, and the game ends with no winner.",
        _at(3, hands={0: ["m25", "m35"], 1: [], 2: ["m25"]},
            tables={0: {"go": ["go"]}, 1: {"go": ["go"]}, 2: {"go": ["go"]}}, draw=[], rest="box"),
        ("play m25", "play m25", "play m35"),
    ),
    Script(
        "T-WIN", "The first to complete the trip wins at once",
        "Seat 0 needs one more 75. It plays it, completes the 590 miles and wins; no move follows.",
        _at(hands={0: ["m75", "m25", "m35", "go", "gasoline", "wrecker"]},
            tables={0: {"go": ["go"], "freeway": ["freeway"], "m25": 8, "m35": 4, "m50": 2, "m75": 1}}),
        ("play m75",),
        ((1, "play m25"),),
    ),
    Script(
        "T-VIEW", "What each seat knows",
        "Seat 0 discards a Wrecker face down. The teacher's story names it; told as seat 1 sees it "
        "(d.explain(seat=1)) it is just a card.",
        _at(hands={0: ["wrecker", "go", "m25", "m35", "m50", "m75"]},
            tables={0: {"go": ["go"], "freeway": ["freeway"]}}),
        ("discard wrecker", None),
    ),
)
