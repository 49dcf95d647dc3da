"""The advice as the boards draw it (which figure goes on which card, place or space, which is
the best, the progress line under the message), run with Node on advice computed by Python."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

import touring_widgets as tw
from touring_widgets.on_tour.picture import atlas

PACKAGE = Path(tw.__file__).parent
TOURING_JS = PACKAGE / "touring" / "ui" / "board.js"
ON_TOUR_JS = PACKAGE / "on_tour" / "ui" / "board.js"
SHELL_JS = Path(__file__).parent / "js" / "shared.js"  # the shared modules' functions

NODE = shutil.which("node")

SCRIPT = """
const t = await import(process.argv[1]);
const o = await import(process.argv[2]);
const sh = await import(process.argv[3]);
let text = "";
for await (const chunk of process.stdin) text += chunk;
const data = JSON.parse(text);
const out = {};
const plain = (f) => ({ ...f, byAction: f.byAction, byCard: f.byCard });
out.touring = plain(t.adviceFigures(data.touring.advice, data.touring.choices));
out.stale = plain(t.adviceFigures(data.touring.advice, data.touring.choices.slice(1)));
out.none = plain(t.adviceFigures({}, data.touring.choices));
out.clear = plain(t.adviceFigures(data.clear, data.touring.choices));
const kit = { figureText: sh.figureText };
const label = (figures) => Object.fromEntries(Object.entries(figures.byAction).map(([a, f]) =>
  [a, t.figureLabel(kit, figures.kind, f, a === figures.best, 999, () => 0)]));
out.labels = { tied: label(out.touring), clear: label(out.clear) };
const tipApi = { choices: () => data.touring.choices, view: () => data.touring.view,
  advice: () => data.touring.advice, model: { get: (key) => (key === "cards" ? data.touring.cards : null) } };
