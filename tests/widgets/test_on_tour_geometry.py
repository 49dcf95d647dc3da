"""The On Tour board's pure JavaScript (decoding, the turn's choices, layout, hit-testing), run with Node."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

import touring_widgets as tw
from touring_widgets.on_tour.facts import SPACES
from touring_widgets.on_tour.moves import writing_shape
from touring_widgets.on_tour.picture import atlas, turn_words
from touring_widgets.on_tour.session import TURN_WORDS, choice_groups, compact_view, turn_shape_words
from touring_widgets.on_tour.view import view

PACKAGE = Path(tw.__file__).parent
BOARD_JS = PACKAGE / "on_tour" / "ui" / "board.js"
SHELL_JS = Path(__file__).parent / "js" / "shared.js"  # the shared modules' functions
NODE = shutil.which("node")

WIDTHS = (360, 420, 640, 800, 1100)
PLAYERS = (1, 2, 4, 8)

SCRIPT = """
const m = await import(process.argv[1]);
const sh = await import(process.argv[2]);
const data = JSON.parse(await new Promise((resolve) => {
  let text = "";
  process.stdin.on("data", (chunk) => { text += chunk; });
  process.stdin.on("end", () => resolve(text));
}));
const out = {};
const ids = data.atlas.spaces.map((s) => s.id);
out.decoded = data.maps.map((code) => m.decodeMap(code, ids));
out.expanded = data.turns.map((groups) => m.expandChoices(groups));
out.second = data.turns.map((raw) => {
  const groups = m.splitChoices(raw);
  const firsts = m.firstMarks(groups);
  const lit = [...m.litFirst(groups, firsts[0])];
  if (!lit.length) return null;
  const first = { mark: firsts[0], space: lit[0] };
  const sec = m.litSecond(groups, first);
  const t = [...sec.spaces][0];
  const marks = sec.spaces.size ? [first, { mark: m.secondMarkAt(groups, first, t), space: t }] : [first];
  return { first, needs: m.needsSecond(groups, first), mark: sec.mark, spaces: [...sec.spaces].sort(),
    action: m.actionText(0, marks) };
});
out.layouts = {};
for (const view of data.views) {
  for (const width of data.widths) {
    const top = sh.frameLayout(view, width, { gameTitle: "On Tour", choices: [] });
    const words = "Write 56 and 65: pick a number, then a lit space; the other goes in a lit space of " +
      "another card.";
    const geo = m.layout(view, width, { top: top.top, atlas: data.atlas, words, tourText: "Your tour: 12",
      buttons: [{ action: "best", label: "Show best tour" }, { action: "tour", label: "Draw a tour" },
        { action: "takeback", label: "↶ Take back 56" }], tableRows: view.players.length === 1 ? 6 : 0 });
    const hits = geo.boxes.map((b) => (m.hitTest(geo, b.x + b.w / 2, b.y + b.h / 2) || {}).id);
    out.layouts[`${view.players.length}|${width}`] = {
      width: geo.width, height: geo.height, boxes: geo.boxes, hits, tile: geo.big.geo.tile,
      big: { x: geo.big.geo.x, y: geo.big.geo.y, w: geo.big.geo.w, h: geo.big.geo.h },
      smalls: geo.smalls.map((s) => ({ seat: s.seat, x: s.box.x, y: s.box.y, w: s.box.w, h: s.box.h })),
      labels: m.regionLabels(data.atlas, geo.big.geo), side: geo.side,
      words: geo.turn.words, table: geo.table,
    };
  }
}
out.words = data.wordViews.map((v) => m.turnWords(v));
out.asks = data.asks.map(([shape, v]) => m.turnAsks(data.templates, shape, v));
out.mix = m.mix("#000000", "#ffffff", 0.5);
out.marks = [m.markText(5), m.markText("star"), m.markText("X"), m.markWord(5), m.markWord("star")];
out.big = [m.bigSeat({ seat: 2, turn: 0 }), m.bigSeat({ seat: null, turn: 3 }),
  m.bigSeat({ seat: null, turn: null, winners: [4] })];
