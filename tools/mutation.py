"""Mutation score of the rule modules: how many deliberately broken copies the tests catch.

Run by hand (it is slow, and not part of CI), from anywhere in the checkout:

    python tools/mutation.py                    # every module in MODULES, the scorer last
    python tools/mutation.py touring/moves      # some of them (keys of MODULES, or file paths)
    python tools/mutation.py on_tour/scoring    # every module of a folder (the scorer's files)
    python tools/mutation.py --survivors ...    # re-test what the last run left alive, less EQUIVALENT
    python tools/mutation.py --report ...       # print the last results again, run nothing
    python tools/mutation.py --equivalent       # list the mutants explained as equivalent

For each module, mutmut (3.x) rewrites each function into many mutants, one small change each
(`<` for `<=`, `+ 1` for `+ 2`, a dropped argument, a changed string, ...), and runs, for each
mutant, those of the module's tests (TESTS below, never the browser ones) that reach the mutated
function, fastest first, stopping at the first failure. A mutant is killed when a test fails or
times out, and survives when every test passes. The run works on a copy of the project in
mutants/<module>/ (git ignores it), so the checkout is never touched and each module is
measured on its own. The table gives, per module, the share of mutants killed; then every
survivor with its file, line and change, and, where the change cannot alter anything a user
sees, the reason recorded in EQUIVALENT.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import fnmatch
import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

# Test sets, as pytest arguments; every run adds PYTEST_ARGS (no browser tests, short timeout).
# The bots' strength over 1000 games takes 15s or more once mutated, and a wrong rule shows sooner
# in the tests that read the rules literally; it is left out.
TOURING_TESTS = (
    "tests/touring",
    "--deselect=tests/touring/test_game.py::TestBots::test_greedy_beats_random_in_at_least_90_percent_of_1000_games",
    "tests/test_games.py::test_whole_random_games_keep_the_timeline_whole[touring]",
    "tests/test_one_shape.py",
)
ON_TOUR_TESTS = (
    "tests/on_tour",
    "tests/test_games.py::test_whole_random_games_keep_the_timeline_whole[on_tour]",
    "tests/test_one_shape.py",
)
# The scorer's own tests, and those of the rules that score whole games: the other On Tour tests
# reach it only through best_tour on easy maps, and would add an hour to each run.
SCORING_TESTS = (
    "tests/on_tour/test_on_tour_scoring.py",
    "tests/on_tour/test_on_tour_scoring_work.py",
    "tests/on_tour/test_on_tour_scoring_stars.py",
    "tests/on_tour/test_on_tour_scoring_stress.py",
    "tests/on_tour/test_on_tour_rules.py",
    "tests/on_tour/test_on_tour_game.py",
    "tests/test_one_shape.py",
)
# (the tests that run notebooks in a kernel or nbconvert start other processes, and check exports)
BOARD_TESTS = (
    "tests/widgets",
    "--ignore=tests/widgets/test_notebook_boards.py",
    "--ignore=tests/widgets/test_export.py",
    "--deselect=tests/widgets/test_on_tour_board.py::test_an_exported_notebook_shows_the_maps_at_the_end_of_the_run",
    "--deselect=tests/widgets/test_session.py::test_a_session_runs_in_an_interpreter_without_ipywidgets",
)
# The session and the turns: also the property of the board's pace, which drives bots through a
# stand-in event loop (the only tests without a browser that play paced moves).
SESSION_TESTS = (*BOARD_TESTS, "tests/properties/test_board_protocol.py")
TIMELINE_TESTS = (
    "tests/core",
    "tests/touring",
    "tests/on_tour",
    "tests/test_games.py",
    "tests/test_one_shape.py",
)


@dataclass(frozen=True)
class Module:
    path: str  # the file, from the repository root
    tests: tuple[str, ...]  # the tests that may kill its mutants (mutmut runs those that reach it)
    functions: tuple[str, ...] | None = None  # globs over "function" / "Class.method"; None: all
    timeout: int = 30  # seconds per test: a mutant that makes a game endless fails fast
    # globs of functions left alone, each for a reason given where the module is listed
    skip: tuple[str, ...] = ()
    # (On Tour's whole-game tests take 10-20 s once traced on a busy machine: they get 60)


# The modules measured, in the order they run (the scorer last). Keep this the one list: when
# code moves, change its path here.
MODULES: dict[str, Module] = {
    "touring/rules": Module("touring_widgets/touring/rules.py", TOURING_TESTS),
    "touring/moves": Module("touring_widgets/touring/moves.py", TOURING_TESTS),
    "on_tour/state": Module("touring_widgets/on_tour/state.py", ON_TOUR_TESTS, timeout=60),
    # (traced for mutmut's first run, On Tour's whole random games take 70 s or more: they get 180)
    "on_tour/moves": Module("touring_widgets/on_tour/moves.py", ON_TOUR_TESTS, timeout=180),
    "core/timeline": Module("touring_widgets/core/timeline.py", TIMELINE_TESTS, timeout=60),
    # the board's protocol: the checks and handlers of page messages, how turns run, the session
    "widgets/messages": Module("touring_widgets/widgets/messages.py", BOARD_TESTS),
    # (a game's EverySeatAtOnce is made once, when its session's class is defined: before mutmut
    # switches a mutant on, so the mutants of its __init__ are never active)
    "widgets/turns": Module(
        "touring_widgets/widgets/turns.py", SESSION_TESTS, skip=("EverySeatAtOnce.__init__",)
    ),
    # (not SESSION_TESTS: the pace property runs the session's code in the callbacks of a stand-in
    # event loop, where mutmut's trampolines fail to reset their context variable and every test
    # of its first, traced run fails)
    # (and without the test that builds a board per cell: under mutmut 3.8.1 the first, traced
    # run dies in it with a segmentation fault inside the trampolines' context variable)
    # (_state_property makes the page state's properties when the class is defined: before mutmut
    # switches a mutant on, so its mutants are never active)
    "widgets/session": Module(
        "touring_widgets/widgets/session.py",
        (
            *BOARD_TESTS,
            "--deselect=tests/widgets/test_touring_board.py::TestCellsAndBoards::test_cells_move_every_board",
        ),
        skip=("_state_property",),
    ),
    # The scorer, a file at a time (`python tools/mutation.py on_tour/scoring` runs them all).
    # graph's _chunk_tables and frontier's _steps build the scorer's tables once, when the module
    # is imported: before mutmut switches a mutant on, so their mutants are never active (a wrong
    # table would show in the tests that check best_tour against a plain search over every path).
    "on_tour/scoring/tour": Module("touring_widgets/on_tour/scoring/tour.py", SCORING_TESTS, timeout=60),
    "on_tour/scoring/graph": Module(
        "touring_widgets/on_tour/scoring/graph.py", SCORING_TESTS, timeout=60, skip=("_chunk_tables",)
    ),
    "on_tour/scoring/best": Module("touring_widgets/on_tour/scoring/best.py", SCORING_TESTS, timeout=60),
    "on_tour/scoring/memoised": Module(
        "touring_widgets/on_tour/scoring/memoised.py", SCORING_TESTS, timeout=60
    ),
    "on_tour/scoring/branch_and_bound": Module(
        "touring_widgets/on_tour/scoring/branch_and_bound.py", SCORING_TESTS, timeout=60
    ),
    "on_tour/scoring/frontier": Module(
        "touring_widgets/on_tour/scoring/frontier.py", SCORING_TESTS, timeout=60, skip=("_steps",)
    ),
}

TARGET = 90.0  # per cent of a module's mutants killed

# Survivors that cannot change anything anyone sees, keyed as the report prints them,
# "file function: before -> after", with the reason (README: tools/README.md).
_SCORING = "touring_widgets/on_tour/scoring/"  # the scorer's files
_BOUND = _SCORING + "branch_and_bound.py bounded: "  # prefix of the scorer's bound survivors
#: the fast path of the scorer's map reader, as the report prints its survivors
_FAST = (
    _SCORING + "tour.py arrays: if type(cell) is tuple and len(cell) == 2 and"
    " type(cell[0]) is int and type(cell[1]) is bool: -> "
)
_GE = "ge = [0] * 101  # index last + 1: usable spaces a tour whose last number is ``last`` may enter"
EQUIVALENT: dict[str, str] = {
    # the bound's walk (branch_and_bound.py, reachable): the lowest number waiting, found by
    # halving; a search that starts lower, probes another midpoint or steps one level at a time
    # finds the same level or a lower one, and a lower level only lets the walk reach more: a
    # looser bound, never a wrong score (the tests that compare with a plain search would fail)
    **{
        _BOUND + change: why
        for change, why in (
            ("if avail.bit_count() + (avail & circled).bit_count() <= need: -> if avail.bit_count() + (avail"
             " | circled).bit_count() <= need:",
             "a quick cut-off counted larger rules out less; the sharper bounds after it rule out the rest"),
            ("if avail.bit_count() + (avail & circled).bit_count() <= need: -> if avail.bit_count() + (avail"
             " & circled).bit_count() < need:",
             "a quick cut-off that rules out less; the sharper bounds after it rule out the rest"),
            ("return 0  # even every space left would not be enough -> return 1  # even every space left"
             " would not be enough",
             "what a position returns is read by the one before only below the bound it keeps anyway"),
            ("rest = wild if levels else 0 -> rest = wild if (levels) or True else 0",
             "the clumps of stars are read only for the higher numbers' regions: with none, never"),
            ("rest = wild if levels else 0 -> rest = wild if levels else 1",
             "the clumps of stars are read only for the higher numbers' regions: with none, never"),
            ("clump = reach(b, wild) | b -> clump = reach(None, wild) | b",
             "each star is its own clump: a region takes in touching stars one pass after another"
             " (its loop runs until nothing grows), so the regions are the same"),
            ("grown = 1 -> grown = 2", "read only as true or false"),
        )
    },
    **{
        _BOUND + change: "the walk's next level is found the same, or lower and then stepped up to the"
        " same: the same spaces reached, or more (a looser bound), and the same best tour"
        for change in (
            "lo, hi = level + 1, 99  # the lowest number waiting, found by halving -> lo, hi = level - 1, 99"
            "  # the lowest number waiting, found by halving",
            "mid = (lo + hi + 1) >> 1 -> mid = (lo + hi + 2) >> 1",
            "if up & ~ge[mid + 1]: -> if up | ~ge[mid + 1]:",
            "hi = mid - 1 -> hi = mid - 2",
        )
    },
    # the board's protocol (widgets/messages.py)
    (
        "touring_widgets/widgets/turns.py EverySeatAtOnce.answer: raise game.why(action).error() -> "
        "raise game.why(None).error()"
    ): "the line runs only when the action is None: why(None) is the same call",
    (
        "touring_widgets/widgets/turns.py OneAfterAnother.answer: session.start_run(until_end=False) -> "
        "session.start_run(until_end=None)"
    ): "start_run reads until_end only as true or false: None and False run the same",
    (
        "touring_widgets/widgets/messages.py Messages._recover: if self.game is not None and not self.gone: "
        "-> if self.game is not None or not self.gone:"
    ): "a board's game is None exactly when the board is gone (lose_game sets both): the two agree",
    (
        'touring_widgets/widgets/messages.py Messages.enter: kept = " (the line you left is kept as a '
        'variation)" if self.game.variations else "" -> kept = " (the line you left is kept as a '
        'variation)" if (self.game.variations) or True else ""'
    ): (
        "a variation is made by a move played over the line, so the line left when one is entered"
        " always has a move past the branch and is always kept: the empty words are never said"
    ),
    (
        'touring_widgets/widgets/messages.py Messages.enter: kept = " (the line you left is kept as a '
        'variation)" if self.game.variations else "" -> kept = " (the line you left is kept as a '
        'variation)" if self.game.variations else "XXXX"'
    ): "as above: the line left is always kept, so the other words are never said",
    # The legal list's caches (_allowed): what a tableau allows depends on its column tops, its
    # piles and the rules; a cache never read, or read less often, gives the same answers, slower.
    **{
        f"touring_widgets/touring/moves.py _allowed: {change}": why
        for change, why in (
            (
                "memo = table._memo -> memo = None",
                "the answers kept on the tableau are never read: they are looked up again",
            ),
            (
                "if memo is not None and memo[0] is rules: -> if memo is not None and memo[1] is rules:",
                "a set of cards is never the rules: the answers kept on the tableau are never read",
            ),
            (
                '_set_attr(table, "_memo", memo)  # a cache on a frozen value: its value does not'
                ' change -> _set_attr(table, "_memo", None)  # a cache on a frozen value: its value'
                " does not change",
                "no answers are kept on the tableau: they are looked up again",
            ),
            (
                "if _LAST[0] is rules: -> if _LAST[1] is rules:",
                "a dict of answers is never the rules: they are found by the rules each time",
            ),
            (
                "answers = _ANSWERS.get(rules) -> answers = None",
                "the rules' answers start afresh whenever other rules were asked last",
            ),
            (
                "answers = _ANSWERS.get(rules) -> answers = _ANSWERS.get(None)",
                "the rules' answers start afresh whenever other rules were asked last",
            ),
            (
                "if len(_ANSWERS) >= 100: -> if len(_ANSWERS) > 100:",
                "the answers are dropped at 101 different rules instead of 100",
            ),
            (
                "if len(_ANSWERS) >= 100: -> if len(_ANSWERS) >= 101:",
                "the answers are dropped at 101 different rules instead of 100",
            ),
            (
                "found = answers.get(key) -> found = None",
                "the cache is never read, so every answer is worked out afresh",
            ),
            (
                "found = answers.get(key) -> found = answers.get(None)",
                "the cache is never read, so every answer is worked out afresh",
            ),
            (
                "if len(answers) >= _CACHE_LIMIT: -> if len(answers) > _CACHE_LIMIT:",
                "the cache is emptied at 100,001 entries instead of 100,000",
            ),
        )
    },
    'touring_widgets/touring/moves.py legal_plays: previous = None -> previous = ""': (
        "the card seen before the first is no card either way: no card id is the empty text"
    ),
    (
        "touring_widgets/touring/moves.py _refusal: if card in _allowed(table, state.rules)[1]:  # the answer"
        " kept for this tableau -> if card in _allowed(table, state.rules)[2]:  # the answer kept for this"
        " tableau"
    ): (
        "the quick answer for a legal play reads the attacks on the tableau, which never hold a card"
        " played on one's own, so every play goes on to own_refusal(), whose answer the kept one is"
    ),
    **{
        'touring_widgets/core/timeline.py Timeline._refuse_after_end: raise IllegalAction("the game is '
        f'over: no action can be taken") -> raise IllegalAction({after})': (
            "core.game.Game, which both games build on, overrides this refusal with the game's own"
            " (T-WIN, T-EXHAUST, O-END): the base text is never shown"
        )
        for after in (
            "None",
            '"XXthe game is over: no action can be takenXX"',
            '"THE GAME IS OVER: NO ACTION CAN BE TAKEN"',
        )
    },
    (
        "touring_widgets/core/timeline.py Timeline._load_variation: node = _new_node(self._apply(node.state, "
        "chosen), chosen, node, node.index + 1, False) -> node = _new_node(self._apply(node.state, chosen), "
        "chosen, node, node.index + 1, None)"
    ): "whether a policy chose a move is read only as true or false (policy_moves): None is false",
    (
        'touring_widgets/core/timeline.py Timeline.from_json: reason = "it is nested too deeply" if '
        'isinstance(exc, RecursionError) else str(exc)[:200] -> reason = "it is nested too deeply" if '
        "isinstance(exc, RecursionError) else str(exc)[:201]"
    ): "json's error messages are far shorter than 200 characters, so the cut never applies",
    (
        "touring_widgets/touring/moves.py _next_turn: for step in range(1, players + 1): -> "
        "for step in range(1, players + 2):"
    ): (
        "one more pass comes back to the seat after the mover, whose hand was already found empty"
        " with nothing left to draw or reshuffle, so the game ends all the same"
    ),
    "touring_widgets/on_tour/state.py new_game: written=(True,) * players, -> "
    "written=(False,) * players,": (
        "the setup state only goes to begin_turn, whose first turn starts with nobody written"
        " whatever the setup state said: it is never seen"
    ),
    **{
        f'touring_widgets/on_tour/moves.py _cell_text: return "nothing" -> return {after}': (
            "a refusal names what a space holds only when it is not empty: the empty cell's text"
            " is never shown"
        )
        for after in ('"XXnothingXX"', '"NOTHING"')
    },
    **{
        "touring_widgets/on_tour/moves.py _no: return Ruling(False, f\"{reason} ({rule})\", rule, "
        f"seat) -> return Ruling(False, f\"{{reason}} ({{rule}})\", rule, {after})": (
            "a refusal's seat is never read: judge, apply and is_legal use only its reason and rule"
        )
        for after in ("None", "")
    },
    **{
        "touring_widgets/on_tour/moves.py apply: found = ruling(state, action, words=False) -> found = "
        f"ruling(state, action, {after})": "words only fills in the sentence of a legal writing; apply"
        " reads its cells, and a refusal's reason, which is written either way"
        for after in ("words=None", "", "words=True")
    },
    **{
        "touring_widgets/on_tour/moves.py is_legal: return ruling(state, read_action(action), "
        f"words=False).legal -> return ruling(state, read_action(action), {after}).legal": (
            "words only fills in the sentence of a legal writing; is_legal reads only whether it is legal"
        )
        for after in ("words=None", "", "words=True")
    },
    "touring_widgets/on_tour/moves.py _count: total += u -> total = u": (
        "the stars are the first thing counted, so the total is still 0 there: the same count"
    ),
    (
        "touring_widgets/on_tour/moves.py _count: total += sum(second_spaces(masks, i, empty).bit_count() "
        "for i in bits(union)) -> total = sum(second_spaces(masks, i, empty).bit_count() for i in "
        "bits(union))"
    ): "a turn that writes two numbers counts no stars before them, so the total is still 0 there",
    **{
        "touring_widgets/on_tour/moves.py ruling: " + before + " -> " + after: (
            "a refusal's seat is never read: judge, apply and is_legal use only its reason and rule"
        )
        for before, after in (("seat,", "None,"), ("seat, / )", ")"))
    },
    (
        'touring_widgets/on_tour/moves.py ruling: return _no(f"{marks[0][1]} is used twice: each mark goes'
        ' in its own empty space", "O-WRITE", seat) -> return _no(f"{marks[1][1]} is used twice: each'
        ' mark goes in its own empty space", "O-WRITE", seat)'
    ): "the two marks name the same space here (that is the refusal): either one says it",
    (
        'touring_widgets/on_tour/moves.py ruling: return _no(f"{numbers[0]:02d} is written twice: write each'
        ' number once", "O-WRITE", seat) -> return _no(f"{numbers[1]:02d} is written twice: write each'
        ' number once", "O-WRITE", seat)'
    ): "the two numbers are the same here (that is the refusal): either one says it",
    "touring_widgets/on_tour/moves.py write: written, state.over, / ) -> written, )": (
        "a State's over defaults to False, which it is while a player still has to write"
    ),
    "touring_widgets/on_tour/moves.py pairing: best_circles = -1 -> best_circles = -2": (
        "a pairing circles 0, 1 or 2 numbers, more than either start: the first pairing found is"
        " taken all the same"
    ),
    **{
        f"touring_widgets/on_tour/moves.py _count: total += {term} -> total = {term}": (
            "a turn of this shape counts nothing before it, so the total is still 0 there"
        )
        for term in ("e * (e - 1)", "len(one_space_numbers(state)) * e")
    },
    **{
        "touring_widgets/on_tour/moves.py legal_actions: if state.over or p is None or not 0 <= p < "
        f"state.players or state.written[p]: -> if {after}": (
            "the next player is None only once the game is over, and a game is over only when every"
            " map is full, where nothing can be written and the judge refuses everything anyway"
        )
        for after in (
            "state.over or p is None and not 0 <= p < state.players or state.written[p]:",
            "state.over and p is None or not 0 <= p < state.players or state.written[p]:",
        )
    },
    **{
        "touring_widgets/on_tour/moves.py legal_actions: return LegalActions(p, lambda: iter(()), "
        f"lambda action: False, lambda: 0) -> return LegalActions(p, lambda: iter(()), {after}": why
        for after, why in (
            ("lambda action: False, None)", "without a count, len() counts the list, which is empty: 0"),
            ("lambda action: False, )", "without a count, len() counts the list, which is empty: 0"),
            ("lambda action: None, lambda: 0)", "`in` reads None as false: nothing is in the list"),
        )
    },
    **{
        "touring_widgets/on_tour/moves.py legal_actions: return LegalActions(p, lambda: _generate(state,"
        f" p), contains, lambda: _count(state, p)) -> return LegalActions(p, lambda: _generate(state, p),"
        f" contains, {after}": (
            "without the count, len() counts the generated list: the same number, found more slowly"
        )
        for after in ("None)", ")")
    },
    **{
        "touring_widgets/on_tour/moves.py legal_actions: return action.seat == p and ruling(state, "
        f"action, words=False).legal -> return action.seat == p and ruling(state, action, {after}).legal": (
            "words only fills in the sentence of a legal writing; `in` reads only whether it is legal"
        )
        for after in ("words=None", "", "words=True")
    },
    (
        _SCORING + "frontier.py _piece: role = 1 if own > other else 2  # climbing from the "
        "far end: the tour starts there -> role = 1 if own >= other else 2  # climbing from the far end: the "
        "tour starts there"
    ): "the line is only reached when own != other, where >= and > agree",
    (
        _SCORING + "frontier.py _piece: lo, hi = (other, own) if other < own else (own, other) "
        "-> lo, hi = (other, own) if other <= own else (own, other)"
    ): "the two orders differ only when other == own, where both give (own, own)",
    **dict.fromkeys(
        (
            _SCORING + 'tour.py check_tour: last_at = "" -> last_at = None',
            _SCORING + 'tour.py check_tour: last_at = "" -> last_at = "XXXX"',
        ),
        "last_at is only read after a number set it (with last, which is None until then)",
    ),
    **dict.fromkeys(
        (
            _SCORING + "frontier.py frontier_pass: code = [0 if stars >> i & 1 else vals[i] + 1 "
            "for i in range(N_SPACES)] -> code = [0 if (stars >> i & 1) and False else vals[i] + 1 for i in "
            "range(N_SPACES)]",
            _SCORING + "frontier.py frontier_pass: code = [0 if stars >> i & 1 else vals[i] + 1 "
            "for i in range(N_SPACES)] -> code = [0 if stars << i & 1 else vals[i] + 1 for i in "
            "range(N_SPACES)]",
        ),
        "a star's value is -1 (arrays), so vals[i] + 1 gives it code 0 too",
    ),
    **dict.fromkeys(
        (
            _SCORING + "frontier.py frontier_pass: remaining = [0] * (N_SPACES + 1) -> "
            "remaining = [0] * (N_SPACES + 2)",
            _SCORING + "frontier.py frontier_pass: ahead_by_code: list[dict[int, int]] = "
            "[{} for _ in range(N_SPACES + 1)] -> ahead_by_code: list[dict[int, int]] = "
            "[{} for _ in range(N_SPACES + 2)]",
        ),
        "one entry more at the end, never read (the steps read entries 0 to N_SPACES)",
    ),
    (
        _SCORING + "frontier.py frontier_pass: for k in range(N_SPACES - 1, -1, -1): -> "
        "for k in range(N_SPACES - 1, -2, -1):"
    ): (
        "the extra round (k = -1) rewrites only the last entries, the weight to come after the last"
        " space: the last step then cuts fewer of its states, but what it keeps is never read (no"
        " step follows) and a whole tour is judged on its own weight: the same tour, the same states"
    ),
    (
        _SCORING + "frontier.py frontier_pass: if on and code[v]: -> if on or code[v]:"
    ): (
        "it adds the stars' weight under code 0 (an X or an empty space has code 0 and on = 0), and no"
        " set of ruled-out numbers holds code 0"
    ),
    **dict.fromkeys(
        (
            _SCORING + 'frontier.py frontier: if quick <= weight: -> if quick < weight:',
            _SCORING + 'frontier.py frontier_pass: if w2 > best and not any(r): -> if w2 '
            '>= best and not any(r):',
            _SCORING + 'frontier.py frontier_pass: if old is None or w2 > old[0]: -> if '
            'old is None or w2 >= old[0]:',
        ),
        'ties: a tour or a state only as heavy as the one kept replaces it. The score is the same, '
        'and the tour another of the equally good ones, still the same one every time for the same '
        "map (a state's count of tour ends, t, is the same for the same key: one per entry whose "
        'mate is 63)',
    ),
    **dict.fromkeys(
        (
            _SCORING + 'frontier.py frontier: s = min(ends, key=lambda i: start_rank(i, '
            'vals, stars, usable)) -> s = min(ends, key=None)',
            _SCORING + 'frontier.py frontier: s = min(ends, key=lambda i: start_rank(i, '
            'vals, stars, usable)) -> s = min(ends, )',
        ),
        'the end the tour is read from: the check after it turns it round where its numbers fall, '
        'so only a tour whose numbers are all equal may come out read from its other end, as good a '
        'tour',
    ),
    **dict.fromkeys(
        (
            _SCORING + 'frontier.py frontier: prev = -1 -> prev = None',
            _SCORING + 'frontier.py frontier: prev = -1 -> prev = -2',
        ),
        'prev only has to differ from every space (0-41) before the first step',
    ),
    **dict.fromkeys(
        (
            _SCORING + 'frontier.py frontier_pass: r[j] = 0 -> r[j] = None',
        ),
        'a slot leaving the frontier is left out of the key, and any() reads None as 0; it is never '
        'joined to again (its mate, marked an end of the tour, ends the loop when reached)',
    ),
    **dict.fromkeys(
        (
            _SCORING + 'frontier.py frontier_pass: r[slot[m]] |= 126  # its mate is now an '
            'end of the tour -> r[slot[m]] |= 127  # its mate is now an end of the tour',
        ),
        'bit 0 of an entry that ends a piece is already 1',
    ),
    **dict.fromkeys(
        (
            _SCORING + 'frontier.py frontier_pass: if w + rem + wv <= best: -> if w + rem '
            '+ wv < best:',
        ),
        'a state that only ties the best emits nothing: every choice then gives w2 + rem <= best, '
        'which emit drops, and a whole tour from it weighs at most best',
    ),
    **dict.fromkeys(
        (
            _SCORING + 'frontier.py frontier_pass: lost = lost_by_kill.get(kill)  # the '
            'weight to come that no tour through st can take -> lost = None  # the weight to come that '
            'no tour through st can take',
            _SCORING + 'frontier.py frontier_pass: lost = lost_by_kill.get(kill)  # the '
            'weight to come that no tour through st can take -> lost = lost_by_kill.get(None)  # the '
            'weight to come that no tour through st can take',
        ),
        'the cache of lost weights is skipped: the same sum is computed again',
    ),
    **dict.fromkeys(
        (
            _SCORING + 'frontier.py frontier_pass: or (x <= vp and vx <= vp and (not vx or '
            'not x or x <= vx)) -> or (x < vp and vx <= vp and (not vx or not x or x <= vx))',
        ),
        'with x == vp the second reading holds only for a piece of one number, or of stars only, '
        'with v the same: the first reading (rising from p) then holds too',
    ),
    **dict.fromkeys(
        (
            _SCORING + 'frontier.py frontier_pass: or (x <= vp and vx <= vp and (not vx or '
            'not x or x <= vx)) -> or (x <= vp and vx <= vp and (not vx and not x or x <= vx))',
        ),
        'they differ when exactly one of vx, x is 0: with vx 0 the piece is stars only, vp is 0 and '
        'x <= vp fails anyway; with x 0, x <= vx holds',
    ),
    **dict.fromkeys(
        (
            _SCORING + 'frontier.py frontier_pass: if beam and len(nxt) > beam and k + 1 < '
            'N_SPACES: -> if beam and len(nxt) >= beam and k + 1 < N_SPACES:',
        ),
        'at exactly beam states the ranking keeps them all but those that can never make a tour, '
        'which the next step would drop anyway',
    ),
    **dict.fromkeys(
        (
            _SCORING + 'frontier.py frontier_pass: if beam and len(nxt) > beam and k + 1 < '
            'N_SPACES: -> if beam and len(nxt) > beam and k - 1 < N_SPACES:',
            _SCORING + 'frontier.py frontier_pass: if beam and len(nxt) > beam and k + 1 < '
            'N_SPACES: -> if beam and len(nxt) > beam and k + 1 <= N_SPACES:',
        ),
        'they also trim the states after the last step, which are never read',
    ),
    **dict.fromkeys(
        (
            _SCORING + 'frontier.py frontier_pass: if beam and len(nxt) > beam and k + 1 '
            '< N_SPACES: -> if beam and len(nxt) > beam and k + 2 < N_SPACES:',
        ),
        'it leaves the states before the last step untrimmed; the frontier there is three spaces '
        '(CA OR WA) and holds at most 57 states on every stress map, even in the exact pass, far '
        'below the beam of 300, so the trim never drops one there',
    ),
    **dict.fromkeys(
        (
            _SCORING + 'frontier.py numbers_ruled_out: first = last = 0  # the number (code) the '
            'rest must reach at least / stay at most -> first = last = None  # the number (code) the '
            'rest must reach at least / stay at most',
        ),
        'first and last are only tested for truth before a piece sets them, and None is false as '
        '0 is',
    ),
    **dict.fromkeys(
        (
            _SCORING + 'frontier.py numbers_ruled_out: if e < 128: -> if e <= 128:',
            _SCORING + 'frontier.py numbers_ruled_out: if e < 128: -> if e < 129:',
        ),
        "an entry is 0 or odd (bit 0 marks a piece's end), so it is never 128",
    ),
    **dict.fromkeys(
        (
            _SCORING + 'frontier.py numbers_ruled_out: piece = _PIECES.get(e, 0) -> piece = '
            '_PIECES.get(None, 0)',
        ),
        'the cache is skipped: the piece is read again from the entry, the same',
    ),
    **dict.fromkeys(
        (
            _SCORING + 'frontier.py numbers_ruled_out: above = every & ~((1 << (n + 1)) - 1) -> '
            'above = every & ~((1 << (n + 1)) - 2)',
            _SCORING + 'frontier.py numbers_ruled_out: kill |= ~((1 << (n + 1)) - 1) & '
            '_ALL_CODES  # it comes last: nothing above it -> kill |= ~((1 << (n + 1)) - 2) & '
            '_ALL_CODES  # it comes last: nothing above it',
            _SCORING + 'frontier.py numbers_ruled_out: high = ~((1 << (last + 1)) - 1) & '
            '_ALL_CODES -> high = ~((1 << (last + 1)) - 2) & _ALL_CODES',
        ),
        'it only adds code 0 (stars), which every and _ALL_CODES never hold',
    ),
    **dict.fromkeys(
        (
            _SCORING + "frontier.py numbers_ruled_out: return -1  # a number the tour's first "
            "piece has already climbed past -> return -2  # a number the tour's first piece has "
            'already climbed past',
            _SCORING + 'frontier.py numbers_ruled_out: return -1  # a number above where the '
            "tour's last piece starts -> return -2  # a number above where the tour's last piece "
            'starts',
        ),
        'callers only ask whether the answer is below 0',
    ),
    # The frontier search keeps numbers_ruled_out's answers by a signature of each state: every
    # entry's numbers and whether its mate ends the tour (_Numbers), all that numbers_ruled_out
    # reads. A signature only as fine or finer, or a table never read, gives the same answers.
    **dict.fromkeys(
        (
            _SCORING + "frontier.py frontier_pass: kill = kills.get(sig) -> kill = None",
            _SCORING + "frontier.py frontier_pass: kill = kills.get(sig) -> kill = kills.get(None)",
        ),
        "the answers kept by signature are never read: each is worked out afresh, the same",
    ),
    **{
        _SCORING + "frontier.py _Numbers.__missing__: n = self[e] = 0 if e < 128 else (e >> 7) << 1 | "
        f"(e >> 1 & 63 == 63) -> {after}": why
        for after, why in (
            ("n = self[e] = 0 if (e < 128) and False else (e >> 7) << 1 | (e >> 1 & 63 == 63)",
             "entries below 128 (no piece, or stars only) are told apart by whether their mate ends"
             " the tour: a finer signature, and numbers_ruled_out passes over them all the same"),
            ("n = self[e] = 1 if e < 128 else (e >> 7) << 1 | (e >> 1 & 63 == 63)",
             "every entry below 128 signs 1 instead of 0: still one sign for all of them, which"
             " numbers_ruled_out passes over, and apart from every other entry's (always even"
             " or above 1)"),
            ("n = self[e] = 0 if e <= 128 else (e >> 7) << 1 | (e >> 1 & 63 == 63)",
             "128 is no entry (an entry with a piece is odd), so it never comes"),
            ("n = self[e] = 0 if e < 129 else (e >> 7) << 1 | (e >> 1 & 63 == 63)",
             "128 is no entry (an entry with a piece is odd), so it never comes"),
            ("n = self[e] = 0 if e < 128 else (e << 7) << 1 | (e >> 1 & 63 == 63)",
             "the whole entry goes into the signature: finer, so fewer answers are shared, each"
             " the same"),
            ("n = self[e] = 0 if e < 128 else (e >> 7) << 2 | (e >> 1 & 63 == 63)",
             "the numbers move one bit further from the flag: every signature still its own"),
            ("n = self[e] = 0 if e < 128 else (e >> 7) << 1 | (e >> 1 & 63 != 63)",
             "the flag is read the other way round: every signature still its own"),
        )
    },
    (_BOUND + "by_value = [0] * 100 -> by_value = [0] * 101"): (
        "entry 100 is never read: a level is a number of the map (0-99), and level -1 (a star"
        " start) is read as stars only, never as by_value[-1]"
    ),
    (
        _BOUND + "if usable >> i & 1 and not stars >> i & 1: -> if usable >> i | 1 and not stars >> i & 1:"
    ): (
        "the empty spaces and Xs it adds to the 0s are never used: every read of by_value, ge, below"
        " and over is cut down to the usable spaces ahead (avail, ahead, or their neighbours)"
    ),
    (_BOUND + _GE + " -> " + _GE.replace("[0] * 101", "[1] * 101")): (
        "every entry is written before it is read (ge[1..100] in the loop, ge[0] after it)"
    ),
    (_BOUND + _GE + " -> " + _GE.replace("[0] * 101", "[0] * 102")): (
        "entry 101 is never read: ge is read at last + 1 and v + 2, at most 100"
    ),
    **dict.fromkeys(
        (
            _SCORING + 'branch_and_bound.py bounded: for v in range(99, -1, -1): -> for v in '
            'range(99, -2, -1):',
        ),
        'the extra round (v = -1) adds by_value[-1], the 99s, already in, and sets ge[0], which '
        'the next line sets to the same',
    ),
    **dict.fromkeys(
        (
            _SCORING + 'frontier.py frontier_pass: lost = sum(wc for c, wc in '
            'after.items() if kill >> c & 1) if kill else 0 -> lost = sum(wc for c, wc in '
            'after.items() if kill >> c & 1) if (kill) or True else 0',
        ),
        'with kill 0 the sum is over no code: 0, as given',
    ),
    **dict.fromkeys(
        (
            _SCORING + 'branch_and_bound.py bounded: if low[v] < low[u]: -> if low[v] <= low[u]:',
            _SCORING + 'branch_and_bound.py bounded: elif disc[v] < low[u]: -> elif disc[v] <= '
            'low[u]:',
            _SCORING + 'branch_and_bound.py bounded: if h > top: -> if h >= top:',
            _SCORING + 'branch_and_bound.py bounded: if t > hang[root]: -> if t >= hang[root]:',
        ),
        'on a tie it stores the value already there',
    ),
    **dict.fromkeys(
        (
            _SCORING + 'branch_and_bound.py bounded: key = inside | cur << 41 -> key = inside | '
            'cur << 42',
            _SCORING + 'branch_and_bound.py bounded: key = inside | cur << 41 -> key = inside | '
            'cur << 42',
        ),
        'a space index needs 6 bits and a set of spaces 41 (bits 0-40): both keys are unique',
    ),
    **dict.fromkeys(
        (
            _SCORING + 'branch_and_bound.py bounded: found = block_memo.get(key) -> found = None',
            _SCORING + 'branch_and_bound.py bounded: found = block_memo.get(key) -> found = '
            'block_memo.get(None)',
            _SCORING + 'branch_and_bound.py bounded: found = chain_memo.get(key) -> found = None',
            _SCORING + 'branch_and_bound.py bounded: found = chain_memo.get(key) -> found = '
            'chain_memo.get(None)',
        ),
        "a cache of the search's regions skipped: the same answer is worked out again",
    ),
    **dict.fromkeys(
        (
            _SCORING + 'branch_and_bound.py bounded: disc = [-1] * N_SPACES -> disc = [-2] * '
            'N_SPACES',
        ),
        'disc only tells visited (>= 0) from not (< 0) before a visit sets it',
    ),
    **dict.fromkeys(
        (
            _SCORING + 'branch_and_bound.py bounded: low = [0] * N_SPACES -> low = [1] * '
            'N_SPACES',
        ),
        "every low is set on its space's visit before it is read",
    ),
    **dict.fromkeys(
        (
            _SCORING + 'branch_and_bound.py bounded: clock += 1 -> clock += 2',
            _SCORING + 'branch_and_bound.py bounded: clock = 0 -> clock = 1',
        ),
        'the visit numbers are only compared with one another (and with -1, unvisited): steps of 2,'
        ' or a start at 1, order them alike',
    ),
    **dict.fromkeys(
        (
            _SCORING + 'branch_and_bound.py bounded: v = vals[(h & -h).bit_length() - 1] -> v = '
            'vals[(h | -h).bit_length() - 1]',
            _SCORING + 'branch_and_bound.py bounded: v = vals[(h & -h).bit_length() - 1] -> v = '
            'vals[(h & +h).bit_length() - 1]',
        ),
        "any space of h gives a number still to list (h | -h has the lowest bit's length; h & +h "
        'is h: its highest space), and the numbers are sorted afterwards',
    ),
    **dict.fromkeys(
        (
            _SCORING + 'branch_and_bound.py bounded: region_of = [0] * N_SPACES -> region_of = '
            '[1] * N_SPACES',
            _SCORING + 'branch_and_bound.py bounded: after_of = [0] * N_SPACES  # the most the '
            "regions after a number's own can add -> after_of = [1] * N_SPACES  # the most the "
            "regions after a number's own can add",
            _SCORING + 'branch_and_bound.py bounded: total_of = [0] * N_SPACES  # the same, its '
            'own region included -> total_of = [1] * N_SPACES  # the same, its own region included',
            _SCORING + 'branch_and_bound.py bounded: num_total = [0] * N_SPACES  # as total_of, '
            'counting numbers only -> num_total = [1] * N_SPACES  # as total_of, counting numbers '
            'only',
        ),
        "only read for spaces of higher numbers, each set when its number's regions are weighed "
        '(highest first)',
    ),
    # bound(): the search rules a position out when the least of three quick bounds and the sharper
    # one (the best exit over the blocks, E) is at most ``need``. E never exceeds the second or
    # third quick bound: each exit adds to spaces of home (``some``) a region next to home and
    # what can follow it, which those bounds count at most once more. So dropping or raising one
    # of them changes only how soon bound() returns, never which positions are ruled out.
    **dict.fromkeys(
        (
            _BOUND + "step = step_n = 0 -> step = step_n = 1",
        ),
        "the sharper bound that follows (the best exit) is never above the second or third quick"
        " bound, so the positions ruled out are the same;"
        " with no region next to home (the only case step = 1 changes) there is no exit at all",
    ),
    **dict.fromkeys(
        (
            _BOUND + "if sw + total_of[y] <= best_exit: -> if sw + total_of[y] < best_exit:",
            _BOUND + "if t <= best_exit: -> if t < best_exit:",
            _BOUND + "if t1 > need and t1 > tx: -> if t1 > need and t1 >= tx:",
            _BOUND + "if tx > best_exit: -> if tx >= best_exit:",
        ),
        "on a tie the exit's weight t (never above sw + total_of[y]), its sharper t1 (never above"
        " t) or tx is no more than what is kept already, so nothing kept changes",
    ),
    (_BOUND + "tx = 0 -> tx = 1"): (
        "tx is the largest t1 over the spaces x next to y, and there is always one (y was found"
        " next to them), whose t1 counts y itself: at least 1"
    ),
    (_BOUND + "if tx >= t: -> if tx > t:"): (
        "tx never exceeds t (each t1 is at most t), so the loop only stops later, with the same tx"
    ),
    **dict.fromkeys(
        (
            _BOUND + "if t <= need: -> if t < need:",
            _BOUND + "if t1 > need and t1 > tx: -> if t1 > need or t1 > tx:",
            _BOUND + "if t1 > need and t1 > tx: -> if t1 >= need and t1 > tx:",
        ),
        "it sharpens an exit's weight that is already at or below need, so the position is ruled"
        " out all the same; the sharper value kept can only rule out more later: the same best"
        " score, with more work per position (the work tests bound positions from above)",
    ),
    (_BOUND + "if result <= need: -> if result < need:"): (
        "at result == need the sharper part runs: its exits never exceed the second or third quick"
        " bound, one of which is result (the first is above need whenever bound() is called), so it"
        " returns at most need and the position is ruled out all the same (the value it keeps may"
        " be lower, which can only rule out more later: seen on one map of 3,000 tried, 152"
        " positions against 149)"
    ),
    (_BOUND + "ys = higher & next_to(xs) -> ys = higher | next_to(xs)"): (
        "a space y not next to the spaces x has no x to leave from (xb is empty, tx stays 0), and a"
        " y of home, a star or a lower number has no region (total_of 0): none adds an exit above"
        " need, so the same positions are ruled out (an exit at or below need only raises a value"
        " that rules its position out anyway)"
    ),
    (_BOUND + "best_path: list[int] = [] -> best_path: list[int] = None"): (
        "the first position sets it (its weight beats 0); only a map with no usable space keeps it,"
        " and best_tour answers those with the memoised search, never the branch and bound"
    ),
    # parts(): whether all of cur's neighbours ahead lie in one part only picks the quick answer;
    # the loop over the parts gives the same one then (that part is all of ahead).
    **dict.fromkeys(
        (
            _BOUND + "part = reach(first, ahead) | first -> part = reach(first, ahead) & first",
            _BOUND + "part = reach(first, ahead) | first -> part = reach(None, ahead) | first",
            _BOUND + "if not rest & ~part: -> if not rest | ~part:",
            _BOUND + "if not rest & ~part: -> if not rest & part:",
        ),
        "it only sends one part holding every neighbour to the loop over parts, which finds that"
        " part, all of ahead, and the same value, less quickly",
    ),
    (_BOUND + "if w > top: -> if w >= top:"): (
        "in parts(), on a tie the part's weight less its ends is at most top, or top itself: nothing"
        " kept changes (the same text stands for both tests there)"
    ),
    (_BOUND + "top = 0 -> top = 1"): (
        "in parts(), every part holds a space next to cur that a tour can enter from cur, so each"
        " part is worth at least 1 (find_chain's top = 0 reads the same, and its mutant is killed:"
        " a reason here would also excuse it, so check it if it ever survives)"
    ),
    (_BOUND + "if b > need: -> if b >= need:"): (
        "at b == need (the weight ahead) the position is ruled out already; the mutant sharpens b"
        " with parts(), never above the weight ahead (each part's weight less what its ends cost),"
        " so it is ruled out all the same, and the value kept can only rule out more later (the"
        " work tests bound positions from above). bound() comes after parts() only when parts() is"
        " above need, where the other `if b > need:` is killed"
    ),
    (_BOUND + "if ub is None or b < ub: -> if ub is None or b <= ub:"): (
        "on a tie it stores the value already there"
    ),
    # arrays(): the map as arrays.
    (_SCORING + "tour.py arrays: vals = [-1] * N_SPACES -> vals = [-2] * N_SPACES"): (
        "the value of a star, an X or an empty space is never read as a number: the searches and"
        " check_tour look at stars and usable spaces first (a star start is given -1 by name), the"
        " frontier search skips a space off the tour before reading its code, and -2 is below 0"
        " wherever numbers are told apart from the rest"
    ),
    (
        _SCORING + "tour.py arrays: if type(cell) is tuple and len(cell) == 2 and"
        " type(cell[0]) is int and type(cell[1]) is bool: -> if type(None) is tuple and len(cell) == 2"
        " and type(cell[0]) is int and type(cell[1]) is bool:"
    ): (
        "every cell then goes the slow way, through normalise_cell, which reads a (number, circled)"
        " tuple the same"
    ),
    **dict.fromkeys(
        (
            _SCORING + "tour.py arrays: if not 0 <= mark <= 99: -> if not 1 <= mark <= 99:",
            _SCORING + "tour.py arrays: if not 0 <= mark <= 99: -> if not 0 < mark <= 99:",
            _SCORING + "tour.py arrays: if not 0 <= mark <= 99: -> if not 0 <= mark < 99:",
        ),
        "a 00 or a 99 then goes through normalise_cell, which accepts it (it raises only for a cell"
        " out of range) and leaves the number and circle already read",
    ),
    **dict.fromkeys(
        (
            _FAST + "if type(cell) is tuple and len(cell) == 2 and type(None) is int and type(cell[1]) is "
            "bool:",
            _FAST + "if type(cell) is tuple and len(cell) == 2 and type(cell[1]) is int and type(cell[1]) is "
            "bool:",
            _FAST + "if type(cell) is tuple and len(cell) == 2 and type(cell[0]) is int and type(None) is "
            "bool:",
        ),
        "the test is then never true: every cell goes the slow way, through normalise_cell, which reads"
        " a (number, circled) tuple the same",
    ),
    # plain(): the order of the numbered spaces, highest first.
    (
        _SCORING + "memoised.py plain: order = sorted([(vals[i], i) for i in range(N_SPACES)"
        " if usable >> i & 1 and vals[i] >= 0], reverse=True) -> order = sorted([(vals[i], i) for i in"
        " range(N_SPACES) if usable >> i | 1 and vals[i] >= 0], reverse=True)"
    ): "only a usable numbered space holds a value of 0 or more (arrays leaves -1 elsewhere)",
    (
        _SCORING + "memoised.py plain: order = sorted([(vals[i], i) for i in range(N_SPACES)"
        " if usable >> i & 1 and vals[i] >= 0], reverse=True) -> order = sorted([(vals[i], i) for i in"
        " range(N_SPACES) if usable >> i & 1 or vals[i] >= 0], reverse=True)"
    ): (
        "it adds the stars (value -1) at the end of the order: the stars next to a star are then"
        " solved there as (star, -1, itself), the very states the loop over tour starts asks for"
        " next and takes from the memo (the same states, each counted once); a lone star gets a"
        " base entry, which is read only for numbered spaces"
    ),
    (_SCORING + "memoised.py plain: if x > best: -> if x >= best:"): (
        "in the loop over numbered spaces with no cycle next door: ties, a step as good as the one"
        " kept replaces it; the same score, another of the equally good tours, the same one every"
        " time for the same map (solve()'s line reads the same, and its mutant is killed: a reason"
        " here would also excuse it, so check it if it ever survives)"
    ),
    (
        _SCORING + "memoised.py plain: base[i] = (best, best_e[1] | 1 << best_n, best_e,"
        " best_n) if best_e is not None else _END -> base[i] = (best, best_e[1] | 1 >> best_n, best_e,"
        " best_n) if best_e is not None else _END"
    ): (
        "it leaves out of a tour's spaces only its first step (1 >> best_n is 0, or the same bit for"
        " space 0), a number above the one it starts from: the spaces visited that the check"
        " against them guards (stars and numbers no higher) never include it"
    ),
    **dict.fromkeys(
        (
            _SCORING + "memoised.py plain: best = -1 -> best = +1",
            _SCORING + "memoised.py plain: best = -1 -> best = -2",
        ),
        "every tour start weighs at least 1, so the first one sets best and tops alike from -2,"
        " -1 or 1 (a first tour of weight 1 joins tops instead of starting it: the same list); a"
        " lone star is skipped only below best, never at weight 1 against 1",
    ),
    **dict.fromkeys(
        (
            _SCORING + "memoised.py plain: e = firsts[s] = memo.get(b | s << 48) or solve(s, -1,"
            f" b) -> e = firsts[s] = memo.get({key}) or solve(s, -1, b)"
            for key in ("None", "b & s << 48", "b | s >> 48", "b | s << 49")
        ),
        "the memo never holds a star start's own state (a search reaches a star only with the space"
        " it came from visited too; not once over 800 generated maps, with a hit made to raise), so"
        " solve() runs with any key",
    ),
    (
        _SCORING + "memoised.py plain: if base[n][0] + weight[n] > top: -> if base[n][0] +"
        " weight[n] >= top:"
    ): "on a tie it stores the value already there",
    **dict.fromkeys(
        (
            _SCORING + "tour.py start_rank: return (nb > 1, -1 if stars >> i & 1 else"
            " vals[i], nb, i) -> return (nb > 1, -1 if (stars >> i & 1) and False else vals[i], nb, i)",
            _SCORING + "tour.py start_rank: return (nb > 1, -1 if stars >> i & 1 else"
            " vals[i], nb, i) -> return (nb > 1, -2 if stars >> i & 1 else vals[i], nb, i)",
            _SCORING + "tour.py start_rank: return (nb > 1, -1 if stars >> i & 1 else"
            " vals[i], nb, i) -> return (nb > 1, -1 if stars << i & 1 else vals[i], nb, i)",
        ),
        "vals holds -1 for a star (arrays), so a star still ranks below every number (0 or more)",
    ),
    (_SCORING + "memoised.py plain: tops: list[int] = [] -> tops: list[int] = None"): (
        "the first start sets tops (its weight beats best = -1); with no start, None is as falsy as []"
    ),
    **dict.fromkeys(
        (
            _SCORING + "memoised.py plain: best_n = -1 -> best_n = None",
            _SCORING + "memoised.py plain: best_n = -1 -> best_n = +1",
            _SCORING + "memoised.py plain: best_n = -1 -> best_n = -2",
        ),
        "a starting value never read (in solve() and in the loop over numbered spaces alike): best_n"
        " is read only when best_e is set, and both are set together",
    ),
    **dict.fromkeys(
        (
            _SCORING + "best.py search: return plain(vals, stars, circled, usable,"
            " budget if method is None else 1 << 62) -> return plain(vals, stars, circled, usable,"
            " budget if method is None else 2 << 62)",
            _SCORING + "best.py search: return plain(vals, stars, circled, usable,"
            " budget if method is None else 1 << 62) -> return plain(vals, stars, circled, usable,"
            " budget if method is None else 1 << 63)",
        ),
        "a budget no search reaches either way (2^62 states)",
    ),
    # dfs(): what a position returns (the best extension found under it) is read only by the
    # position before it, which keeps max(its best extension, best - gained). Each child first
    # raises best to at least its own gained, and returns at most best - its gained, so the best
    # extension is never above best - gained: the value kept is best - gained whatever the
    # children return, as long as it is no more. (A ruled-out child returning 1 can be more, and
    # is killed.)
    **dict.fromkeys(
        (
            _BOUND + "best_ext = 0 -> best_ext = 1",
            _BOUND + "ext = dfs(n, nl, ns, gained + weight[n]) + weight[n] -> "
            "ext = dfs(n, nl, ns, gained + weight[n]) - weight[n]",
            _BOUND + "if ext > best_ext: -> if ext >= best_ext:",
        ),
        "the best extension a position finds is never above best - gained once a child has run"
        " (each child raises best to its own gained first), so the value kept, max(best extension,"
        " best - gained), is the same; starting at 1, counting children lower or taking ties"
        " leaves it at most that",
    ),
    (
        _BOUND + "moves.append((v, n, seen | bit if v == last else (seen & stars) | bit)) -> "
        "moves.append((v, n, seen | bit if (v == last) or True else (seen & stars) | bit))"
    ): (
        "the spaces it keeps in seen after the tour steps up to a higher number hold lower numbers,"
        " which the next position's reach leaves out anyway (it takes only stars and numbers from"
        " the last one up): the same reach, keys and positions"
    ),
    (_BOUND + "if len(moves) > 1: -> if len(moves) >= 1:"): "it sorts a list of one move",
    (_BOUND + "if gained > best: -> if gained >= best:"): (
        "ties: a tour only as heavy as the best found replaces it. The score is the same, and the"
        " tour another of the equally good ones, still the same one every time for the same map"
    ),
    (_BOUND + "key = ahead | cur << 41 -> key = ahead | cur << 42"): (
        "ahead holds spaces 0-40 (bits below 41), so shifting cur one place further still gives"
        " every (space, ahead) its own key"
    ),
    (_BOUND + "best_exit = 0 -> best_exit = 1"): (
        "every exit weighs at least 1 when home holds a space or a higher region is next door;"
        " with neither, the third quick bound is 0 and decides"
    ),
    (_BOUND + "if sw > best_exit: -> if sw >= best_exit:"): (
        "on a tie it stores the value already there, and the return that follows needs it above need"
    ),
    **dict.fromkeys(
        (
            _BOUND + "c = first & -first -> c = first | -first",
            _BOUND + "c = first & -first -> c = first & +first",
        ),
        "any space of first names a region to weigh (first | -first gives the lowest bit's index,"
        " first & +first the highest), and only the largest weights are kept, whatever the order",
    ),
    **dict.fromkeys(
        (
            _BOUND + "if total_of[i] > step: -> if total_of[i] >= step:",
            _BOUND + "if num_total[i] > step_n: -> if num_total[i] >= step_n:",
        ),
        "on a tie it stores the value already there (a largest weight kept)",
    ),
    **dict.fromkeys(
        (
            _SCORING + 'branch_and_bound.py bounded: c = nb & -nb -> c = nb | -nb',
            _SCORING + 'branch_and_bound.py bounded: c = nb & -nb -> c = nb & +nb',
        ),
        "any space of nb names a region to weigh (nb | -nb gives the lowest bit's index, nb & +nb "
        'the highest), and only the largest weights are kept, whatever the order',
    ),
    **dict.fromkeys(
        (
            _SCORING + "branch_and_bound.py bounded: "
            "if total_of[i] > after: -> if total_of[i] >= after:",
            _SCORING + "branch_and_bound.py bounded: "
            "if num_total[i] > after_n: -> if num_total[i] >= after_n:",
        ),
        "on a tie it stores the value already there (a largest weight kept)",
    ),
    (
        _SCORING + "frontier.py _piece: role = 0 -> role = None"
    ): "numbers_ruled_out only asks role == 1, role == 2 and role != 1, != 2, where None answers as 0 does",
    (
        _SCORING + "frontier.py _piece: lo, hi = (other, own) if other < own else (own, other) "
        "-> lo, hi = (other, own) if (other < own) and False else (own, other)"
    ): (
        "other < own only for the tour's first piece (role 1; a piece inside reads from its lower end),"
        " and numbers_ruled_out's first-piece check already refuses any other piece holding a number"
        " below its end (own): each use of that piece's half, whole, point and between it changes is"
        " such a piece"
    ),
    (
        _SCORING + "frontier.py _piece: half = ((1 << hi) - 1) & ~((1 << lo) - 1) -> "
        "half = ((1 << hi) - 2) & ~((1 << lo) - 1)"
    ): (
        "it only clears code 0 (stars), which ~((1 << lo) - 1) clears anyway: a piece holding a number"
        " meets one from both ends, so lo >= 1"
    ),
    (
        _SCORING + "frontier.py _piece: return role, own, half, whole, 0 if half else 1 << lo, "
        "_BETWEEN[lo][hi] -> return role, own, half, whole, 0 if (half) and False else 1 << lo, "
        "_BETWEEN[lo][hi]"
    ): (
        "a piece of several numbers then counts its lowest as a point too; that point is inside another"
        " piece's numbers only when the two pieces' numbers overlap, refused already"
    ),
    (
        _SCORING + "frontier.py _piece: return role, own, half, whole, 0 if half else 1 << lo, "
        "_BETWEEN[lo][hi] -> return role, own, half, whole, 1 if half else 1 << lo, _BETWEEN[lo][hi]"
    ): (
        "points are only compared with the codes strictly between two numbers (2 and up): code 0 is"
        " never among them"
    ),
    (
        'touring_widgets/widgets/messages.py Messages.receive: kind = content.get("type") if '
        'isinstance(content, dict) else None -> kind = content.get("type") if (isinstance(content, dict)) '
        "or True else None"
    ): (
        "a fault of ours is only met with a message that is an object: handle refuses anything else"
        " before it can fail"
    ),
    (
        "touring_widgets/widgets/messages.py Messages.receive: self.say(f\"The kernel failed to do "
        "{str(kind)[:40]!r}: {type(exc).__name__}: \" -> self.say(f\"The kernel failed to do "
        "{str(kind)[:41]!r}: {type(exc).__name__}: \""
    ): (
        "a fault of ours is only met with a known message type (handle refuses the others), and every"
        " one is far shorter than 40 characters: the cut never applies"
    ),
}

PYTEST_ARGS = ["-p", "no:cacheprovider", "-o", "addopts=", "-m", "not e2e", "--hypothesis-seed=0"]
ROOT = Path(__file__).resolve().parents[1]
WORK = ROOT / "mutants"  # one copy of the project per module: mutants/touring-moves/, ...
COPIED = ("touring_widgets", "tests", "docs")  # docs/: the rule texts some tests read
CHILDREN = max(1, min(2, os.cpu_count() or 1))
KILLED = {"killed", "timeout", "segfault"}  # "segfault": killed by mutmut's own CPU-time limit
NO_MUTATE = "# pragma: no mutate block"


@dataclass
class Mutant:
    name: str  # mutmut's name, e.g. touring_widgets.touring.rules.xǁRulesǁgoal__mutmut_3
    status: str
    file: str
    function: str = ""
    line: int = 0
    change: str = ""

    @property
    def key(self) -> str:
        return f"{self.file} {self.function}: {self.change}"


# Survivors explained by the shape of the change, for families too long to list one by one.
_SESSION = r"touring_widgets/widgets/session\.py "  # the board session's survivors, as a pattern
EQUIVALENT_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    # the board session (widgets/session.py)
    (
        re.compile(_SESSION + r"BoardSession\.narrate: (key = id\(after\)|cached = self\._stories\.get\(key\)"
                   r"|if cached is not None and cached\[0\] is after and cached\[1\] == self\.seat:"
                   r"|if len\(self\._stories\) > 256:"
                   r"|self\._stories\[key\] = \(after, self\.seat, text\)) -> .*"),
        "the cache of the log's sentences: never read, read less often or emptied one entry sooner or later,"
        " it gives the same sentences, worked out again (an entry holds its state, so no other state can"
        " take its id while it is kept)",
    ),
    (
        re.compile(_SESSION + r"BoardSession\.__init__: (self\.game: Any = game"
                   r"|self\._run_expect: Any = None|self\._run_until_end = False|self\._variation_count = 0"
                   r"|self\._own_step = False|self\._quiet = False) -> .*"),
        "follow_game sets the game and its variation count before anything reads them; a run sets what it"
        " expects and whether it goes to the end before reading them; the flags are read only as true or"
        " false, and an expected state is only compared by identity (None and \"\" are no state)",
    ),
    (
        re.compile(_SESSION + r"BoardSession\.__init__: self\.owner: Callable\[\[\], "
                   r"Any\] = owner or \(lambda: None\) -> .*"),
        "the owner is called only by a widget's hooks, and a widget always makes its session with itself"
        " as the owner",
    ),
    (
        re.compile(_SESSION + r'starting_state: return \{"view": \{\}, "choices": \[\], '
                   r'"line": \[\], "log": \[\], "length": [01], "position": [01], .*'),
        "a new session shows its game (refresh) before anyone watches it: the length and position of the"
        " line replace these at once",
    ),
    (
        re.compile(_SESSION + r"BoardSession\.(_tick_once: self\._own_step = False"
                   r"|stop_run: self\._run_expect = None) -> .*"),
        "read only as true or false (None is false), or compared by identity with a state (\"\" is no state)",
    ),
    (
        re.compile(_SESSION + r"_state_property: .*"),
        "the page state's properties are made when the class is defined, before mutmut switches a"
        " mutant on: these mutants are never active (the function is skipped in MODULES since)",
    ),
    (
        re.compile(_SESSION + r"BoardSession\.stop_run: if self\.game is not None and "
                   r"not self\.gone: -> if self\.game is not None or not self\.gone:"),
        "a board's game is None exactly when the board is gone (lose_game sets both): the two agree",
    ),
    (
        re.compile(_SESSION + r'BoardSession\.variations_shown: (for i, v in enumerate'
                   r'\(getattr\(self\.game, "variations", \(\)\)\):'
                   r'|first = self\.describe_move\(v\.at\.state, v\.actions\[0\]\)\["text"\] if v\.actions'
                   r' else "") -> .*'),
        "every game keeps its variations (core.timeline), and a variation is made by a move, so it always"
        " holds one: the default and the empty first move are never used",
    ),
    (
        re.compile(r"touring_widgets/on_tour/state\.py new_game: "
                   r"(cards|dice|reshuffled|written)=.* -> \1=.*"),
        "the setup state only goes to begin_turn, which makes the first turn's cards, dice, reshuffle"
        " and writers anew: these fields of the setup state are never read",
    ),
    (
        re.compile(r"touring_widgets/on_tour/state\.py _next_turn: if len\(deck\) >= 3: -> "
                   r"if len\(deck\) (?:> 3|>= 4):"),
        "at a flip the deck always holds one more than a multiple of three (34 after the setup, three"
        " cards a turn, and the reshuffled discards keep the count), never exactly three; a scenario's"
        " piles must be ones a game reaches",
    ),
    (
        # a refusal's last argument, the seat, made None or dropped: _no(..., seat)
        re.compile(
            r"touring_widgets/on_tour/moves\.py ruling: (?:return _no\()?(?P<args>.+), seat(?P<close>\)?)"
            r"(?: / \))? -> (?:return _no\()?(?P=args), (?:None)?(?P=close)\)?"
        ),
        "a refusal's seat is never read: judge, apply and is_legal use only its reason and rule",
    ),
    (
        # the sentence of a legal writing judged without words (apply, is_legal, `in`): never read
        re.compile(
            r'touring_widgets/on_tour/moves\.py ruling: return _ok\(seat, cells, (?P<said>.+) if words'
            r' else "", (?P<rule>"[^"]+")\) -> return _ok\(seat, cells, (?P=said) if'
            r' (?:\(words\) or True|words) else "(?:XXXX)?", (?P=rule)\)'
        ),
        "only judge asks for words, and reads the sentence; apply, is_legal and `in` read only the"
        " cells and whether the writing is legal",
    ),
]


def why_equivalent(key: str) -> str | None:
    """Why a survivor is harmless (EQUIVALENT, then EQUIVALENT_PATTERNS), or None."""
    if key in EQUIVALENT:
        return EQUIVALENT[key]
    return next((why for pattern, why in EQUIVALENT_PATTERNS if pattern.fullmatch(key)), None)

def workdir(name: str) -> Path:
    return WORK / name.replace("/", "-")


@contextlib.contextmanager
def inside(path: Path) -> Iterator[None]:
    old = Path.cwd()
    os.chdir(path)
    try:
        yield
    finally:
        os.chdir(old)


def module_names(args: list[str]) -> list[str]:
    """The MODULES keys asked for (all when none; a folder asks for every module in it), in
    MODULES order."""
    if not args:
        return list(MODULES)
    chosen = set()
    for arg in args:
        arg = arg.replace(os.sep, "/").removesuffix(".py").rstrip("/")
        hits = [
            n
            for n, m in MODULES.items()
            if any(arg == k or k.startswith(arg + "/") for k in (n, m.path.removesuffix(".py")))
        ]
        if not hits:
            sys.exit(f"unknown module {arg!r}; choose from: {', '.join(MODULES)}")
        chosen.update(hits)
    return [n for n in MODULES if n in chosen]


def qualname(mutant: str) -> str:
    """'touring_widgets.touring.board.xǁTouringBoardǁ_handle__mutmut_3' -> 'TouringBoard._handle'."""
    mangled = mutant.partition("__mutmut_")[0].rpartition(".")[2]
    if mangled.startswith("x_"):
        return mangled[2:]
    _, cls, func = mangled.split("ǁ")
    return f"{cls}.{func}"


def functions_in(source: str) -> dict[str, ast.FunctionDef | ast.AsyncFunctionDef]:
    """'function' or 'Class.method' -> its node, for the top-level ones mutmut mutates."""
    found = {}
    for node in ast.parse(source).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found[node.name] = node
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    found[f"{node.name}.{item.name}"] = item
    return found


def keep_only(source: str, globs: tuple[str, ...], skip: tuple[str, ...] = ()) -> str:
    """The source with every function outside ``globs``, or in ``skip``, marked for mutmut to
    leave alone."""
    import libcst as cst

    class Mark(cst.CSTTransformer):
        def __init__(self) -> None:
            self.classes: list[str] = []

        def visit_ClassDef(self, node: cst.ClassDef) -> bool:
            self.classes.append(node.name.value)
            return True

        def leave_ClassDef(self, original: cst.ClassDef, updated: cst.ClassDef) -> cst.ClassDef:
            self.classes.pop()
            return updated

        def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef) -> cst.FunctionDef:
            name = ".".join([*self.classes, updated.name.value])
            body = updated.body
            wanted = any(fnmatch.fnmatchcase(name, g) for g in globs)
            if wanted and not any(fnmatch.fnmatchcase(name, g) for g in skip):
                return updated
            if not isinstance(body, cst.IndentedBlock):
                return updated
            if body.header.comment is not None:
                return updated
            header = body.header.with_changes(
                whitespace=cst.SimpleWhitespace("  "), comment=cst.Comment(NO_MUTATE)
            )
            return updated.with_changes(body=body.with_changes(header=header))

    return cst.parse_module(source).visit(Mark()).code


def pyproject(module: Module) -> str:
    """The project's pyproject.toml, with mutmut's settings for this module."""
    text = (ROOT / "pyproject.toml").read_text()
    text = re.sub(r"(?ms)^\[tool\.mutmut\].*?(?=^\[|\Z)", "", text)
    settings = {
        "source_paths": ["touring_widgets"],
        "only_mutate": [module.path],
        "also_copy": ["docs/"],
        # every test run in a fresh process: state one run leaves (hypothesis's, the widgets')
        # must not reach the next, which the default "fork" allows
        "process_isolation": "forkserver",
        "use_git_change_detection": False,  # the copy lies inside the checkout's git tree
        "pytest_add_cli_args": [*PYTEST_ARGS, f"--timeout={module.timeout}"],
        "pytest_add_cli_args_test_selection": list(module.tests),
    }
    lines = [f"{key} = {json.dumps(value)}" for key, value in settings.items()]
    return text.rstrip() + "\n\n[tool.mutmut]\n" + "\n".join(lines) + "\n"


def tests_map_key(module: Module) -> str:
    """What mutmut's map of which tests reach which functions depends on: the module's function
    names and the tests' text."""
    import hashlib

    digest = hashlib.sha256()
    digest.update(" ".join(sorted(functions_in((ROOT / module.path).read_text()))).encode())
    for path in sorted((ROOT / "tests").rglob("*.py")):
        digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def prepare(name: str) -> Path:
    """Lay out (or refresh) the module's copy of the project; mutmut keeps its cache there."""
    module, work = MODULES[name], workdir(name)
    work.mkdir(parents=True, exist_ok=True)
    key, stamp = tests_map_key(module), work / "tests-map.key"
    if not stamp.exists() or stamp.read_text() != key:
        # mutmut maps tests to the functions they reach once, in its first run: a function or a
        # test added since would be missing from that map (its mutants "no tests"), so map again
        (work / "mutants" / "mutmut-stats.json").unlink(missing_ok=True)
        stamp.write_text(key)
    for folder in COPIED:
        shutil.rmtree(work / folder, ignore_errors=True)
        if (ROOT / folder).is_dir():
            shutil.copytree(ROOT / folder, work / folder, ignore=shutil.ignore_patterns("__pycache__"))
    # mutmut refreshes the Python files of its own copy (mutants/) at each run, but not the
    # others: a board's scripts and styles changed since its first run would be tested stale
    for path in (work / "touring_widgets").rglob("*.*"):
        kept = work / "mutants" / path.relative_to(work)
        if path.suffix == ".py" or not path.is_file() or not kept.parent.is_dir():
            continue
        if not kept.exists() or kept.read_bytes() != path.read_bytes():
            shutil.copy2(path, kept)
    if module.functions is not None or module.skip:
        target = work / module.path
        marked = keep_only(target.read_text(), module.functions or ("*",), module.skip)
        stat = target.stat()
        target.write_text(marked)
        os.utime(target, (stat.st_atime, stat.st_mtime))  # mutmut compares times to reuse mutants
    text = pyproject(module)
    if not (work / "pyproject.toml").exists() or (work / "pyproject.toml").read_text() != text:
        (work / "pyproject.toml").write_text(text)
    shutil.rmtree(work / "mutants" / ".hypothesis", ignore_errors=True)  # the same examples each run
    return work


