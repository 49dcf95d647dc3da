"""Both games answer the same questions with the same names and types, cite only rules that
exist, and no input of any kind breaks an engine or a loader.

Every test here runs both games through the same code, with no branch on which game it is.
"""

from __future__ import annotations

import contextlib
import dataclasses
import inspect
import json
import re
from importlib import import_module, resources
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import touring_widgets as tw
from touring_widgets.core.rulebook import rule_pattern

GAMES = [tw.Touring, tw.OnTour]
RULE_ID = rule_pattern()
PACKAGE = Path(tw.__file__).parent
#: Module -> the names each game's module of that name offers, each for the same role in both.
SHARED_NAMES = {
    "actions": {"Action", "read_action", "FORMS", "MAX_SEATS"},
    "state": {"State", "new_game", "resample", "render_text"},
    "moves": {"Ruling", "ruling", "judge", "explain", "apply", "is_legal", "legal_actions"},
    "view": {"view", "narrate", "render_text"},
    "bots": {"POLICIES", "greedy_policy", "random_policy"},
    "scenario": {"scenario", "position", "position_of"},
}
ENGINE_MODULES = ("facts", "rules", "actions", "state", "moves", "view", "bots", "scenario")


def positions(cls, games: int = 4, players: int = 2, policy: str = "random"):
    """Games of ``cls`` at every position of a few whole games (a fork per position)."""
    for seed in range(games):
        g = cls(players=[policy] * players, seed=seed).play(max_plies=300)
        for index in range(0, len(g), 3):
            at = g.fork()
            at.goto(index)
            yield at


def candidates(g) -> list:
    """Legal actions, the text of each, and actions that are legal elsewhere but maybe not here."""
    legal = list(g.legal_actions())
    other = g.fork()
    other.goto(0)
    return legal + [str(a) for a in legal[:5]] + list(other.legal_actions())[:20] + ["", "nonsense", 42]


@pytest.fixture(params=GAMES, ids=lambda c: c.__name__)
def cls(request):
    return request.param


class TestOneShape:
    def test_the_same_public_names(self):
        names = {
            "legal_actions", "is_legal", "why", "turn", "is_over", "winners", "view", "play", "step",
            "undo", "redo", "goto", "fork", "history", "future", "position", "to_json", "from_json",
            "players", "seed", "rules", "state", "line", "moves", "n_players",
        }
        for cls in GAMES:
            missing = {n for n in names if not hasattr(cls, n) and not hasattr(cls(seed=1), n)}
            assert not missing, f"{cls.__name__} lacks {missing}"

    def test_same_types_for_the_same_questions(self, cls):
        g = cls(seed=3)
        legal = g.legal_actions()
        assert not isinstance(legal, list), "legal_actions() is lazy"
        first = next(iter(legal))
        assert first in legal and str(first) in legal and len(legal) == sum(1 for _ in legal)
        assert isinstance(g.turn, int) and g.winners == []
        verdict = g.why(first)
        assert isinstance(verdict, tw.Verdict) and verdict.legal and RULE_ID.fullmatch(verdict.rule)
        assert str(verdict) == f"Legal: {str(verdict.action)!r}: {verdict.text}"
        assert g.is_legal(first) and not g.is_legal("nonsense")
        g.play()
        assert g.is_over and g.turn is None and isinstance(g.winners, list)
        assert all(type(s) is int for s in g.winners)
        assert len(g.legal_actions()) == 0 and not g.legal_actions()

    def test_view_none_is_the_teachers_view(self, cls):
        g = cls(players=2, seed=4)
        for _ in range(3):
            g.step()
        for seat in (None, 0, 1):
            view = g.view(seat)
            assert json.loads(json.dumps(view)) == view
            assert {"game", "seat", "players", "turn", "over", "winners"} <= set(view)
            assert view["seat"] == seat and view["game"] == cls.game_name

    def test_short_repr_and_a_drawing_in_str(self, cls):
        g = cls(players=2, seed=5)
        g.step()
        assert "\n" not in repr(g) and repr(g).startswith(f"<{cls.title} seed=5")
        assert "\n" not in repr(g.state) and len(str(g).splitlines()) > 3

    @pytest.mark.parametrize("seed", [0, 7, "lesson 3", "a" * 100])
    def test_the_same_seed_types(self, cls, seed):
        a, b = cls(seed=seed), cls(seed=seed)
        a.play()
        b.play()
        assert a.history == b.history
        assert cls.from_json(a.to_json()).state == a.state

    def test_text_and_int_seeds_are_different_games(self, cls):
        assert cls(seed=7).play().history != cls(seed="7").play().history

    @pytest.mark.parametrize("seed", [True, 1.5, -1, "sé", "a" * 101, b"7", [7]])
    def test_bad_seeds_raise_value_error(self, cls, seed):
        with pytest.raises(ValueError, match="seed must be"):
            cls(seed=seed)

    @pytest.mark.parametrize("players", [True, 0, 9, "greedy", ["wizard"], [1, 2], {"greedy": 1}])
    def test_bad_players_raise_value_error(self, cls, players):
        with pytest.raises(ValueError):
            cls(players=players)

    def test_rules_of_another_game_raise_type_error(self):
        with pytest.raises(TypeError, match="Rules"):
            tw.Touring(rules=tw.on_tour.Rules())
        with pytest.raises(TypeError, match="Rules"):
            tw.OnTour(rules=tw.touring.Rules())

    @pytest.mark.parametrize("seat", [-1, 2, True, "0", 1.0])
    def test_a_seat_that_is_not_there_raises_value_error(self, cls, seat):
        with pytest.raises(ValueError, match="no seat"):
            cls(players=2, seed=1).view(seat)

    def test_bots_have_one_signature(self, cls):
        g = cls(players=2, seed=6)
        for name, policy in cls.policies.items():
            action = policy(g.state, g.turn)
            assert g.is_legal(action), (name, action)

    def test_play_stops_at_max_plies(self, cls):
        g = cls(players=2, seed=8).play(max_plies=3)
        assert g.position == 3 and not g.is_over


