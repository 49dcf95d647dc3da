"""What a seat may see (T-VIEW), and what the search and the advice count (T-TEAMS, T-WIN).

The promise: no output for a seat depends on a card that seat cannot see. Two positions a seat
cannot tell apart give it the same view, text drawing, narration, line, board state, odds,
advice and bot moves; positions it can tell apart give it different views; a seat never sees
its partner's hand nor another seat's face-down discard. Two worlds are built for a seat:

- the engine's re-deal, ``fork(resample=True, seat=s)``: every card ``s`` cannot see dealt
  again (in On Tour the deck's order and the dice to come);
- an independent one for Touring: two cards in places ``s`` cannot see (other hands, a
  partner's included, other seats' face-down discards, the draw pile) swap places, and the same
  public moves are played on from both, so the whole history (line, narration, the board's log)
  is compared too. In On Tour a move replayed in a re-dealt world must be told the same whenever
  the seat sees the same position after it (a move that ends a turn flips cards it then sees).

The random and search bots draw their chance from the game's seed, which the engine's re-deal
deals again with the cards (``fork(resample=True, seed=...)`` names it): their moves are
compared between worlds that share the seed, every other output between any two worlds.

With teams, a playout the seat's partner wins is a win for the seat: every value the search and
the advice count is checked against the winners of the same playout replayed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from math import comb, prod
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

import touring_widgets as tw
from touring_widgets import lab
from touring_widgets.core.search import playouts_for
from touring_widgets.errors import IllegalAction
from touring_widgets.lab.advise import advice_search
from touring_widgets.on_tour import bots as on_tour_bots
from touring_widgets.on_tour import highscores
from touring_widgets.on_tour import search as on_tour_search
from touring_widgets.touring import bots as touring_bots
from touring_widgets.touring import search as touring_search
from touring_widgets.touring.facts import CARD_IDS
from touring_widgets.touring.scenario import position_of
from touring_widgets.touring.state import FACE_UP
from touring_widgets.touring.view import render_text

from .kinds import nth_legal, on_tour_kinds, positions, touring_kinds

HEALTH = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]
#: what a board sends that names widgets, not the position
WIDGET_KEYS = {"layout", "tooltip", "_dom_classes", "_view_count"}
#: what a board sends about the line (a re-dealt game starts a line of its own)
LINE_KEYS = {"line", "log", "length", "position", "variations"}
ON_TOUR_SPACES = ("TX", "CA", "NY", "IL", "WA")
#: re-dealt worlds compared with the real position (an answer may differ in a few deals only)
WORLDS = 4


@pytest.fixture(autouse=True, scope="module")
def own_high_scores(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """On Tour boards keep their high scores in a folder of these tests' own."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(highscores.ENV, str(tmp_path_factory.mktemp("high_scores")))
        yield


@contextmanager
def small_budgets(advice_moves: int | None = None) -> Iterator[None]:
    """The search bots with a few playouts, and advice over the first few moves only."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(touring_search, "PLAYOUTS", 6)
        patch.setattr(touring_search, "PLIES", 0)
        patch.setattr(on_tour_search, "PLAYOUTS", 4)
        patch.setattr(on_tour_search, "WIDTH", 4)
        if advice_moves is not None:
            for kit in (touring_search, on_tour_search):
                every = kit.candidates
                patch.setattr(kit.KIT, "candidates",
                              lambda state, seat, every=every: every(state, seat)[:advice_moves])
        yield


def outcome(function: Any, *args: Any, **kwargs: Any) -> Any:
    """A function's answer, or the refusal it raised (a refusal is an output too)."""
    try:
        return function(*args, **kwargs)
    except ValueError as exc:
        return ("refused", type(exc).__name__, str(exc))


def board_state(game: Any, seat: int | None, line: bool = True) -> dict[str, Any]:
    """What a board showing ``game`` from ``seat`` sends to the page."""
    board = game.board(seat=seat, speed="instant")
    try:
        state = board.get_state()
    finally:
        board.close()
    drop = WIDGET_KEYS | (set() if line else LINE_KEYS)
    return {key: value for key, value in state.items() if key not in drop}