def load(name: str) -> list[Mutant]:
    """The module's mutants and their last results."""
    from mutmut.mutation.data import SourceFileMutationData
    from mutmut.stats import status_by_exit_code

    path = MODULES[name].path
    if not (workdir(name) / "mutants").is_dir():
        return []
    with inside(workdir(name)):
        data = SourceFileMutationData(path=path)
        for _ in range(10):  # a run still going rewrites the file as results come in
            try:
                data.load()
                break
            except json.JSONDecodeError:
                time.sleep(0.2)
    return [
        Mutant(key, status_by_exit_code[code], path)
        for key, code in sorted(data.exit_code_by_key.items(), key=lambda kv: _in_order(kv[0]))
    ]


def _in_order(key: str) -> tuple[str, int]:
    head, _, n = key.rpartition("__mutmut_")
    return head, int(n) if n.isdigit() else 0


def describe(name: str, mutant: Mutant, defs: dict[str, int]) -> None:
    """Fill in the function, line and change of a mutant, from mutmut's diff of the function."""
    from mutmut.mutation.diff_apply import get_diff_for_mutant

    mutant.function = qualname(mutant.name)
    try:
        with inside(workdir(name)):
            diff = get_diff_for_mutant(mutant.name, path=mutant.file).splitlines()[2:]
    except Exception as exc:  # the report goes on without this one diff
        mutant.change = f"(no diff: {exc})"
        return
    old = 0  # index in the function's text as mutmut prints it (decorators and all)
    def_index = changed = None
    before, after = [], []
    for line in diff:
        if line.startswith("@@"):
            old = int(re.match(r"@@ -(\d+)", line).group(1)) - 1
            continue
        if line[:1] in " -":
            if def_index is None and line[1:].lstrip().startswith(("def ", "async def ")):
                def_index = old
            if line[:1] == "-":
                changed = old if changed is None else changed
                before.append(line[1:].strip())
            old += 1
        elif line[:1] == "+":
            changed = old if changed is None else changed
            after.append(line[1:].strip())
    mutant.line = defs.get(mutant.function, 0) + (changed or 0) - (def_index or 0)
    mutant.change = f"{' / '.join(before)} -> {' / '.join(after)}"


