"""The boards' pure JavaScript (layout, hit-testing, destinations; the shell's rows), run with Node."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import touring_widgets as tw
from touring_widgets.touring.board import TouringBoard

PACKAGE = Path(tw.__file__).parent
BOARD_JS = PACKAGE / "touring" / "board.js"
SHELL_JS = PACKAGE / "widgets" / "shell.js"

NODE = shutil.which("node")

WIDTHS = (360, 420, 700, 1100)

SCRIPT = """
const m = await import(process.argv[1]);
const sh = await import(process.argv[2]);
const data = JSON.parse(process.argv[3]);
const view = data.view;
const out = {};
for (const width of WIDTHS) {
  const top = sh.frameLayout(view, width, { gameTitle: "Touring", title: data.title, choices: data.choices });
  const geo = m.layout(view, width, { top: top.top, cards: data.cards });
  const foot = sh.footerLayout(width, geo.height, { lineLength: data.line.length, log: data.log,
    message: data.message, rule: data.rule, waiting: data.waiting, variations: data.variations });
  out[width] = {
    width: geo.width, height: foot.height, top: top.top, gameHeight: geo.height, wide: geo.wide, cw: geo.cw,
    boxes: geo.boxes, regions: geo.regions, footBoxes: foot.boxes,
    foot: { message: foot.message, log: foot.log && { ...foot.log, entries: undefined }, next: foot.next,
      wait: foot.wait },
    hands: geo.hands.map((h) => ({ seat: h.seat, cw: h.cw })),
    faceUp: geo.faceUp,
    hits: geo.boxes.map((b) => (m.hitTest(geo, b.x + b.w / 2, b.y + b.h / 2) || {}).id),
    footHits: foot.boxes.map((b) => (sh.pick(foot.boxes, b.x + b.w / 2, b.y + b.h / 2) || {}).id),
    miss: m.hitTest(geo, -5, -5),
  };
}
out.dests = m.destinations(data.choices, "go");
const m75 = m.destinations(data.choices, "m75");
out.m75 = m75.map((d) => ({ action: d.action, text: m.describeDestination(view, data.cards, d),
  box: (m.destinationBox(m.layout(view, 700), d) || {}).id }));
out.mine = m75.map((d) => m.describeDestination({ ...view, seat: 0 }, data.cards, d));
out.cycle = [[3, null, 1], [3, null, -1], [3, 2, 1], [3, 0, -1], [3, 1, 1], [0, null, 1]]
  .map(([n, i, step]) => m.cycleIndex(n, i, step));