out.tips = Object.fromEntries(data.touring.choices.map((c) => [c.action, t.adviceWords(tipApi, c.action)]));
out.texts = data.texts.map(([kind, e, lo, hi, short]) => sh.figureText(kind, e, lo, hi, short));
out.words = data.words.map((args) => sh.figureWords(...args));
out.bars = data.bars.map((advice) => sh.adviceLayout(advice, 0, 0, 300).bar);
out.feet = {};
for (const width of [360, 800, 1400]) {
  const s = { message: "A message of the board that says what happened.", lineLength: 3, log: data.log };
  out.feet[width] = { plain: sh.footerLayout(width, 500, s), advised: sh.footerLayout(width, 500,
    { ...s, advice: data.touring.advice }), waiting: sh.footerLayout(width, 500,
    { ...s, advice: { on: true, text: "Advice waits for seat 0 to move (seat 1 is to move now)." } }) };
}
out.onTour = data.onTour.map(({ advice, clear, choices: raw }) => {
  const choices = o.splitChoices(raw);
  const marks = o.firstMarks(choices);
  const all = { spaces: o.litFirst(choices, null), mark: null };
  const res = {
    marks, bodies: o.expandChoices(raw),
    none: o.adviceOnSpaces(advice, choices, all, []),
    clear: o.adviceOnSpaces(clear, choices, all, []),
    better: o.adviceOnSpaces(advice, choices, all, [], false),
    fit: [16, 23, 24, 40].map((tile) => o.figuresThatFit(o.adviceOnSpaces(advice, choices, all, [], false),
      tile)),
    picked: marks.map((m) => o.adviceOnSpaces(advice, choices, { spaces: o.litFirst(choices, m), mark: m },
      [])),
    placed: [],
  };
  for (const m of marks) {
    const space = [...o.litFirst(choices, m)][0];
    const first = { mark: m, space };
    if (!o.needsSecond(choices, first)) continue;
    const sec = o.litSecond(choices, first);
    res.placed.push({ first: o.markWord(m), space, figures: o.adviceOnSpaces(advice, choices, sec, [first]),
      keys: [...sec.spaces].map((s) => o.writingKey([first,
        { mark: o.secondMarkAt(choices, first, s), space: s }])) });
  }
  return res;
});
// Where the figures' tags go on the map at three widths (tags about 0.6 em a character).
out.tags = {};
for (const w of [700, 480, 230]) {
  const geo = o.mapGeometry(data.atlas, 0, 0, w);
  const size = Math.min(12, Math.max(9, Math.round(geo.tile * 0.44)));
  const box = (space) => o.tileBox(geo, space);
  const width = (t) => t.length * size * 0.6 + 6;
  const text = (f) => `${f.best ? "★" : ""}${f.figure[0].toFixed(1)}`;
  out.tags[w] = out.onTour.map(({ none, better }) => [none, better].map((figures) => ({ all: figures.length,
    placed: o.placeFigures(figures, box, width, size + 4, text) })));
}
console.log(JSON.stringify(out));
"""


def finish(board) -> None:
    while board.session.advisor.tick():
        pass


def advised(board, deals: int) -> dict:
    board.advise(deals=deals)
    finish(board)
    return board.advice


@pytest.fixture(scope="module")
def js():
    assert NODE, "Node.js runs the board's JavaScript in these tests: apt-get install nodejs"
    g = tw.Touring(players=["human", "greedy"], seed=7)
    touring = g.board(seat=0, speed="instant")
    t_advice = advised(touring, 6)
    ranked = str(touring.session.advisor.search.ranked()[0].action)
    on_tours = []
    # A turn of two numbers, a star turn (seed 21 opens with one), a turn with an X (seed 4's 15th),
    # and seed 3's 11th turn (204 writings) on 8 deals: sequential halving drops writings early.
    for seed, steps, deals in ((7, 0, 1), (21, 0, 1), (4, 14, 1), (3, 10, 8)):
        o = tw.OnTour(players=["human"] if seed != 7 else ["human", "greedy"], seed=seed)
        for _ in range(steps):
            o.step()
        board = o.board(seat=0, speed="instant")
        advice = advised(board, deals)
        on_tours.append({"advice": advice, "choices": board.choices, "clear": clear_on_tour(advice)})
        board.close()
    data = {
        "touring": {"advice": t_advice, "choices": touring.choices, "view": touring.view,
                    "cards": touring.cards},
        "log": touring.log,
        "clear": clear_touring(t_advice, ranked),
        "onTour": on_tours, "atlas": atlas(),
        "texts": [["chance to win", 0.62, 0.55, 0.69, False], ["chance to win", 0.62, 0.55, 0.69, True],
                  ["expected score", 29.04, 23.12, 34.88, False],
                  ["expected score", 29.04, 23.12, 34.88, True], ["chance to win", 1.0, 0.9, 1.0, False]],
        "words": [["chance to win", 0.62, 0.55, 0.69, 40], ["expected score", 29.0, 23.1, 34.9, 1]],
        "bars": [{"on": True, "text": "halving", "share": 0.25, "deals": 2, "target": 128},
                 {"on": True, "text": "every move", "deals": 3, "target": 6},
                 {"on": True, "text": "done", "share": 1.0, "deals": 128, "target": 128},
                 {"on": True, "text": "waits"}],
    }
    touring.close()
    result = subprocess.run(
        [NODE, "--input-type=module", "-e", SCRIPT, str(TOURING_JS), str(ON_TOUR_JS), str(SHELL_JS)],
        input=json.dumps(data), capture_output=True, text=True, timeout=120, check=True,
    )
    return {"out": json.loads(result.stdout), "data": data, "ranked": ranked}


def clear_touring(advice: dict, best: str) -> dict:
    """The advice with ``best`` clearly best: its interval above every other move's, none tied."""
    moves = {a: {**f, "high": min(f["high"], 0.5)} for a, f in advice["moves"].items()}
    moves[best] = {"estimate": 0.9, "low": 0.8, "high": 0.95, "n": 6}
    return {**advice, "moves": moves, "tied": []}


def clear_on_tour(advice: dict) -> dict:
    """The advice as it is when its best writing (the first of the best) is clearly best."""
    key = max(advice["writings"], key=lambda k: advice["writings"][k][0])
    marks = [part.split(" ") for part in key.split(", ")]
    return {**advice, "tied": [], "best": {"action": key, "marks": marks, "figure": advice["writings"][key]}}


def tied_marks(advice: dict) -> list[list[str]]:
    """The marks of every writing tied for the best, from their action texts ("p0: 47 OR, 74 MT")."""
    return [part.split(" ") for action in advice["tied"] for part in action.split(": ")[-1].split(", ")]