const api = (v) => ({ view: () => v, gone: () => "", model: { get: () => undefined }, choices: () => [{}],
  ui: {} });
out.status = data.statusViews.map((v) => m.GAME.status(api(v)));
console.log(JSON.stringify(out));
"""


def run_js(data: dict) -> dict:
    assert NODE, "Node.js runs the board's JavaScript in these tests: apt-get install nodejs"
    result = subprocess.run(
        [NODE, "--input-type=module", "-e", SCRIPT, str(BOARD_JS), str(SHELL_JS)],
        input=json.dumps(data), capture_output=True, text=True, timeout=120, check=True,
    )
    return json.loads(result.stdout)


def turns_of_every_shape() -> list[tuple[str, object]]:
    from touring_widgets.on_tour.bots import POLICIES

    seen: dict[str, object] = {}
    for rules in (tw.on_tour.Rules(), tw.on_tour.Rules(forced_x_only=False)):
        for seed in range(30):
            state = tw.on_tour.new_game(1, seed, rules)
            while not state.over:
                seen.setdefault(writing_shape(state, 0)[0], state)
                state = tw.on_tour.apply(state, POLICIES["random"](state, 0))
    return sorted(seen.items())


@pytest.fixture(scope="module")
def js():
    turns = turns_of_every_shape()
    views = []
    for n in PLAYERS:
        o = tw.OnTour(players=["human"] + ["greedy"] * (n - 1), seed=4)
        for _ in range(6 * n):
            o.step()
        views.append(compact_view(o, 0))
    done = tw.OnTour(players=2, seed=5).play()
    duo = tw.OnTour(players=["human", "greedy"], seed=3)
    word_views = [view(state, 0) for _, state in turns] + [done.view(0)]
    data = {
        "atlas": atlas(), "maps": compact_view(done, 0)["maps"], "widths": list(WIDTHS), "views": views,
        "turns": [choice_groups(state, 0) for _, state in turns],
        "wordViews": word_views, "templates": TURN_WORDS,
        "asks": [[shape, view(state, 0)] for shape, state in turns],
        "statusViews": [compact_view(duo, seat) for seat in (0, 1, None)],
    }
    return {"out": run_js(data), "turns": turns, "done": done, "word_views": word_views}


def overlaps(a: dict, b: dict, gap: float = 0) -> bool:
    return (a["x"] < b["x"] + b["w"] + gap and b["x"] < a["x"] + a["w"] + gap
            and a["y"] < b["y"] + b["h"] + gap and b["y"] < a["y"] + a["h"] + gap)


def test_maps_decode_as_python_wrote_them(js):
    done = js["done"]
    for seat, decoded in enumerate(js["out"]["decoded"]):
        for sid in SPACES:
            cell = done.map(seat)[sid]
            got = decoded[sid]
            assert got is not None and got["circled"] == cell[1]
            assert got["mark"] == cell[0]


def test_the_page_expands_the_groups_to_exactly_the_legal_writings(js):
    assert {shape for shape, _ in js["turns"]} >= {"two", "star", "xone", "two_any", "one_any", "free"}
    for (shape, state), expanded in zip(js["turns"], js["out"]["expanded"]):
        legal = sorted({", ".join(sorted(str(a.with_seat(None)).split(", ")))
                        for a in tw.on_tour.legal_actions(state, 0)})
        assert expanded == legal, shape


def test_a_first_mark_then_its_second_make_a_legal_writing(js):
    for (shape, state), second in zip(js["turns"], js["out"]["second"]):
        if second is None:
            continue
        assert tw.on_tour.is_legal(state, second["action"]), (shape, second)
        assert second["needs"] == bool(second["spaces"]), shape
        assert second["first"]["space"] not in second["spaces"]


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("width", WIDTHS)
def test_layouts_fit_and_nothing_overlaps(js, players, width):
    lay = js["out"]["layouts"][f"{players}|{width}"]
    assert lay["width"] == width
    boxes = lay["boxes"]
    for b in boxes:
        assert b["x"] >= 0 and b["x"] + b["w"] <= width + 0.5, b["id"]
    # Every box is what a click on its middle hits (tiles: their own space).
    assert lay["hits"] == [b["id"] for b in boxes]
    tiles = [b for b in boxes if b["kind"] == "space"]
    assert len(tiles) == len(SPACES)
    for i, a in enumerate(tiles):
        for b in tiles[i + 1:]:
            assert not overlaps(a, b), (a["id"], b["id"])
        big = lay["big"]
        assert big["x"] <= a["x"] and a["x"] + a["w"] <= big["x"] + big["w"] and overlaps(a, big)
    controls = [b for b in boxes if b["kind"] in ("card", "die", "number", "button")]
    for i, a in enumerate(controls):
        for b in controls[i + 1:]:
            assert not overlaps(a, b), (a["id"], b["id"])
        assert a["y"] + a["h"] <= lay["big"]["y"], a["id"]
    maps = [lay["big"], *lay["smalls"]]
    assert len(lay["smalls"]) == players - 1
    for i, a in enumerate(maps):
        for b in maps[i + 1:]:
            assert not overlaps(a, b), (a, b)
    if lay["table"]:
        assert all(lay["table"]["y"] >= m["y"] + m["h"] for m in maps)
    assert lay["height"] >= max(m["y"] + m["h"] for m in maps)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_large_map_stays_legible(js, width):
    for players in PLAYERS:
        lay = js["out"]["layouts"][f"{players}|{width}"]
        assert lay["tile"] >= 18, (players, width, lay["tile"])  # numbers at 8 px and more


def test_eight_players_fit_beside_the_large_map_on_a_wide_board(js):
    lay = js["out"]["layouts"]["8|1100"]
    assert lay["side"] and lay["height"] < 1000
    assert all(s["x"] > lay["big"]["x"] + lay["big"]["w"] for s in lay["smalls"])


def test_region_names_sit_on_the_map_edges(js):
    lay = js["out"]["layouts"]["2|800"]
    big = lay["big"]
    labels = {label["region"]: label for label in lay["labels"]}
    assert set(labels) == {"North", "South", "West", "Central", "East"}
    assert labels["West"]["x"] < labels["Central"]["x"] < labels["East"]["x"]
    assert labels["North"]["y"] < labels["South"]["y"]
    for label in labels.values():
        assert big["x"] <= label["x"] <= big["x"] + big["w"] and big["y"] <= label["y"] <= big["y"] + big["h"]


def test_small_helpers(js):
    out = js["out"]
    assert out["mix"] == "#808080"
    assert out["marks"] == ["05", "★", "X", "05", "star"]
    assert out["big"] == [2, 3, 4]


def test_the_page_words_the_turn_as_python_does(js):
    """The turn in words is drawn by the page and by the picture: the same sentence, every kind of turn."""
    assert js["out"]["words"] == [turn_words(v) for v in js["word_views"]]
    for (shape, state), asks in zip(js["turns"], js["out"]["asks"]):
        assert asks == {k: turn_shape_words(state, 0)[k] for k in ("text", "rule")}, shape


def test_O_WRITE_the_header_says_your_turn_only_to_a_human_seat(js):
    """A board seen from a bot's seat may write for it, as the teacher's may: its header names the
    seat and its policy instead of saying "Your turn"."""
    human, bot, teacher = js["out"]["status"]
    numbers = human.split("write ")[1]
    assert human == f"Your turn, seat 0: write {numbers}"
    assert bot == f"Seat 1 (greedy) to write: write {numbers}"
    assert teacher == f"Seat 0 (human) to write: write {numbers}"