def run_mutmut(name: str, survivors_only: bool) -> int:
    if survivors_only:  # what the last run did not kill, less what EQUIVALENT explains
        source = workdir(name) / MODULES[name].path
        defs = {k: v.lineno for k, v in functions_in(source.read_text()).items()} if source.exists() else {}
        patterns = []
        for m in load(name):
            if m.status not in KILLED:
                describe(name, m, defs)
                if why_equivalent(m.key) is None:
                    patterns.append(m.name)
        if not patterns:
            print("no survivors to re-test", flush=True)
            return 0
    else:
        # No names: mutmut then runs only the mutants without a result (all of them on a first
        # run); naming them would re-test every mutant already killed. The copy's settings
        # (only_mutate) already keep the run to this module.
        patterns = []
    work = prepare(name)
    cli = "from mutmut.__main__ import cli; cli()"
    cmd = [sys.executable, "-c", cli, "run", "--max-children", str(CHILDREN), *patterns]
    return subprocess.call(cmd, cwd=work)


def report(names: list[str]) -> bool:
    """Print the table and the survivors; True when every module reaches TARGET or is explained."""
    rows, survivors, matched = [], [], set()
    for name in names:
        mutants = load(name)
        source = workdir(name) / MODULES[name].path
        defs = {k: v.lineno for k, v in functions_in(source.read_text()).items()} if source.exists() else {}
        unrun = sum(m.status == "not checked" for m in mutants)  # an interrupted run
        alive = [m for m in mutants if m.status not in KILLED | {"not checked"}]
        for m in alive:
            describe(name, m, defs)
        explained = [m for m in alive if why_equivalent(m.key) is not None]
        matched.update(m.key for m in explained)
        rows.append(
            (
                name,
                len(mutants) - unrun,
                len(mutants) - unrun - len(alive),
                len(alive) - len(explained),
                len(explained),
                unrun,
            )
        )
        survivors += alive
    width = max(16, *(len(name) for name in names))
    header = (
        f"{'module':<{width}} {'mutants':>7} {'killed':>7} {'score':>7} {'unexplained':>11}"
        f" {'equivalent':>10}"
    )
    print(f"\n{header}\n{'-' * len(header)}")
    ok = True
    for name, total, killed, unexplained, explained, unrun in rows:
        if not total:
            print(f"{name:<{width}} {'not run yet':>23}")
            ok = False
            continue
        score = 100.0 * killed / total
        below = score < TARGET and unexplained > 0
        ok &= not below
        print(
            f"{name:<{width}} {total:>7} {killed:>7} {score:>6.1f}% {unexplained:>11} {explained:>10}"
            + ("   below target" if below else "")
            + (f"   ({unrun} not run yet)" if unrun else "")
        )
    print(f"score: killed / mutants (a timeout is a kill); target {TARGET:.0f}% per module")
    if survivors:
        print("\nsurvivors: file:line function: before -> after")
        for m in survivors:
            why = why_equivalent(m.key)
            print(f"{m.file}:{m.line} {m.function}: {m.change}")
            print(f"    equivalent: {why}" if why else f"    {m.status}  ({m.name})")
    paths = {MODULES[n].path for n in names}
    stale = [k for k in EQUIVALENT if k.split(" ", 1)[0] in paths and k not in matched]
    if stale:
        print("\nEQUIVALENT entries that matched no survivor (killed now, or the code changed):")
        for key in stale:
            print(f"    {key}")
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("modules", nargs="*", help=f"some of: {', '.join(MODULES)} (default: all)")
    parser.add_argument(
        "--survivors",
        action="store_true",
        help="re-test only what the last run did not kill (or did not reach)",
    )
    parser.add_argument("--report", action="store_true", help="print the last results, run nothing")
    parser.add_argument("--equivalent", action="store_true", help="list EQUIVALENT with the reasons")
    args = parser.parse_args()
    if args.equivalent:
        for key, why in EQUIVALENT.items():
            print(f"{key}\n    {why}")
        for pattern, why in EQUIVALENT_PATTERNS:
            print(f"(any change matching) {pattern.pattern}\n    {why}")
        return 0
    names = module_names(args.modules)
    failed: list[str] = []
    if not args.report:
        started = time.monotonic()
        for i, name in enumerate(names, 1):
            print(
                f"\n=== [{i}/{len(names)}] {name}: {MODULES[name].path} "
                f"({time.monotonic() - started:.0f}s so far)",
                flush=True,
            )
            t0 = time.monotonic()
            code = run_mutmut(name, args.survivors)
            print(f"\n=== {name}: mutmut exited {code} after {time.monotonic() - t0:.0f}s", flush=True)
            if code:  # mutmut said why above; go on with the other modules
                failed.append(name)
                continue
            mutants = load(name)
            killed = sum(m.status in KILLED for m in mutants)
            print(f"=== {name}: {killed}/{len(mutants)} killed", flush=True)
        print(f"\nwhole run: {time.monotonic() - started:.0f}s")
    ok = report(names)
    if failed:
        print(f"\nmutmut failed for: {', '.join(failed)} (see its output above)")
    return 0 if ok and not failed else 1


if __name__ == "__main__":
    sys.exit(main())