class TestOneShapeOfModules:
    """A reader who knows one game's modules knows the other's: the same names for the same roles."""

    @pytest.mark.parametrize("module", sorted(SHARED_NAMES))
    def test_each_module_offers_the_same_names(self, cls, module):
        found = import_module(f"touring_widgets.{cls.game_name}.{module}")
        missing = {name for name in SHARED_NAMES[module] if not hasattr(found, name)}
        assert not missing, f"{cls.game_name}.{module} lacks {sorted(missing)}"

    def test_one_judge_of_one_shape(self, cls):
        moves = import_module(f"touring_widgets.{cls.game_name}.moves")
        fields = {f.name for f in dataclasses.fields(moves.Ruling)}
        assert {"legal", "reason", "rule", "seat"} <= fields
        assert list(inspect.signature(moves.ruling).parameters) == ["state", "action", "words"]
        for g in positions(cls, games=1):
            if g.is_over:
                continue
            elsewhere = g.fork()
            elsewhere.goto(0)
            for action in [*list(g.legal_actions())[:5], *list(elsewhere.legal_actions())[:10]]:
                verdict = g.why(action)
                found = moves.ruling(g.state, action)
                assert (found.legal, found.rule, found.reason) == (verdict.legal, verdict.rule, verdict.text)
                quiet = moves.ruling(g.state, action, words=False)
                assert (quiet.legal, quiet.rule) == (found.legal, found.rule)
                if found.legal:
                    assert found.seat == g.turn

    def test_a_state_drawn_as_text_is_its_str(self, cls):
        g = cls(players=2, seed=5).play(max_plies=4)
        for module in ("state", "view"):
            render_text = import_module(f"touring_widgets.{cls.game_name}.{module}").render_text
            assert render_text(g.state) == str(g.state)

    def test_no_engine_signature_says_player(self, cls):
        for module in ENGINE_MODULES:
            found = import_module(f"touring_widgets.{cls.game_name}.{module}")
            own = [v for v in vars(found).values() if getattr(v, "__module__", None) == found.__name__]
            functions = [v for v in own if inspect.isfunction(v)]
            methods = (vars(c).values() for c in own if inspect.isclass(c))
            functions += [m for members in methods for m in members if inspect.isfunction(m)]
            for function in functions:
                said = [p for p in inspect.signature(function).parameters if p == "player"]
                assert not said, f"{found.__name__}.{function.__qualname__} takes {said}: a seat is a seat"

    def test_on_tour_still_takes_player_as_a_deprecated_keyword(self):
        o = tw.OnTour(players=2, seed=1)
        state = o.state
        action = tw.on_tour.moves.legal_actions(state, seat=1)[0]
        with pytest.warns(DeprecationWarning, match="seat"):
            assert list(tw.on_tour.legal_actions(state, player=1)) == list(tw.on_tour.legal_actions(state, 1))
        with pytest.warns(DeprecationWarning, match="seat"):
            assert tw.on_tour.Action(action.marks, player=1) == action
        with pytest.warns(DeprecationWarning, match="seat"):
            assert action.with_seat(player=0) == action.with_seat(0)
        with pytest.warns(DeprecationWarning, match="seat"):
            assert state.map(player=1) == state.map(1)
        with pytest.warns(DeprecationWarning, match="seat"):
            assert state.empty_count(player=1) == state.empty_count(1)
        with pytest.raises(TypeError):
            tw.on_tour.Action(action.marks, 1, player=1)
        with pytest.warns(DeprecationWarning, match="Action.seat"):
            assert action.seat == action.player == 1 and tw.on_tour.Action(action.marks, 1) == action
        with pytest.warns(DeprecationWarning, match="with_seat"):
            assert action.with_player(0) == action.with_seat(0)