def advice_rows(game: Any, seat: int) -> list[dict[str, Any]]:
    """The advice table for ``seat`` (two deals, the first three moves) as plain rows."""
    with small_budgets(advice_moves=3):
        frame = lab.advise(game, seat=seat, n=2, seed="view", progress=False)
    return frame.to_dict("records")


# -- Touring ------------------------------------------------------------------------------------
def touring_odds(game: tw.Touring, seat: int) -> dict[str, Any]:
    """Every Touring odds function for ``seat``: the next card, draws within 1..3, each hand's cards."""
    out: dict[str, Any] = {"next": outcome(lab.next_card, game, seat=seat)}
    for card in CARD_IDS:
        for draws in (1, 2, 3):
            out[f"within {card} {draws}"] = outcome(lab.draw_within, game, card, draws, seat=seat)
        for other in range(game.n_players):
            out[f"holds {card} {other}"] = outcome(lab.holds, game, card, opponent=other, seat=seat)
    return out


def touring_seen(game: tw.Touring, seat: int, *, line: bool = True, board: bool = True,
                 odds: bool = True, advice: bool = False) -> dict[str, Any]:
    """Everything ``seat`` observes that takes no chance from the seed."""
    state = game.state
    out: dict[str, Any] = {
        "view": game.view(seat),
        "text": render_text(state, seat, game.players),
        "unseen": game.unseen(seat),
    }
    if line:
        out.update(line=game.line(seat), story=game.explain(seat))
    if odds:
        out["odds"] = touring_odds(game, seat)
    if board:
        out["board"] = board_state(game, seat, line)
    if game.turn == seat:
        out["print"] = str(game)  # print(g): the seat to move's hand, and what it may know of the last move
        out["greedy"] = touring_bots.greedy_policy(state, seat)
        out["keeper"] = touring_bots.keeper_policy(state, seat)
        if advice:
            out["advice"] = advice_rows(game, seat)
    return out


def touring_chance_moves(game: tw.Touring, seat: int, search: bool = True) -> dict[str, Any]:
    """The moves of the bots that take their chance from the game's seed, when ``seat`` is to move."""
    if game.turn != seat:
        return {}
    state = game.state
    out = {"random": touring_bots.random_policy(state, seat),
           # the search's re-deals, the one that reads the last discard included
           "re-deal": touring_search.resample(state, seat, "twin"),
           "informed re-deal": touring_search.informed_resample(state, seat, "twin")}
    if search:
        with small_budgets():
            out["search"] = touring_search.search_policy(state, seat)
        # how much the search bot weighs its moves is decided from what the seat sees too
        seed = f"search/{state.seed}/{state.ply}"
        out["search budget"] = playouts_for(touring_search.KIT, state, seat, seed, touring_search.PLIES,
                                            touring_search.PLAYOUTS, touring_search.MOST_PLAYOUTS)
    return out


