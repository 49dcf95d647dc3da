"""The demonstrations of On Tour's rules: one a rule id of rules/on_tour.md, and one a switch.

Early-game moments are ``scenario(...)`` calls of a few lines (seed 5 circles 34 MT, 43 NE,
45 MN and 54 SC at setup). Late-game moments start from a game the bots played up to that turn,
rebuilt as a scenario from its position, or from a map filled in by rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.demo import Script
from .facts import SPACES
from .game import OnTour
from .rules import Rules
from .scenario import position_of, scenario, setup
from .state import State

SEED = 5


def _at(players: int = 1, rules: Rules | None = None, seed: int = SEED, **position: Any) -> Any:
    """A builder of the scenario."""

    def build() -> OnTour:
        return scenario(players, rules=rules, seed=seed, **position)

    return build


def _played(players: Any, seed: int, when: Callable[[State], bool], rules: Rules | None = None) -> Any:
    """A builder of the first turn of a bot game at which ``when`` holds, rebuilt as a scenario."""

    def build() -> OnTour:
        game = OnTour(players=players, seed=seed, rules=rules)
        while not (not any(game.state.written) and when(game.state)):
            game.step()
        return scenario(**position_of(game))

    return build


def _filled(empty: tuple[str, ...], star: str | None = None, seed: int = SEED) -> dict[str, Any]:
    """A map with every space but ``empty`` written: one star, numbers in board order, each roll's
    two (12, 21, 13, 31, ...: never a double, which draws a star)."""
    numbers = iter(n for a in range(10) for b in range(a + 1, 10) for n in (10 * a + b, 10 * b + a))
    circled = setup(seed)
    cells: dict[str, Any] = {}
    for sid in SPACES:
        if sid in circled or sid in empty:
            continue
        cells[sid] = "star" if sid == star else next(numbers)
    return cells


_FIRST = dict(cards=["TX", "NM", "PA"], dice=(1, 6))
_LAST_ONE = dict(maps=_filled(("WA",)), dice=(2, 5))

SCRIPTS: tuple[Script, ...] = (
    Script(
        "O-MAP", "The USA board: 41 spaces joined by routes",
        "New England is one space, NE2, and New Jersey, Delaware and Maryland another, MC. "
        "A space that is not on the board is not a move at all.",
        _at(cards=["NE2", "PA", "OH"], dice=(2, 7)),
        ("27 NE2, 72 OH",),
        ((0, "27 XX, 72 OH"),),
    ),
    Script(
        "O-REGIONS", "Five regions cross into six areas; every space lies in two",
        "The cards show South (TX), West (WA) and Central (IN). AL lies in South and East, so a "
        "number fits there with card TX; NM lies in South and West and takes the other with WA. "
        "NY lies in North and East: no card shows either.",
        _at(cards=["TX", "WA", "IN"], dice=(1, 6)),
        ("16 AL, 61 NM",),
        ((0, "16 NY, 61 NM", "O-WRITE answers: a number goes in a space of a region a card shows; O-REGIONS "
                                  "says which regions a space lies in."),),
    ),
    Script(
        "O-CARDS", "Each card shows its space and one of its two regions",
        "TX lies in South and Central, but its card shows South only: WI (North and Central) fits "
        "none of the cards TX (South), NM (West), PA (East). After the writing, the next three "
        "cards are flipped, each with its region.",
        _at(**_FIRST),
        ("16 TX, 61 NM",),
        ((0, "16 WI, 61 NM", "O-WRITE answers: a number goes in a space of the region its card shows; "
                                  "O-CARDS says a card shows one region only."),),
    ),
    Script(
        "O-PLAYERS", "Every player writes the same roll on their own map",
        "Three players, one roll: p0, p1 and p2 each write 16 and 61, wherever they choose on their "
        "own maps. A player who has written waits for the others.",
        _at(3, cards=["TX", "WA", "IN"], dice=(1, 6)),
        ("16 AL, 61 NM", "16 TX, 61 NM", "16 GA, 61 UT"),
        ((1, "p0: 16 AZ, 61 UT", "O-DISCARD answers: each player writes once a turn, and the next turn "
                                       "waits for every player."),),
    ),
    Script(
        "O-DICE", "Two ten-sided dice make two numbers",
        "The dice show 0 and 5: the numbers are 05 and 50. 55 was not rolled. The next roll is "
        "read the same way.",
        _at(cards=["TX", "NM", "PA"], dice=(0, 5)),
        ("05 TX, 50 PA",),
        ((0, "55 TX, 50 PA", "O-ROLL answers: only the two numbers rolled are written; O-DICE says how "
                                  "the dice are read."),),
    ),
    Script(
        "O-SETUP", "Four circled numbers before the first turn",
        "Seed 5's setup rolled twice and drew four cards: 34 in MT and 43 in NE, 45 in MN and 54 in "
        "SC, all circled, on every map; those four cards are out of the game. MT is taken.",
        _at(cards=["OR", "WY", "TX"], dice=(2, 3)),
        (None,),
        ((0, "23 MT, 32 TX", "O-WRITE answers: a number goes in an empty space, and the setup's numbers "
                                  "fill theirs."),),
    ),
    Script(
        "O-SETUP/reroll_setup_doubles", "reroll_setup_doubles off: a setup double writes one number twice",
        "With reroll_setup_doubles=False seed 10's second setup roll, 7 and 7, is kept: 77 is "
        "written in TX and again in FL.",
        _at(rules=Rules(reroll_setup_doubles=False), seed=10),
        (None,),
    ),
    Script(
        "O-FLIP", "Three cards a turn; an empty deck is made again from the discards",
        "A solo game the bot played to turn 12: one card is left in the deck. After this turn's "
        "writing the next flip takes it, shuffles the discards into a new deck and draws the rest.",
        _played(1, SEED, lambda s: len(s.deck) < 3),
        (None,),
    ),
    Script(
        "O-ROLL", "The roll gives two numbers, or a double",
        "The dice show 3 and 7: 37 and 73 must be written, nothing else.",
        _at(cards=["TX", "NM", "PA"], dice=(3, 7)),
        ("37 TX, 73 NM",),
        ((0, "12 TX, 21 NM"),),
    ),
    Script(
        "O-WRITE", "Each number with a different card, in an empty space of its region",
        "Cards TX (South), NM (West), PA (East); roll 16 and 61. OK fits only card TX, and so does "
        "TX: the two numbers cannot share it. Both numbers must be written.",
        _at(**_FIRST),
        ("16 OK, 61 UT",),
        ((0, "16 OK, 61 TX"), (0, "16 TX, 61 TX"), (0, "16 TX")),
    ),
    Script(
        "O-CIRCLE", "A number in the card's own space is circled",
        "16 goes in TX with card TX and 61 in PA with card PA: both are circled (a circle scores "
        "a point on the tour).",
        _at(**_FIRST),
        ("16 TX, 61 PA",),
    ),
    Script(
        "O-CIRCLE/circle_any_shown", "circle_any_shown on: any shown card's space circles",
        "Cards NM (West), TX (South), PA (East). WA needs the only West card, NM, so 16 goes in NM "
        "with card TX: not circled by the rule as written, circled with circle_any_shown=True.",
        _at(rules=Rules(circle_any_shown=True), cards=["NM", "TX", "PA"], dice=(1, 6)),
        ("16 NM, 61 WA",),
    ),
    Script(
        "O-STAR", "A double, or three cards of one region: a star instead",
        "The roll is 4 and 4, a double: no numbers, one star in a region of the cards, circled in "
        "a card's own space. Next turn the cards OR, MI and ND all show North: a star again.",
        _at(cards=["TX", "NM", "PA"], dice=(4, 4), deck=["OR", "MI", "ND"]),
        ("star TX", "star ND"),
        ((0, "44 TX"), (0, "star WI")),
    ),
    Script(
        "O-X", "An X for a number with no legal space",
        "A solo game the bot played to turn 15. The cards show East, West and West, and the West "
        "is full: one number fits, in SC; the other becomes an X. Two Xs are refused while a "
        "number fits.",
        _played(1, 4, lambda s: s.round == 15),
        (None,),
        ((0, "X SC, X ND"),),
    ),
    Script(
        "O-X/forced_x_only", "forced_x_only off: an X instead of any number",
        "With forced_x_only=False a player may write an X although the number had a space.",
        _at(rules=Rules(forced_x_only=False), **_FIRST),
        ("16 TX, X WA",),
    ),
    Script(
        "O-DISCARD", "When everyone has written, the cards are discarded",
        "Two players: once both have written, the three cards go to the discard pile and the next "
        "player rolls. p0 cannot write twice in one turn.",
        _at(2, **_FIRST),
        ("16 TX, 61 NM", "16 TX, 61 UT"),
        ((1, "p0: 16 AZ, 61 UT"),),
    ),
    Script(
        "O-LAST", "Two spaces left: no cards, numbers anywhere",
        "Every space but WA and FL is written. No cards are flipped: 25 and 52 go in the two "
        "spaces, both of them, and there is no reason for an X.",
        _at(maps=_filled(("WA", "FL"), star="CO"), dice=(2, 5)),
        ("25 WA, 52 FL",),
        ((0, "25 WA"), (0, "25 WA, X FL", "O-X answers: an X is written only for a number with no "
                                                   "legal space, which a last turn never has.")),
    ),
    Script(
        "O-LAST/last_one_space", "last_one_space: which number fills the last space",
        "One space left and two numbers: with last_one_space='low' only the lower, 25, may be "
        "written.",
        _at(rules=Rules(last_one_space="low"), **_LAST_ONE),
        ("25 WA",),
        ((0, "52 WA"),),
    ),
    Script(
        "O-END", "The game ends when every map is full",
        "The last space is filled: the game is over, and no move follows.",
        _at(**_LAST_ONE),
        ("52 WA",),
        ((1, "25 WA"),),
    ),
    Script(
        "O-ROUTE", "A tour: along routes, never twice, never through an X, numbers never down",
        "The bot's solo game (seed 7) one turn from the end: after the last number the engine "
        "finds the best tour, a path whose numbers never go down, stars standing for any number.",
        _played(1, 7, lambda s: s.empty_count(0) <= 2),
        (None,),
    ),
    Script(
        "O-SCORE", "Score: spaces on the tour plus circles on it",
        "The bot's solo game (seed 3) one turn from the end: the score counts the tour's spaces "
        "and, again, its circled ones.",
        _played(1, 3, lambda s: s.empty_count(0) <= 2),
        (None,),
    ),
    Script(
        "O-WIN", "The highest score wins",
        "A greedy bot against a random one, one turn from the end: both write, the game ends, the "
        "better tour wins.",
        _played(["greedy", "random"], 2, lambda s: s.empty_count(0) <= 2),
        (None, None),
    ),
    Script(
        "O-WIN/shared_ties", "shared_ties off: a tie has no winner",
        "Two identical maps, one space left, and both players write 52 there: a tie. With "
        "shared_ties=False nobody wins (by default both would).",
        _at(2, Rules(shared_ties=False), **_LAST_ONE),
        ("52 WA", "52 WA"),
    ),
    Script(
        "O-SOLO", "One player: a personal best",
        "A solo game (seed 11) one turn from the end: finished by your own moves on a board, it "
        "enters your high-score table.",
        _played(1, 11, lambda s: s.empty_count(0) <= 2),
        (None,),
    ),
)