def overlaps(a: dict, b: dict) -> bool:
    return a["x"] < b["x"] + b["w"] and b["x"] < a["x"] + a["w"] and a["y"] < b["y"] + b["h"] and \
        b["y"] < a["y"] + a["h"]


class TestFigures:
    def test_a_tip_names_each_advised_move_in_words_with_its_figure(self, js):
        """The hover tip of a card or place says the move as a player reads it ("Discard 75 Miles",
        "Play Go on your table"), never the action's id ("discard m75")."""
        cards, tips = js["data"]["touring"]["cards"], js["out"]["tips"]
        for choice in js["data"]["touring"]["choices"]:
            name = cards[choice["card"]]["name"]
            want = f"Discard {name}: " if choice["column"] == "discard" else f"Play {name} on your table: "
            tip = tips[choice["action"]]
            assert tip.startswith(want) and "chance to win" in tip and choice["action"] not in tip, tip

    def test_figures_read_short_with_their_interval(self, js):
        assert js["out"]["texts"] == ["62% ±7", "62%", "29.0 ±5.9", "29.0", "100% ±5"]
        assert js["out"]["words"] == ["62% chance to win (55%–69%, 40 deals)",
                                      "29.0 expected final score (23.1–34.9, 1 deal)"]

    def test_the_progress_line_sits_under_the_message_and_above_the_history(self, js):
        text = js["data"]["touring"]["advice"]["text"]
        for width, feet in js["out"]["feet"].items():
            plain, advised, waiting = feet["plain"], feet["advised"], feet["waiting"]
            assert plain["advice"] is None
            box = advised["advice"]
            # read whole on a phone, the tied moves' names too
            assert " ".join(box["lines"]) == text and 1 <= len(box["lines"]) <= 5, width
            assert box["bar"] == 1 and box["done"]  # every deal played
            assert waiting["advice"]["bar"] is None and waiting["advice"]["lines"]
            message = advised["message"]
            assert box["y"] >= message["y"] + message["h"]
            assert box["x"] + box["w"] <= int(width)
            assert all(len(line) * 12 * 0.56 <= box["w"] for line in box["lines"])
            for b in advised["boxes"]:  # the move log and the history come after it, apart
                assert not overlaps(b, box), (width, b)
            assert advised["height"] == plain["height"] + box["h"] + 8


class TestTouring:
    def test_every_choice_has_its_figure_and_each_card_its_best_move(self, js):
        out = js["out"]["touring"]
        advice, choices = js["data"]["touring"]["advice"], js["data"]["touring"]["choices"]
        plain = {a: {k: v for k, v in f.items() if k != "tied"} for a, f in out["byAction"].items()}
        assert plain == advice["moves"] and out["kind"] == "chance to win"
        for card in {c["card"] for c in choices}:
            mine = [c["action"] for c in choices if c["card"] == card]
            best = out["byCard"][card]
            assert best["action"] in mine
            assert best["figure"]["estimate"] == max(advice["moves"][a]["estimate"] for a in mine)

    def test_moves_tied_for_the_best_are_marked_alike_and_none_is_starred(self, js):
        # Six deals: the best move's interval overlaps others' (Python's ``tied``), so the board
        # stars none of them, marks each tied move "= ", and its progress line names them.
        out, advice = js["out"]["touring"], js["data"]["touring"]["advice"]
        tied = advice["tied"]
        assert len(tied) >= 2 and js["ranked"] == tied[0]
        assert out["best"] is None and out["bestCard"] is None and out["tied"] == tied
        assert {a for a, f in out["byAction"].items() if f.get("tied")} == set(tied)
        labels = js["out"]["labels"]["tied"]
        assert all(labels[a].startswith("= ") for a in tied)
        assert not any("★" in text for text in labels.values())
        assert "; tied: " in advice["text"] and advice["text"].endswith("(intervals overlap).")
        assert "best so far" not in advice["text"]

    def test_a_clearly_best_move_is_starred_alone(self, js):
        out, ranked = js["out"]["clear"], js["ranked"]
        assert out["best"] == ranked and out["tied"] == []
        card = next(c["card"] for c in js["data"]["touring"]["choices"] if c["action"] == ranked)
        assert out["bestCard"] == card
        labels = js["out"]["labels"]["clear"]
        assert labels[ranked].startswith("★ ")
        assert [a for a, text in labels.items() if "★" in text or text.startswith("=")] == [ranked]

    def test_figures_of_moves_not_among_the_choices_are_left_out(self, js):
        stale, dropped = js["out"]["stale"], js["data"]["touring"]["choices"][0]["action"]
        assert dropped not in stale["byAction"]
        assert len(stale["byAction"]) == len(js["out"]["touring"]["byAction"]) - 1
        assert stale["best"] != dropped and dropped not in stale["tied"]
        assert js["out"]["none"] == {"byAction": {}, "byCard": {}, "best": None, "bestCard": None, "tied": []}