def differences(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    return [key for key in a.keys() | b.keys() if a.get(key) != b.get(key)]


def partner_of(game: tw.Touring, seat: int) -> int | None:
    n = game.n_players
    return (seat + n // 2) % n if game.rules.teams else None


def hidden_places(spec: dict[str, Any], seat: int, draw: bool) -> list[tuple[str, Any, int]]:
    """Where in a ``position_of`` description lie the cards ``seat`` cannot see."""
    places = [("hands", s, i) for s, hand in spec["hands"].items() if s != seat for i in range(len(hand))]
    places += [("discard", None, i) for i, (_, owner) in enumerate(spec["discard"])
               if owner not in ("up", seat)]
    if draw:
        places += [("draw", None, i) for i in range(len(spec["draw"]))]
    return places


def card_at(spec: dict[str, Any], place: tuple[str, Any, int]) -> str:
    kind, seat, i = place
    if kind == "hands":
        return spec["hands"][seat][i]
    return spec[kind][i][0] if kind == "discard" else spec[kind][i]


def put(spec: dict[str, Any], place: tuple[str, Any, int], card: str) -> None:
    kind, seat, i = place
    if kind == "hands":
        spec["hands"][seat][i] = card
    elif kind == "discard":
        spec["discard"][i] = (card, spec["discard"][i][1])
    else:
        spec["draw"][i] = card


def swapped(spec: dict[str, Any], a: tuple[str, Any, int], b: tuple[str, Any, int]) -> dict[str, Any]:
    """The description with the cards at places ``a`` and ``b`` exchanged."""
    out = {**spec, "hands": {s: list(h) for s, h in spec["hands"].items()}, "draw": list(spec["draw"]),
           "discard": list(spec["discard"])}
    first, second = card_at(spec, a), card_at(spec, b)
    put(out, a, second)
    put(out, b, first)
    return out


@st.composite
def team_kinds(draw: Any, policies: tuple[str, ...] = ("greedy", "random", "keeper")) -> dict[str, Any]:
    """A Touring game of partners (T-TEAMS): 4 or 6 seats, any other switch."""
    kind = draw(touring_kinds(st.sampled_from([4, 6]), policies))
    return {**kind, "rules": with_switches(kind["rules"], teams=True)}


def with_switches(rules: tw.touring.Rules, **fields: Any) -> tw.touring.Rules:
    return tw.touring.Rules(**{**rules.to_dict(), **fields})


def every_kind() -> st.SearchStrategy[dict[str, Any]]:
    """Any kind of Touring game, partners as often as not (a partner's hand is what T-VIEW most
    easily gets wrong)."""
    return st.one_of(touring_kinds(), team_kinds())


@st.composite
def touring_twins(draw: Any, in_draw: bool = True, most: int = 80,
                  partner_first: bool = False) -> tuple[tw.Touring, tw.Touring, int]:
    """Two Touring games at positions one seat cannot tell apart: the position of a generated game,
    and the same with two cards the seat cannot see exchanged (in a team game, often or with
    ``partner_first`` always one of them in the partner's hand), both built by ``scenario``."""
    game = draw(positions(tw.Touring, every_kind(), most=most))
    assume(not game.is_over)
    seat = draw(st.integers(0, game.n_players - 1), label="seat")
    if draw(st.booleans(), label="the seat to move"):
        seat = game.turn
    spec = position_of(game)
    places = hidden_places(spec, seat, in_draw)
    partner = partner_of(game, seat)
    firsts = [p for p in places if p[0] == "hands" and p[1] == partner] if partner is not None else []
    if firsts and (partner_first or draw(st.booleans(), label="the partner's hand")):
        first = draw(st.sampled_from(firsts), label="first")
    else:
        first = draw(st.sampled_from(places), label="first")
    others = [p for p in places if card_at(spec, p) != card_at(spec, first)
              and not (p[0] == "hands" and p[:2] == first[:2])]
    assume(others)
    second = draw(st.sampled_from(others), label="second")
    try:
        one, two = tw.touring.scenario(**spec), tw.touring.scenario(**swapped(spec, first, second))
    except IllegalAction:
        assume(False)
    return one, two, seat


def step_both(one: tw.Touring, two: tw.Touring, choice: int, discard_exchanged: bool) -> bool:
    """Play one move in both games that the seat sees as the same move: where the mover holds an
    exchanged card, its discard face down if ``discard_exchanged``; else the chosen move where both
    may play it, else a discard both may make. True when the games discarded different cards."""
    mover = one.turn
    mine, theirs = Counter(one.hand(mover)), Counter(two.hand(mover))
    if discard_exchanged and mine != theirs:
        one.step(f"discard {next((mine - theirs).elements())}")
        two.step(f"discard {next((theirs - mine).elements())}")
        return True
    action = nth_legal(one, choice)
    if action not in two.legal_actions():
        action = next(a for a in one.legal_actions() if a.kind == "discard" and a in two.legal_actions())
    one.step(action)
    two.step(action)
    return False


@pytest.mark.parametrize("most", [80, pytest.param(400, marks=pytest.mark.slow)])
@settings(max_examples=25, deadline=None, suppress_health_check=HEALTH)
@given(st.data())
def test_T_VIEW_two_positions_a_seat_cannot_tell_apart_look_the_same_to_it(most: int,
                                                                         data: st.DataObject) -> None:
    """Cards a seat cannot see, exchanged (a partner's hand, others' face-down discards, the draw
    pile), change nothing the seat is shown or told, and no bot's or adviser's decision for it."""
    one, two, seat = data.draw(touring_twins(most=most))
    assert position_of(one) != position_of(two), "the exchange changed nothing: the property would be vacuous"
    seen = touring_seen(one, seat, advice=True) | touring_chance_moves(one, seat)
    other = touring_seen(two, seat, advice=True) | touring_chance_moves(two, seat)
    assert seen == other, f"T-VIEW: seat {seat} can tell two positions apart by {differences(seen, other)}"


@settings(max_examples=40, deadline=None, suppress_health_check=HEALTH)
@given(st.data())
def test_T_VIEW_a_seat_is_told_the_same_story_of_moves_it_cannot_tell_apart(data: st.DataObject) -> None:
    """Played on from two positions a seat cannot tell apart, the same public moves (others'
    face-down discards of either card) give it the same line, narration, view and board log."""
    one, two, seat = data.draw(touring_twins(in_draw=False, partner_first=True))
    plies = data.draw(st.integers(1, 24), label="plies")
    for ply in range(plies):
        if one.is_over:
            break
        mover = one.turn
        if step_both(one, two, data.draw(st.integers(0, 10**4), label=f"choice {ply}"),
                     data.draw(st.booleans(), label=f"discard {ply}")):
            event("the exchanged cards discarded" + (" by the partner" * (mover == partner_of(one, seat))))
        if one.state.reshuffles:
            one.undo(), two.undo()
            break  # from a reshuffle on, the exchanged cards may come to the seat
        seen, other = (touring_seen(g, seat, board=False, odds=False)
                       | touring_chance_moves(g, seat, search=False) for g in (one, two))
        assert seen == other, f"T-VIEW: after {ply + 1} moves seat {seat} can tell them apart by " \
                              f"{differences(seen, other)}"
    assert board_state(one, seat) == board_state(two, seat), "T-VIEW: the board's state tells them apart"


def touring_worlds(data: st.DataObject, kinds: st.SearchStrategy[dict[str, Any]],
                   most: int = 80) -> tuple[tw.Touring, int]:
    game = data.draw(positions(tw.Touring, kinds, most=most))
    assume(not game.is_over)
    seat = game.turn if data.draw(st.booleans(), label="the seat to move") else \
        data.draw(st.integers(0, game.n_players - 1), label="seat")
    return game, seat


@pytest.mark.parametrize("most", [80, pytest.param(400, marks=pytest.mark.slow)])
@settings(max_examples=25, deadline=None, suppress_health_check=HEALTH)
@given(st.data())
def test_T_VIEW_a_seat_sees_the_same_after_a_redeal(most: int, data: st.DataObject) -> None:
    """Everything a seat can see, and every decision made for it, is the same in the real
    position and in the same position with every card it cannot see dealt again."""
    game, seat = touring_worlds(data, every_kind(), most)
    seed = data.draw(st.integers(0, 10**6), label="seed")
    seen = touring_seen(game, seat, line=False, board=False)
    worlds = [game.fork(resample=True, seed=seed + k, seat=seat) for k in range(WORLDS)]
    for world in worlds:
        other = touring_seen(world, seat, line=False, board=False)
        assert seen == other, f"T-VIEW: seat {seat} tells a re-dealt world by {differences(seen, other)}"
    if game.turn == seat:
        moves = {(touring_bots.greedy_policy(w.state, seat), touring_bots.keeper_policy(w.state, seat))
                 for w in (game.fork(resample=True, seed=f"bots/{seed}/{k}", seat=seat) for k in range(40))}
        assert len(moves) == 1, f"T-VIEW: greedy or keeper decides for seat {seat} on a card it cannot see"
    world = worlds[0]
    assert board_state(game, seat, line=False) == board_state(world, seat, line=False), \
        f"T-VIEW: seat {seat}'s board tells a re-dealt world"
    if game.turn == seat:
        assert advice_rows(game, seat) == advice_rows(world, seat), \
            f"T-VIEW: the advice for seat {seat} depends on a card it cannot see"
    twin = game.fork(resample=True, seed=game.state.seed, seat=seat)
    chance, twins = touring_chance_moves(game, seat), touring_chance_moves(twin, seat)
    assert chance == twins, f"T-VIEW: a bot of seat {seat} decides on a card it cannot see: " \
                            f"{differences(chance, twins)}"
    again = world.fork(resample=True, seed=seed + 1, seat=seat).state
    assert again == game.fork(resample=True, seed=seed + 1, seat=seat).state, \
        "T-VIEW: a re-deal depends on the cards it deals again"


@settings(max_examples=25, deadline=None, suppress_health_check=HEALTH)
@given(st.data())
def test_T_DISCARD_a_redealt_world_names_no_hidden_card_of_the_real_game(data: st.DataObject) -> None:
    """Re-dealt after another seat's face-down discard, a world's last move discards the card on top
    of the world's own discard pile: the real card, which the seat never saw, is nowhere in it. When
    the draw that followed shuffled the discards into a new draw pile (T-RESHUFFLE), the card named
    is one of the world's own draw pile."""
    game, seat = touring_worlds(data, touring_kinds())
    assume(game.state.last is not None)
    mover, action = game.state.last
    assume(action.kind == "discard" and mover != seat)
    world = game.fork(resample=True, seed=data.draw(st.integers(0, 10**6), label="seed"), seat=seat)
    named = world.view(None)["last"]["action"]
    if not world.state.discard:
        event("the discards were reshuffled after the discard")
        assert named.startswith("discard ") and named.split()[1] in world.state.draw, \
            "T-DISCARD: a re-dealt world's last move names a card the world does not hold"
        return
    top = world.state.discard[-1][0]
    assert named == f"discard {top}", \
        "T-DISCARD: a re-dealt world's last move names the real game's face-down discard"


@settings(max_examples=25, deadline=None, suppress_health_check=HEALTH)
@given(st.data())
def test_T_VIEW_a_seat_sees_its_hand_every_tableau_and_the_face_up_discards(data: st.DataObject) -> None:
    """What a seat may see shows: every tableau and face-up discard as the teacher sees them, and a
    card of its own hand or a face-up discard exchanged for a hidden one changes its view."""
    one, _, seat = data.draw(touring_twins())
    view, teacher = one.view(seat), one.view(None)
    for key in ("tables", "discard_face_up", "discard_top", "draw", "discard", "turn", "ply"):
        assert view[key] == teacher[key], f"T-VIEW: seat {seat} is not shown {key} as everyone sees it"
    assert view["hands"][seat]["cards"] == one.hand(seat), f"T-VIEW: seat {seat} is not shown its hand"
    assert [h["size"] for h in view["hands"]] == [len(one.hand(s)) for s in range(one.n_players)], \
        "T-VIEW: a seat is not shown how many cards each hand holds"
    spec = position_of(one)
    mine = [("hands", seat, i) for i in range(len(spec["hands"][seat]))]
    mine += [("discard", None, i) for i, (_, owner) in enumerate(spec["discard"]) if owner == "up"]
    place = data.draw(st.sampled_from(mine), label="a card the seat sees")
    hidden = [p for p in hidden_places(spec, seat, True) if card_at(spec, p) != card_at(spec, place)]
    assume(hidden)
    try:
        other = tw.touring.scenario(**swapped(spec, place, data.draw(st.sampled_from(hidden), label="hid")))
    except IllegalAction:
        assume(False)
    assert other.view(seat) != view, f"T-VIEW: seat {seat}'s view does not show {place[0]}"
    assert render_text(other.state, seat) != render_text(one.state, seat), \
        f"T-VIEW: seat {seat}'s drawing does not show {place[0]}"
    assert board_state(other, seat) != board_state(one, seat), f"T-VIEW: seat {seat}'s board does not show it"


@settings(max_examples=25, deadline=None, suppress_health_check=HEALTH)
@given(st.data())
def test_T_TEAMS_a_seat_never_sees_its_partner_s_hand(data: st.DataObject) -> None:
    """Partners share a tableau but not their hands: the partner's cards are in no output for the
    seat, and a re-deal for the seat deals the partner's hand again like any other."""
    game, seat = touring_worlds(data, team_kinds())
    partner = partner_of(game, seat)
    assert partner is not None and game.state.team_of(partner) == game.state.team_of(seat)
    view = game.view(seat)
    assert view["hands"][partner]["cards"] is None, "T-TEAMS: the view shows the partner's hand"
    hand = Counter(game.hand(partner))
    unseen = game.unseen(seat)
    assert all(unseen.get(card, 0) >= n for card, n in hand.items()), \
        "T-TEAMS: the seat counts its partner's cards as seen"
    pool = Counter(c for s in range(game.n_players) if s != seat for c in game.hand(s))
    pool.update(game.state.draw)
    pool.update(c for c, owner in game.state.discard if owner not in (FACE_UP, seat))
    kept = prod(comb(pool[card], n) for card, n in hand.items()) / comb(pool.total(), hand.total())
    if kept < 0.75:
        dealt = {tuple(sorted(game.fork(resample=True, seed=k, seat=seat).hand(partner))) for k in range(60)}
        assert dealt != {tuple(sorted(hand.elements()))}, \
            "T-TEAMS: a re-deal for a seat keeps its partner's hand, as if the seat saw it"


#: how the advice plays out a seat of each kind of player: its own bot, a search bot as keeper (what
#: its own playouts play), a human as greedy
PLAYED_AS = {"greedy": touring_bots.greedy_policy, "human": touring_bots.greedy_policy,
             "keeper": touring_bots.keeper_policy, "search": touring_bots.keeper_policy,
             "random": touring_bots.random_policy}


def replayed(state: Any, action: Any, seat: int, players: tuple[str, ...]) -> Any:
    """The end of a playout replayed by the rules alone: the seat plays keeper, the others as the
    advice plays them out (``PLAYED_AS``)."""
    state = tw.touring.apply(state, action)
    for _ in range(touring_search.CAP):
        if state.over:
            break
        mover = state.turn
        policy = touring_bots.keeper_policy if mover == seat else PLAYED_AS[players[mover]]
        state = tw.touring.apply(state, policy(state, mover))
    return state


@settings(max_examples=20, deadline=None, suppress_health_check=HEALTH)
@given(st.data())
def test_T_TEAMS_the_search_and_the_advice_count_a_partner_s_win_as_the_seat_s(data: st.DataObject) -> None:
    """With partners, every playout the advice and the search bot count is worth 1 to the seat
    exactly when its team won it (the partner's win included, T-WIN), and the same to its partner."""
    game = data.draw(positions(tw.Touring, team_kinds(), most=120, chosen=0.2))
    assume(not game.is_over)
    seat = game.turn
    partner = partner_of(game, seat)
    rows = advice_rows(game, seat)
    search = advice_search(game, seat, "view")
    wins = {str(a): [] for a in list(search.moves)[:3]}
    for i in range(2):
        dealt = touring_search.resample(game.state, seat, f"view/deal/{i}")
        for action in list(search.moves)[:3]:
            end = replayed(dealt, action, seat, game.players)
            won = [] if end.winner is None else list(end.seats_of(end.team_of(end.winner)))
            value = touring_search.value(end, seat)
            assert value == float(seat in won) == touring_search.value(end, partner), \
                f"T-TEAMS: a playout won by seats {won} is worth {value} to seat {seat}"
            wins[str(action)].append(float(seat in won))
            if end.winner == partner:
                event("a playout won by the partner")
    chances = {row["move"]: row["win_chance"] for row in rows}
    expected = {move: sum(values) / len(values) for move, values in wins.items()}
    assert chances == expected, "T-TEAMS: the advice (and the search bot, which counts its playouts " \
                                "the same way) does not count the team's wins of the same playouts"


# -- On Tour ------------------------------------------------------------------------------------
def on_tour_seen(game: tw.OnTour, seat: int, *, line: bool = True) -> dict[str, Any]:
    """Everything ``seat`` observes in On Tour that takes no chance from the seed (the line, the
    narration and the board, which marks each seat's latest writing, with ``line``)."""
    out: dict[str, Any] = {"view": game.view(seat), "text": str(game), "star": outcome(lab.star_turn, game)}
    out["chances"] = {(space, low, high, turns): outcome(lab.space_chance, game, space, low, high, seat=seat,
                                                         turns=turns)
                      for space in ON_TOUR_SPACES for low, high in ((10, 45), (50, 99)) for turns in (1, 2)}
    if line:
        out.update(line=game.line(seat), story=game.explain(seat), board=board_state(game, seat))
    state = game.state
    if not state.over and not state.written[seat]:
        out["greedy"] = on_tour_bots.greedy_policy(state, seat)
    return out


def on_tour_chance_moves(game: tw.OnTour, seat: int) -> dict[str, Any]:
    """The moves of the bots that take their chance from the game's seed, while ``seat`` is to write."""
    state = game.state
    if state.over or state.written[seat]:
        return {}
    with small_budgets():
        return {"random": on_tour_bots.random_policy(state, seat),
                "search": on_tour_search.search_policy(state, seat)}


@settings(max_examples=20, deadline=None, suppress_health_check=HEALTH)
@given(st.data())
def test_O_FLIP_a_seat_sees_the_same_when_the_deck_is_shuffled_again(data: st.DataObject) -> None:
    """The deck's order and the dice to come are hidden from every seat: dealt again, they change
    nothing a seat is shown or told, no odds, no advice and no bot's writing for it."""
    game = data.draw(positions(tw.OnTour, on_tour_kinds(), most=60))
    seat = data.draw(st.integers(0, game.n_players - 1), label="seat")
    if not game.is_over and data.draw(st.booleans(), label="the seat to write"):
        seat = game.turn
    seed = data.draw(st.integers(0, 10**6), label="seed")
    seen = on_tour_seen(game, seat, line=False)
    worlds = [game.fork(resample=True, seed=seed + k, seat=seat) for k in range(WORLDS)]
    for world in worlds:
        other = on_tour_seen(world, seat, line=False)
        assert seen == other, f"O-FLIP: seat {seat} tells a re-dealt world by {differences(seen, other)}"
    if game.turn == seat:
        assert advice_rows(game, seat) == advice_rows(worlds[0], seat), \
            f"O-FLIP: the advice for seat {seat} depends on the deck's order"
    twin = game.fork(resample=True, seed=game.state.seed, seat=seat)
    chance, twins = on_tour_chance_moves(game, seat), on_tour_chance_moves(twin, seat)
    assert chance == twins, f"O-FLIP: a bot of seat {seat} writes by the deck's order: " \
                            f"{differences(chance, twins)}"
    if len(game.state.deck) > 1:
        orders = {game.fork(resample=True, seed=k, seat=seat).state.deck for k in range(20)}
        assert len(orders) > 1, "O-FLIP: a re-deal keeps the deck's order: the property would be vacuous"
    again = worlds[0].fork(resample=True, seed=seed + 1, seat=seat).state
    assert again == game.fork(resample=True, seed=seed + 1, seat=seat).state, \
        "O-FLIP: a re-deal depends on the deck's order it deals again"
    if game.position:
        before = game.fork()
        before.undo()
        told = {"line": game.line(seat)[-1], "story": game.explain(seat)[-1],
                "log": {k: v for k, v in board_state(game, seat)["log"][-1].items() if k != "n"}}
        worlds = []
        for k in range(8):
            world = before.fork(resample=True, seed=f"story/{k}", seat=seat)
            world.step(game.history[-1])
            if world.view(seat) == game.view(seat):
                worlds.append(world)
        if worlds:
            event("the last move told in a re-dealt world")
        for world in worlds:
            again = {"line": world.line(seat)[-1], "story": world.explain(seat)[-1],
                     "log": {k: v for k, v in board_state(world, seat)["log"][-1].items() if k != "n"}}
            assert told == again, f"O-FLIP: seat {seat} is told a move by what it cannot see"
        if len(worlds) > 1:
            first, second = (on_tour_seen(w, seat) for w in worlds[:2])
            assert first == second, f"O-FLIP: seat {seat} tells two worlds by {differences(first, second)}"
