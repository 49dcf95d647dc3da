"""Realistic bugs to plant one at a time (``tools/plant.py``): how many of them the suite catches.

Each bug is a slip of one to five lines that a developer could make by reading a rule or a
promise the wrong way (never an operator flip or a constant off by one). They cluster in what the
package promises beyond legality: what a seat may see (T-VIEW), nothing lost (the timeline), exact
odds and the lab's columns, ties and rankings, the board's pace, and scenario validation.
They were written from the code and the rules alone, without reading the property tests that are
meant to catch them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Bug:
    """One planted bug: ``old`` (found exactly once in ``file``) becomes ``new``."""

    id: str
    kind: str
    file: str
    old: str
    new: str
    why: str


T = "touring_widgets/"

BUGS: tuple[Bug, ...] = (
    # -- what a seat may see (T-VIEW) -------------------------------------------------------------
    Bug(
        "B01", "view", T + "touring/view.py",
        '"cards": list(state.hands[s]) if seat is None or seat == s else None,',
        '"cards": list(state.hands[s]) if seat is None or state.team_of(seat) == state.team_of(s) else None,',
        "partners share a tableau, so a seat's view shows its partner's hand too",
    ),
    Bug(
        "B02", "view", T + "touring/view.py",
        "    if action.kind == \"discard\":\n        if seat is None or seat == mover:",
        "    if action.kind == \"discard\":\n        if seat is None or before.team_of(seat) == me:",
        "the narration names a face-down discard to the discarder's partner as well",
    ),
    Bug(
        "B03", "view", T + "touring/view.py",
        '"drawn": state.drawn if seat is None or seat == state.turn else None,',
        '"drawn": state.drawn,',
        "every seat sees the seat to move draw, so the card drawn is shown to all",
    ),
    Bug(
        "B04", "view", T + "touring/view.py",
        "    face_down = state.discard.count((card, seat)) if seat != FACE_UP else 0\n",
        "    face_down = sum(state.discard.count((card, s)) for s in state.seats_of(state.team_of(seat)))\n",
        "a seat counts its partner's face-down discards as seen (odds, greedy) though it never saw them",
    ),
    Bug(
        "B05", "view", T + "touring/session.py",
        'return {"seat": before.turn, "text": action_text(before.turn, action, self.seat, before)}',
        'viewer = None if self.seat is None or before.team_of(self.seat) == before.team_of(before.turn) '
        'else self.seat\n        return {"seat": before.turn, "text": '
        'action_text(before.turn, action, viewer, before)}',
        "the board's log shows a partner's discard face up, as partners play one tableau",
    ),
    Bug(
        "B06", "view", T + "touring/search.py",
        "    return 1.0 if winner is not None and state.team_of(winner) == state.team_of(seat) else 0.0",
        "    return 1.0 if winner == seat else 0.0",
        "the search bot and advice count a playout as won only when the seat itself completed the trip",
    ),
    Bug(
        "B07", "view", T + "touring/state.py",
        "    others = [s for s in range(state.players) if s != seat]\n",
        "    others = [s for s in range(state.players) if state.team_of(s) != state.team_of(seat)]\n",
        "the re-deal keeps a partner's hand, as if partners knew each other's cards",
    ),
    Bug(
        "B08", "view", T + "core/search.py",
        '    dealt = kit.resample(state, seat, f"{seed}/deal/0")\n'
        '    _, moves = _play_out(kit, kit.apply(dealt, kit.own_policy(dealt, seat)), seat)',
        '    _, moves = _play_out(kit, kit.apply(state, kit.own_policy(state, seat)), seat)',
        "the search bot's trial playout only measures how long playouts run, so it is played on the "
        "real position: the number of playouts, and so the move, then depends on hidden cards",
    ),
    Bug(
        "B09", "view", T + "on_tour/search.py",
        "    return _resample(replace(state, deck=tuple(sorted(state.deck))), seat, seed)",
        "    return _resample(state, seat, seed)",
        "On Tour's resample already shuffles the deck, so sorting it first looks redundant: the "
        "playouts then depend on the real deck order",
    ),
    Bug(
        "B10", "view", T + "on_tour/state.py",
        "    return replace(state, seed=seed, deck=tuple(deck))",
        "    return replace(state, deck=tuple(deck))",
        "the re-dealt On Tour position keeps the game's seed, so the dice still to come are the real ones",
    ),
    # -- nothing lost (the timeline) ----------------------------------------------------------------
    Bug(
        "B11", "timeline", T + "core/timeline.py",
        "                self._variations = (*self._variations, Variation(self._node, redo))",
        "                kept = tuple(v for v in self._variations if v.position != self._node.index)\n"
        "                self._variations = (*kept, Variation(self._node, redo))",
        "one variation per position: a new move there replaces the variation already kept there",
    ),
    Bug(
        "B12", "timeline", T + "core/timeline.py",
        "        end = self._node\n        for node in self._redo_nodes():\n            end = node\n",
        "        end = self._node\n",
        "enter() keeps the line up to the cursor as a variation, not its redo part",
    ),
    Bug(
        "B13", "timeline", T + "core/timeline.py",
        '{"actions": [str(a) for a in (*_path(v.at), *v.actions)], "at": v.position}',
        '{"actions": [str(a) for a in (*(self.history + self.future)[: v.position], *v.actions)], '
        '"at": v.position}',
        "a save writes each variation as the line up to its branch point, which is wrong for a "
        "variation that branches off a line abandoned since",
    ),
    Bug(
        "B14", "timeline", T + "core/timeline.py",
        "            game._variations = (*game._variations, game._load_variation(number, saved))",
        "            game._variations = (game._load_variation(number, saved), *game._variations)",
        "load puts each variation read in front, as the newest: the order after a load is reversed",
    ),
    Bug(
        "B15", "timeline", T + "core/game.py",
        "        if self.origin is not None:\n            twin.origin[\"from\"] = self.origin\n",
        "",
        "a re-dealt fork starts a new game, so it need not remember where its parent was dealt from "
        "(a fork of a re-dealt fork then saves a line that does not replay)",
    ),
    Bug(
        "B16", "timeline", T + "core/game.py",
        'twin.origin = {"actions": [str(a) for a in self.history], "seat": seat, "seed": seed}',
        'twin.origin = {"actions": [str(a) for a in (*self.history, *self.future)], "seat": seat, '
        '"seed": seed}',
        "the origin of a re-dealt fork records the whole line, redo part included, so its save "
        "re-deals at the line's end, not where it was forked",
    ),
    # -- exact odds and the lab's columns --------------------------------------------------------
    Bug(
        "B17", "odds", T + "touring/odds.py",
        "    if opponent == seat:\n        return Fraction(int(card in game.state.hands[seat]))",
        "    if game.state.team_of(opponent) == game.state.team_of(seat):\n"
        "        return Fraction(int(card in game.state.hands[opponent]))",
        "a partner's hand is known to the seat, so holds() answers 0 or 1 for a partner",
    ),
    Bug(
        "B18", "odds", T + "touring/odds.py",
        "    if places and places[-1] > len(state.draw):",
        "    if places and places[0] > len(state.draw):",
        "only the first of the seat's draws has to come from the pile as it is",
    ),
    Bug(
        "B19", "odds", T + "on_tour/odds.py",
        "    deck = _regions(state.deck)\n    discard = _regions((*state.discard, *state.cards))\n",
        "    deck = _regions(state.deck)\n    discard = _regions(state.discard)\n",
        "the next star turn counts the discard pile as it is, forgetting the cards showing now join it "
        "before a reshuffle",
    ),
    Bug(
        "B20", "odds", T + "on_tour/odds.py",
        "    if not state.written[seat]:\n        left -= 1",
        "    if not any(state.written):\n        left -= 1",
        "the turn showing now counts only while nobody has written in it yet",
    ),
    Bug(
        "B21", "odds", T + "touring/spec.py",
        "            return state.team_of(seat)\n",
        "            return seat\n",
        "first_to_400 names the seat that played the mileage card, not its team's first seat",
    ),
    Bug(
        "B22", "odds", T + "lab/simulate.py",
        '        "winners": "&".join(map(str, game.winners)),',
        '        "winners": str(game.winners[0]) if game.winners else "",',
        "a game has one winner: the column names the first seat of a winning team only",
    ),
    Bug(
        "B23", "odds", T + "on_tour/spec.py",
        '    row["star_turns"] = sum(1 for s in game.states() if s.star_turn and not any(s.written))',
        '    row["star_turns"] = sum(1 for s in game.states() if s.star_turn)',
        "every state of a star turn counts, so a star turn with several players is counted several times",
    ),
    # -- ties and rankings ---------------------------------------------------------------------
    Bug(
        "B24", "ties", T + "on_tour/game.py",
        "        totals = [s.total for s in self._scores_of(state)]",
        "        totals = [(s.total, s.circles) for s in self._scores_of(state)]",
        "equal totals are broken by circles, as the high-score table orders them (O-WIN shares ties)",
    ),
    Bug(
        "B25", "ties", T + "on_tour/game.py",
        "        return [] if len(best) > 1 and not self.rules.shared_ties else best",
        "        return best[:1] if len(best) > 1 and not self.rules.shared_ties else best",
        "with shared_ties off a tie is not shared: the first of the tied seats wins",
    ),
    Bug(
        "B26", "ties", T + "touring/game.py",
        "        return [] if state.winner is None else list(state.seats_of(state.team_of(state.winner)))",
        "        return [] if state.winner is None else [state.winner]",
        "the winner is the seat that played the card completing the trip, not its whole team",
    ),
    Bug(
        "B27", "ties", T + "on_tour/highscores.py",
        '            rows.sort(key=lambda r: (-r["total"], -r["circles"], r["date"]))',
        '            rows.sort(key=lambda r: (-r["total"], r["date"]))',
        "a new game tied on total goes after the older ones (circles do not break the tie)",
    ),
    Bug(
        "B28", "ties", T + "on_tour/highscores.py",
        '        return sorted(rows.values(), key=lambda r: (-r["total"], -r["circles"], r["date"]))',
        '        return sorted(rows.values(), key=lambda r: (-r["total"], -r["spaces"], r["date"]))',
        "of equal totals, the longer tour (more spaces) ranks first",
    ),
    # -- the board's pace -------------------------------------------------------------------------
    Bug(
        "B29", "board", T + "widgets/session.py",
        "        self._run_expect = game.state\n        if not self._wants_move(self._run_until_end):",
        "        self._run_expect = game.state\n"
        "        if not self._run_until_end or not self._wants_move(self._run_until_end):",
        "bots answering a move means one answer: only the next bot moves, the others at the table wait",
    ),
    Bug(
        "B30", "board", T + "widgets/messages.py",
        "        if human:\n            self.turns.answer(self)",
        "        self.turns.answer(self)",
        "after Step the bots answer, as after any move: Step for one bot plays every bot up to a human",
    ),
    Bug(
        "B31", "board", T + "widgets/session.py",
        "        except IllegalAction as exc:  # a policy that cannot move: stop and say so\n"
        "            self.stop_run()\n",
        "        except IllegalAction as exc:  # a policy that cannot move: stop and say so\n",
        "returning False ends the run, so a bot that cannot move needs no stop_run: the board "
        "then says it still runs",
    ),
    Bug(
        "B32", "board", T + "widgets/messages.py",
        "        if handler.stops:\n            self.stop_run()",
        "        if handler.stops or kind not in (\"describe\", \"speed\"):\n            self.stop_run()",
        "any click on the board but a hover or a speed change stops automatic play (seat, advice, fork)",
    ),
    Bug(
        "B33", "board", T + "widgets/turns.py",
        "        if session.has_human():\n            session.start_run(until_end=False)",
        "        session.start_run(until_end=False)",
        "after a move on the board the bots always answer, also at a table with no human seat",
    ),
    # -- scenario validation ------------------------------------------------------------------------
    Bug(
        "B34", "scenario", T + "touring/scenario.py",
        "        used.update(table.go)\n        used.update(table.freeway)\n",
        "        used.update(table.go[-1:])\n        used.update(table.freeway[-1:])\n",
        "only the top card of a column is in play; the cards buried under it are not counted against "
        "the deck (T-DECK)",
    ),
    Bug(
        "B35", "scenario", T + "touring/scenario.py",
        "    if len(hands[turn]) < 6 and (pile or discard or buried):",
        "    if len(hands[turn]) < 6 and (pile or discard):",
        "a short hand to move is possible once the piles are empty, forgetting that the buried column "
        "cards would be reshuffled into a new draw pile",
    ),
    Bug(
        "B36", "scenario", T + "touring/scenario.py",
        "        most = 6 if seat == turn else 5\n",
        "        most = 6\n",
        "any hand may hold 6 cards (5 and a drawn one), also a seat that is not to move",
    ),
    Bug(
        "B37", "scenario", T + "on_tour/scenario.py",
        "            deck_size, discard_size, reshuffled = deck_size + discard_size - 3, 0, True",
        "            deck_size, reshuffled = deck_size + discard_size - 3, True",
        "the reshuffle makes a new deck of the discards but the discard pile keeps its count",
    ),
    Bug(
        "B38", "scenario", T + "on_tour/scenario.py",
        "    star_turns = low + (written - low) % 2\n",
        "    star_turns = low\n",
        "the star turns are the stars on the maps, forgetting an X written for a star with no space",
    ),
    # -- two leaks the properties found with fresh draws (CI draws the same cases every run) ----
    Bug(
        "B39", "view", T + "touring/state.py",
        "    if draw:\n        return draw[-1]\n",
        "    if draw:\n        real = state.last[1].card\n"
        "        return draw[state.draw.index(real)] if real in state.draw else draw[-1]\n",
        "after a reshuffle took another seat's face-down discard, a re-deal names the world's card at "
        "the place the real one lies in the draw pile (T-DISCARD)",
    ),
    Bug(
        "B40", "view", T + "on_tour/state.py",
        "    deck = sorted(state.deck)\n",
        "    deck = list(state.deck)\n",
        "an On Tour re-deal shuffles the deck from its real order, so the hidden order shows in a "
        "re-dealt world (O-FLIP)",
    ),
)