class TestRulebook:
    def test_a_rule_by_its_id(self):
        rule = tw.rules("T-POP")
        assert rule.title == "Populated Area is played on an opponent's active Freeway."
        assert "Until that opponent plays a new Freeway" in rule.text and rule.game == "touring"
        assert tw.rules("O-CIRCLE").switches == ("circle_any_shown",)
        loss = ("burning_oil", "broken_spring", "brake_adjustment", "loss_face_up")
        assert tw.rules("T-LOSS").switches == loss

    def test_an_unknown_id_names_the_ids_there_are(self):
        with pytest.raises(KeyError, match="T-POP"):
            tw.rules("T-POPS")

    def test_every_id_in_both_files_is_read(self):
        for game, name in (("touring", "touring.md"), ("on_tour", "on_tour.md")):
            text = (PACKAGE / "rulebook" / name).read_text(encoding="utf-8")
            declared = set(re.findall(r"\*\*([TO]-[A-Z]+)\*\*|\((T-[A-Z]+)\)\n", text))
            ids = {a or b for a, b in declared}
            assert ids <= set(tw.rules()), ids - set(tw.rules())
            assert all(tw.rules(i).game == game for i in ids)

    def test_the_rule_files_ship_inside_the_package(self):
        book = resources.files("touring_widgets") / "rulebook"
        assert (book / "touring.md").is_file() and (book / "on_tour.md").is_file()

    def test_every_rule_id_the_package_writes_exists(self):
        book = set(tw.rules())
        for path in PACKAGE.rglob("*.py"):
            for rule_id in RULE_ID.findall(path.read_text(encoding="utf-8")):
                assert rule_id in book, f"{path.name} cites {rule_id}, which no rule file defines"

    def test_every_verdict_and_refusal_cites_rules_that_exist(self, cls):
        book = set(tw.rules())
        prefix = "T-" if cls is tw.Touring else "O-"
        for g in positions(cls, games=3):
            for action in candidates(g):
                verdict = g.why(action)
                cited = set(RULE_ID.findall(str(verdict)))
                assert verdict.rule in book and verdict.rule in cited and cited <= book, verdict
                assert all(c.startswith(prefix) for c in cited), verdict
                if not verdict.legal:
                    with pytest.raises(tw.IllegalAction) as err:
                        g.fork().step(action)
                    assert err.value.rule == verdict.rule and str(err.value) in str(verdict)


class TestOneActionPerOutcome:
    def test_no_two_legal_actions_lead_to_the_same_position(self, cls):
        for players in (2, 4):
            for g in positions(cls, games=2, players=players):
                after = {}
                for action in g.legal_actions():
                    twin = g.fork()
                    twin.step(action)
                    assert twin.state not in after, f"{action} and {after.get(twin.state)} do the same"
                    after[twin.state] = action

    def test_touring_teams_list_each_attack_once(self):
        g = tw.Touring(players=4, seed=2, rules=tw.touring.Rules(teams=True))
        attacks = 0
        while not g.is_over and g.position < 400:
            texts = [str(a) for a in g.legal_actions()]
            attacks += sum(" on " in t for t in texts)
            assert not any(t.endswith((" on 2", " on 3")) for t in texts), texts
            g.step()
        assert attacks > 0