class TestOnTour:
    @pytest.mark.parametrize("turn", [0, 1, 2], ids=["two numbers", "star", "an X"])
    def test_with_no_mark_picked_every_mark_that_may_go_first_shows_on_its_spaces(self, js, turn):
        out, data = js["out"]["onTour"][turn], js["data"]["onTour"][turn]
        spaces = data["advice"]["spaces"]
        words = [m if m in ("star", "X") else f"{m:02d}" for m in out["marks"]]
        want = {(space, mark) for space, there in spaces.items() for mark in there if mark in words}
        assert {(f["space"], f["mark"]) for f in out["none"]} == want
        # One deal: every writing's interval is the whole range, all are tied with the best; the
        # board stars the marks of every tied writing alike and rings none (``best`` withheld).
        tied = tied_marks(data["advice"])
        assert len(data["advice"]["tied"]) >= 2 and data["advice"]["best"] is None
        for f in out["none"]:
            assert f["figure"] == spaces[f["space"]][f["mark"]] and f["slot"] == words.index(f["mark"])
            assert f["best"] == ([f["mark"], f["space"]] in tied)
        # With one writing clearly best, its marks alone are starred.
        best = data["clear"]["best"]
        for f in out["clear"]:
            assert f["best"] == ([f["mark"], f["space"]] in best["marks"])
        # an X goes second (after the number it replaces): it shows once that number is placed
        assert sum(f["best"] for f in out["clear"]) == len([m for m, _ in best["marks"] if m in words]) >= 1
        if turn == 1:
            assert words == ["star"] and all(f["mark"] == "star" for f in out["none"])

    def test_small_tiles_show_the_better_of_two_numbers(self, js):
        out = js["out"]["onTour"][0]
        assert len(out["marks"]) == 2
        better = {f["space"]: f for f in out["better"]}
        assert len(better) == len(out["better"]) and all(f["slot"] == 0 for f in out["better"])
        for space, f in better.items():
            assert f["figure"][0] == max(g["figure"][0] for g in out["none"] if g["space"] == space)

    def test_phone_wide_tiles_show_the_best_six_spaces_only(self, js):
        out = js["out"]["onTour"][0]
        better = out["better"]
        assert len(better) > 6
        small, smaller, large, larger = out["fit"][1], out["fit"][0], out["fit"][2], out["fit"][3]
        assert small == smaller and len(small) == 6
        best = sorted((f["figure"][0] for f in better), reverse=True)
        assert [f["figure"][0] for f in small] == best[:6]
        assert any(f["best"] for f in small)  # the ringed best is among them
        assert large == larger == better  # from 24 px on, every lit space

    @pytest.mark.parametrize("turn", [0, 2], ids=["two numbers", "an X"])
    def test_a_picked_mark_shows_its_own_figures(self, js, turn):
        out, data = js["out"]["onTour"][turn], js["data"]["onTour"][turn]
        for mark, figures in zip(out["marks"], out["picked"], strict=True):
            word = mark if mark in ("star", "X") else f"{mark:02d}"
            assert figures and {f["mark"] for f in figures} == {word}
            assert all(f["figure"] == data["advice"]["spaces"][f["space"]][word] for f in figures)

    @pytest.mark.parametrize("turn", [0, 2, 3], ids=["two numbers", "an X", "halved"])
    def test_with_a_number_placed_each_space_shows_its_whole_writing(self, js, turn):
        out, data = js["out"]["onTour"][turn], js["data"]["onTour"][turn]
        writings = data["advice"]["writings"]
        assert set(writings) <= set(out["bodies"])  # Python's keys are the page's writings
        assert out["placed"]
        for placed in out["placed"]:
            figures = placed["figures"]
            assert len(figures) == len(placed["keys"]) and all(k in writings for k in placed["keys"])
            for f, key in zip(figures, placed["keys"], strict=True):
                assert f["figure"] == writings[key] and f"{placed['first']} {placed['space']}" in key
            top = max(figures, key=lambda f: (f["figure"][4], f["figure"][0]))
            # the best writing left, and every one that stood as long in the halving and whose
            # interval overlaps it, marked alike
            assert top["best"]
            for f in figures:
                low, high = top["figure"][1:3]
                tied = f["figure"][4] == top["figure"][4] and f["figure"][2] >= low and f["figure"][1] <= high
                assert f["best"] == tied
        if turn == 3:  # writings dropped on few deals are not starred, wide as their intervals are
            dropped = []
            for placed in out["placed"]:
                top = max(placed["figures"], key=lambda f: (f["figure"][4], f["figure"][0]))["figure"]
                dropped += [f for f in placed["figures"] if f["figure"][4] < top[4]
                            and f["figure"][2] >= top[1] and f["figure"][1] <= top[2]]
            assert dropped and not any(f["best"] for f in dropped)
        if turn == 2:  # the number left has no space: its X goes anywhere empty
            assert any(f["mark"] == "X" for placed in out["placed"] for f in placed["figures"])

    def test_a_writing_dropped_early_is_marked_so_its_higher_mean_does_not_read_as_better(self, js):
        """Sequential halving drops writings on a deal or two, where a mean runs high: on the map
        such a figure could stand above the starred best. Each is marked ``dropped`` (drawn faint
        and in brackets, said in the legend and the tip), and only such a figure outranks the best."""
        seen = 0
        for out, data in zip(js["out"]["onTour"], js["data"]["onTour"], strict=True):
            most = max(f[4] for f in data["advice"]["writings"].values())
            for shown in (out["none"], out["clear"], out["better"]):
                assert all(f["dropped"] == (f["figure"][4] < most) for f in shown)
                top = max((f["figure"][0] for f in shown if f["best"]), default=None)
                above = [f for f in shown if top is not None and f["figure"][0] > top]
                assert all(f["dropped"] for f in above), above
                seen += len(above)
        assert seen  # the halved turn has such figures, which is why they are marked

    def test_every_writing_played_out_has_its_figure(self, js):
        for out, data in zip(js["out"]["onTour"], js["data"]["onTour"], strict=True):
            assert set(data["advice"]["writings"]) == set(out["bodies"])
            best = data["clear"]["best"]
            key = ", ".join(sorted(f"{m} {s}" for m, s in best["marks"]))
            assert data["advice"]["writings"][key] == best["figure"]
            for action in data["advice"]["tied"]:  # every tied writing is one of the writings
                assert ", ".join(sorted(action.split(": ")[-1].split(", "))) in data["advice"]["writings"]


    def test_no_figure_covers_another_and_the_best_are_always_shown(self, js):
        """Tiles of neighbouring spaces sit close: a figure's tag goes under its tile, or over it
        when that is taken, or is left to the space's tip; never over another tag."""
        fewer = 0
        for width, turns in js["out"]["tags"].items():
            for turn in turns:
                for shown in turn:
                    placed = shown["placed"]
                    for i, a in enumerate(placed):
                        for b in placed[i + 1:]:
                            apart = (abs(a["x"] - b["x"]) >= (a["w"] + b["w"]) / 2 - 1e-9
                                     or abs(a["y"] - b["y"]) >= (a["h"] + b["h"]) / 2 - 1e-9)
                            assert apart, (width, a, b)
                    assert len({(f["space"], f["mark"]) for f in placed}) == len(placed)
                    fewer += len(placed) < shown["all"]
                    assert not shown["all"] or any(f["best"] for f in placed), f"{width}: no best shown"
        assert fewer  # on the crowded maps some figures are left to the tips


def test_the_progress_bar_fills_with_the_share_of_the_planned_playouts(js):
    """Sequential halving doubles the deals of fewer moves each round: the bar follows the
    playouts played of those planned (``share``), not the deals; without a share, the deals."""
    assert js["out"]["bars"] == [0.25, 0.5, 1.0, None]