out.last = (m.lastMoveBox(m.layout(view, 700), data.marks.last) || {}).id;
out.intended = data.intents.map(([card, id]) => {
  const geo = m.layout(view, 700);
  return m.intendedAction(view, data.cards, card, geo.boxes.find((b) => b.id === id));
});
console.log(JSON.stringify(out));
""".replace("WIDTHS", json.dumps(WIDTHS))


def run_js(board, intents=()) -> dict:
    assert NODE, "Node.js runs the board's JavaScript in these tests: apt-get install nodejs"
    names = ("view", "line", "cards", "choices", "log", "message", "rule", "waiting", "variations", "marks",
             "title")
    data = {name: getattr(board, name) for name in names}
    data["intents"] = list(intents)
    result = subprocess.run(
        [NODE, "--input-type=module", "-e", SCRIPT, str(BOARD_JS), str(SHELL_JS), json.dumps(data)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return json.loads(result.stdout)


@pytest.fixture(scope="module")
def geometry():
    g = tw.Touring(players=["human", "greedy", "greedy"], seed=7)
    for _ in range(6):
        g.step()
    board = g.board(seat=None)
    yield board, run_js(board)
    board.close()


def inside(box, width, height) -> bool:
    x, y, w, h = box["x"], box["y"], box["w"], box["h"]
    return x >= 0 and x + w <= width + 0.5 and y >= 0 and y + h <= height


def test_layout_fits_the_width(geometry):
    _, out = geometry
    for width in map(str, WIDTHS):
        geo = out[width]
        assert geo["width"] == int(width)
        for box in geo["boxes"] + geo["regions"] + geo["footBoxes"]:
            assert inside(box, geo["width"], geo["height"]), (width, box)


def test_every_card_and_history_cell_can_be_hit(geometry):
    board, out = geometry
    geo = out["700"]
    for box, hit in zip(geo["boxes"], geo["hits"]):
        if box["kind"] in ("hand", "discard"):
            assert hit == box["id"]
    history = [b for b in geo["footBoxes"] if b["kind"] == "history"]
    assert len(history) == len(board.line) + 1
    assert [b["id"] for b in geo["footBoxes"]] == geo["footHits"]
    hands = {b["id"].split(":")[1] for b in geo["boxes"] if b["kind"] == "hand"}
    assert hands == {"0", "1", "2"}  # the teacher's view lays out every hand
    assert geo["miss"] is None


def test_destinations_come_from_the_structured_choices(geometry):
    board, out = geometry
    go = [c["action"] for c in board.choices if c["card"] == "go"]
    assert sorted(d["action"] for d in out["dests"]) == sorted(go)


def test_destinations_in_words_and_boxes(geometry):
    board, out = geometry
    name = board.cards["m75"]["name"]
    assert out["m75"] == [
        {"action": "play m75", "text": f"Play {name} on the table of seat 0", "box": "m75:0"},
        {"action": "discard m75", "text": f"Discard {name}", "box": "discard"},
    ]
    assert out["mine"] == [f"Play {name} on your table", f"Discard {name}"]


def test_arrow_keys_cycle_through_places_and_wrap(geometry):
    _, out = geometry
    # from nothing chosen: down -> first, up -> last; then wrapping both ways; no places: none
    assert out["cycle"] == [0, 2, 0, 2, 2, None]


def test_the_board_module_reads_no_action_text():
    """Python sends structured choices: the page never parses an action's text."""
    source = BOARD_JS.read_text() + SHELL_JS.read_text()
    assert "parseAction" not in source
    assert "(play|discard)" not in source and "/^discard" not in source


def test_composed_module_has_one_default_export_and_loads():
    """No bundler: Python joins the config, the shell and the game module into one ES module."""
    esm = TouringBoard._esm
    assert isinstance(esm, str) and len(re.findall(r"^export default", esm, re.M)) == 1
    assert esm.index("const CONFIG") < esm.index("export default") < esm.index("export const GAME")
    script = ("const m = await import('data:text/javascript;base64,' + "
              "Buffer.from(process.argv[1]).toString('base64'));"
              "console.log(JSON.stringify([typeof m.default.render, typeof m.GAME.draw, typeof m.layout]));")
    result = subprocess.run([NODE, "--input-type=module", "-e", script, esm], capture_output=True, text=True,
                            timeout=60, check=True)
    assert json.loads(result.stdout) == ["function", "function", "function"]


def test_colours_and_speeds_are_defined_once():
    """The page's colours and speeds come from Python's CONFIG, not from a copy in JavaScript."""
    from touring_widgets.touring.picture import FAMILY
    from touring_widgets.widgets.style import SPEEDS

    source = BOARD_JS.read_text() + SHELL_JS.read_text()
    for ink, paper in FAMILY.values():
        assert ink not in source and paper not in source
    assert "instant" not in source and "slow" not in source  # speed names come with CONFIG.speeds
    config = json.loads(TouringBoard._esm.split("const CONFIG = ", 1)[1].split(";\n", 1)[0])
    assert config["speeds"] == SPEEDS and config["palette"]["families"]["go"] == list(FAMILY["go"])


def test_test_hooks_carry_no_game_name():
    source = SHELL_JS.read_text() + BOARD_JS.read_text()
    assert "touringBoard" not in source and "touring-drawn" not in source
    assert "el.board = " in source and '"board-drawn"' in source