# -- input that cannot break it ------------------------------------------------------------------
class TestAdversarialInput:
    @pytest.mark.parametrize(
        "text", ["play stop_to_refuel on ²", "play m25 on ١", "ｐｌａｙ go", "play go\u200b"]
    )
    def test_touring_text_is_ascii_only(self, text):
        g = tw.Touring(seed=1)
        with pytest.raises(tw.IllegalAction, match="not ASCII") as err:
            g.step(text)
        assert err.value.rule == "T-TURN" and g.position == 0
        assert not g.why(text).legal and g.why(text).rule == "T-TURN"

    @pytest.mark.parametrize(
        "text", ["５６ TX, 65 OK", "65 Kſ, 56 TX", "p٠: 56 TX, 65 OK", "56 TX, 65 OK\u00a0"]
    )
    def test_on_tour_text_is_ascii_only(self, text):
        o = tw.OnTour(seed=1)
        with pytest.raises(tw.IllegalAction, match="not ASCII") as err:
            o.step(text)
        assert err.value.rule == "O-WRITE" and o.position == 0

    @pytest.mark.parametrize("target", [True, False, "1", 1.0, -1, 6, None.__class__])
    def test_touring_action_objects_are_checked_as_strictly_as_text(self, target):
        with pytest.raises(tw.IllegalAction, match="seat number") as err:
            tw.touring.Action("play", "stop_to_refuel", target)
        assert err.value.rule == "T-PLAYERS"

    @pytest.mark.parametrize(
        "args", [("play", 5), ("play", ["go"]), ("throw", "go"), (1, "go"), ("play", "GO")]
    )
    def test_touring_action_objects_name_what_is_wrong(self, args):
        with pytest.raises(tw.IllegalAction):
            tw.touring.Action(*args)

    @pytest.mark.parametrize(
        "marks, seat",
        [(((True, "TX"),), None), (((5.0, "TX"),), None), ((("star", "tx"),), None), (((5, "TX"),), True)],
    )
    def test_on_tour_action_objects_are_checked(self, marks, seat):
        with pytest.raises(tw.IllegalAction):
            tw.on_tour.Action(marks, seat)

    def test_a_save_with_unreadable_text_raises_load_error(self):
        g = tw.Touring(seed=1)
        g.step()
        data = json.loads(g.to_json())
        data["actions"].append("play stop_to_refuel on ²")
        with pytest.raises(tw.LoadError, match=r"action 2 .*not ASCII"):
            tw.Touring.from_json(json.dumps(data))

    @pytest.mark.parametrize("fmt", [True, 1.0, "1", None, [1]])
    def test_the_save_format_must_be_exactly_1(self, cls, fmt):
        data = json.loads(cls(seed=1).to_json())
        data["format"] = fmt
        with pytest.raises(tw.LoadError, match="field 'format'"):
            cls.from_json(json.dumps(data))

    def test_deep_nesting_raises_load_error(self, cls):
        with pytest.raises(tw.LoadError, match="nested too deeply"):
            cls.from_json("[" * 100_000 + "]" * 100_000)

    @pytest.mark.parametrize(
        "text", [None, 5, b"\xff\xfe\x00", "", "{}", '{"format": 1}', "1e999", "9" * 5000]
    )
    def test_anything_at_all_raises_load_error(self, cls, text):
        with pytest.raises(tw.LoadError):
            cls.from_json(text)

    @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(text=st.one_of(st.text(max_size=300), st.binary(max_size=300)))
    def test_fuzz_arbitrary_text_loads_or_raises_load_error(self, text):
        for cls in GAMES:
            with contextlib.suppress(tw.LoadError):
                cls.from_json(text)

    @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(data=st.data())
    def test_fuzz_mutated_real_saves_load_or_raise_load_error(self, data):
        for cls in GAMES:
            save = json.loads(cls(players=2, seed=3).play(max_plies=12).to_json())
            mutated = data.draw(mutation(save), label=cls.__name__)
            try:
                game = cls.from_json(json.dumps(mutated))
            except tw.LoadError:
                continue
            assert game.position <= len(game.history) + len(game.future)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**6), 10**40) | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@st.composite
def mutation(draw, save: dict):
    """A real save with one field replaced, removed or added, or one action text changed."""
    save = json.loads(json.dumps(save))
    keys = sorted(save)
    how = draw(st.sampled_from(["replace", "remove", "add", "action", "rules"]))
    if how == "replace":
        save[draw(st.sampled_from(keys))] = draw(JSON)
    elif how == "remove":
        del save[draw(st.sampled_from(keys))]
    elif how == "add":
        save[draw(st.text(max_size=10))] = draw(JSON)
    elif how == "rules":
        save["rules"][draw(st.sampled_from(sorted(save["rules"])))] = draw(JSON)
    elif save["actions"]:
        i = draw(st.integers(0, len(save["actions"]) - 1))
        text = save["actions"][i]
        j = draw(st.integers(0, len(text)))
        save["actions"][i] = text[:j] + draw(st.text(max_size=3)) + text[j + 1 :]
    return save
