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

WIDTHS = (360, 420, 640, 760, 800, 1100)
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
    const opts = { top: top.top, atlas: data.atlas, words, tourText: "Your tour: 12",
      buttons: [{ action: "best", label: "Show best tour" }, { action: "tour", label: "Draw a tour" },
        { action: "takeback", label: "↶ Take back 56" }], tableRows: view.players.length === 1 ? 6 : 0 };
    const geo = m.layout(view, width, opts);
    const hits = geo.boxes.map((b) => (m.hitTest(geo, b.x + b.w / 2, b.y + b.h / 2) || {}).id);
    // An enlarged map: the tiles each of its tabs makes targets.
    const panned = geo.big.pans.map((_, pan) => {
      const g = m.layout(view, width, { ...opts, pan });
      return g.boxes.filter((b) => b.kind === "space");
    });
    // ... and the tiles a finger's width (24 px) of which lies in each tab's window.
    const reachable = geo.big.pans.map((_, pan) => {
      const g = m.layout(view, width, { ...opts, pan });
      const win = g.big.geo.window;
      return data.atlas.spaces.filter((s) => {
        const t = m.tileBox(g.big.geo, s.id);
        return Math.min(t.x + t.w, win.x + win.w) - Math.max(t.x, win.x) >= 24;
      }).map((s) => `space:${s.id}`);
    });
    out.layouts[`${view.players.length}|${width}`] = {
      width: geo.width, height: geo.height, boxes: geo.boxes, hits, tile: geo.big.geo.tile, panned, reachable,
      zoomed: geo.big.zoomed, strip: geo.big.geo.strip, window: geo.big.geo.window,
      follow: geo.big.zoomed ? [["WA", "OR"], ["NY", "FL", "GA"], ["CA", "NY", "PA", "VA"]]
        .map((spaces) => m.panFor(geo.big.pans, spaces)) : null,
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
    # Every space is a target: on the map, or (an enlarged map) in the window of one of its tabs.
    if lay["zoomed"]:
        assert {b["id"] for p in lay["panned"] for b in p} == {f"space:{s}" for s in SPACES}
        assert lay["panned"][0] == tiles
        # A tile at the window's edge takes a click wherever a finger's width of it shows.
        assert [sorted(b["id"] for b in p) for p in lay["panned"]] == [sorted(r) for r in lay["reachable"]]
    else:
        assert len(tiles) == len(SPACES) and lay["panned"] == []
    for pan in lay["panned"] or [tiles]:
        for i, a in enumerate(pan):
            for b in pan[i + 1:]:
                assert not overlaps(a, b), (a["id"], b["id"])
            big, win = lay["big"], lay["window"]
            assert big["x"] <= a["x"] and a["x"] + a["w"] <= big["x"] + big["w"] and overlaps(a, big)
            assert win["x"] <= a["x"] and a["x"] + a["w"] <= win["x"] + win["w"], a["id"]
    controls = [b for b in boxes if b["kind"] in ("card", "die", "number", "button", "pan")]
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
def test_every_target_is_touch_sized_and_the_map_legible(js, width):
    """WCAG 2.2's target size: every box a click means something on is 24 x 24 px or more, at every
    width from 360 px; the tiles' words and the region names are 11 px and more."""
    for players in PLAYERS:
        lay = js["out"]["layouts"][f"{players}|{width}"]
        for b in lay["boxes"] + [t for p in lay["panned"] for t in p]:
            assert b["w"] >= 24 and b["h"] >= 24, (players, width, b)
        assert lay["tile"] >= 24, (players, width, lay["tile"])  # its label in 11 px (bold), its number too
        assert round(lay["strip"] * 0.72) >= 11
        # Only where the whole map's tiles would be too small is it enlarged, seen through a window.
        assert lay["zoomed"] == (width < 440), (players, width)


def test_an_enlarged_map_follows_the_lit_spaces(js):
    """The tab that shows the first of the spaces asked for (where the arrow keys start), and of those
    the most: the West for WA and OR, the East for the East coast, the West for CA before the East."""
    assert js["out"]["layouts"]["2|360"]["follow"] == [0, 2, 0]


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


MAP_SCRIPT = """
const m = { ...(await import(process.argv[1])), ...(await import(process.argv[2])) };
const { context: blank } = await import(process.argv[4]);
const data = JSON.parse(process.argv[3]);
const texts = [];
const context = () => blank((text, font) => texts.push([text, Number(/(\\d+)px/.exec(font)[1])]));
globalThis.document = { createElement: () => ({ getContext: () => context() }) };
const c = { dark: false, font: "sans-serif", ink: "#111111", ink2: "#555555", accent: "#1166cc",
  bg: "#ffffff", win: "#22aa44", win_ink: "#ffffff", border: "#cccccc" };
const mc = m.mapColours(c, data.palette);
const api = { ui: {} };
const ink = data.palette.ink;
const out = {};
for (const [name, w, large] of [["big360", 0, true], ["big1100", 640, true], ["thumb", 180, false],
  ["thumb1100", 400, false]]) {
  texts.length = 0;
  const geo = w ? m.mapGeometry(data.atlas, 0, 0, w, { large })
    : m.layout({ players: ["human", "greedy"], seat: 0 }, 360, { atlas: data.atlas }).big.geo;
  m.drawMap(context(), c, geo, data.atlas, data.cells, { api, mc, ink, tours: [], frame: null });
  out[name] = { tile: geo.tile, texts: [...texts] };
}
console.log(JSON.stringify(out));
"""


def test_map_words_are_11_px_and_only_on_tiles_a_finger_can_hit():
    """The large map writes every space's label (and a written space's number) in 11 px and more;
    a small map, whose tiles are too small to hold them, is drawn without words."""
    from touring_widgets.on_tour.board import OnTourBoard

    cells = {"WA": {"mark": 5}, "OR": {"mark": 12, "circled": True}, "CA": {"mark": "X"},
             "ID": {"mark": "star"}}
    data = {"atlas": atlas(), "palette": OnTourBoard.palette, "cells": cells}
    ui = BOARD_JS.parent
    dom = Path(__file__).parent / "js" / "dom.js"
    args = [NODE, "--input-type=module", "-e", MAP_SCRIPT, str(ui / "map.js"), str(ui / "layout.js"),
            json.dumps(data), str(dom)]
    result = subprocess.run(args, capture_output=True, text=True, timeout=60, check=True)
    out = json.loads(result.stdout)
    for name in ("big360", "big1100"):
        texts = out[name]["texts"]
        assert min(size for _, size in texts) >= 11, (name, out[name]["tile"], texts)
        assert {t for t, _ in texts} >= {s["label"] for s in atlas()["spaces"] if s["id"] not in cells}
    assert "OR" in {t for t, _ in out["big1100"]["texts"]}  # a written space keeps its label where it fits
    for name in ("thumb", "thumb1100"):
        assert out[name]["texts"] == [], (name, out[name]["tile"])


WINDOW_SCRIPT = """
const m = { ...(await import(process.argv[1])), ...(await import(process.argv[2])) };
const { context: blank } = await import(process.argv[4]);
const data = JSON.parse(process.argv[3]);
const c = { dark: false, font: "sans-serif", ink: "#111111", ink2: "#555555", accent: "#1166cc",
  bg: "#ffffff", win: "#22aa44", win_ink: "#ffffff", border: "#cccccc" };
const mc = m.mapColours(c, data.palette);
const names = new Set(data.regions);
const out = [];
for (const pan of [0, 1, 2]) {
  const texts = [];
  const context = () => blank((text, font, x, y) => names.has(text) && texts.push({ text, x, y }));
  globalThis.document = { createElement: () => ({ getContext: () => context() }) };
  const geo = m.layout({ players: ["human"], seat: 0 }, 244, { atlas: data.atlas, pan }).big.geo;
  m.drawMap(context(), c, geo, data.atlas, {}, { api: { ui: {} }, mc, ink: data.palette.ink, tours: [],
    frame: null, window: geo.window });
  out.push({ window: geo.window, texts });
}
console.log(JSON.stringify(out));
"""


def test_a_window_onto_the_enlarged_map_names_its_regions_whole():
    """On a phone the map is seen through a window moved by its tabs: the region names along its
    top are moved into view, whole, one apart from another (6 px a character here)."""
    from touring_widgets.on_tour.board import OnTourBoard

    regions = ["WEST", "CENTRAL", "EAST"]
    data = {"atlas": atlas(), "palette": OnTourBoard.palette, "regions": regions}
    ui = BOARD_JS.parent
    dom = Path(__file__).parent / "js" / "dom.js"
    args = [NODE, "--input-type=module", "-e", WINDOW_SCRIPT, str(ui / "map.js"), str(ui / "layout.js"),
            json.dumps(data), str(dom)]
    out = json.loads(subprocess.run(args, capture_output=True, text=True, timeout=60, check=True).stdout)
    for pan, (shown, name) in enumerate(zip(out, regions, strict=True)):
        win, texts = shown["window"], shown["texts"]
        assert name in {t["text"] for t in texts}, pan  # the tab's own region is named
        for t in texts:
            half = len(t["text"]) * 3
            assert win["x"] <= t["x"] - half and t["x"] + half <= win["x"] + win["w"], (pan, t)
        for i, a in enumerate(texts):
            for b in texts[i + 1:]:
                assert abs(a["x"] - b["x"]) >= (len(a["text"]) + len(b["text"])) * 3, (pan, a, b)
