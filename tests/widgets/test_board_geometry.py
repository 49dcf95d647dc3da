"""The board's pure JavaScript functions (layout, hit-testing, destinations), run with Node."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

import touring_widgets as tw

BOARD_JS = Path(tw.__file__).parent / "touring" / "board.js"

NODE = shutil.which("node")

SCRIPT = """
const m = await import(process.argv[1]);
const data = JSON.parse(process.argv[2]);
const view = { ...data.view, _lineLength: data.line.length };
const out = {};
for (const width of [420, 700, 1100]) {
  const geo = m.layout(view, width);
  out[width] = {
    width: geo.width, height: geo.height,
    boxes: geo.boxes,
    hits: geo.boxes.map((b) => (m.hitTest(geo, b.x + b.w / 2, b.y + b.h / 2) || {}).id),
    miss: m.hitTest(geo, -5, -5),
  };
}
out.dests = m.destinations(view, data.cards, data.legal, "go");
out.parsed = data.legal.map(m.parseAction);
const m75 = m.destinations(view, data.cards, data.legal, "m75");
out.m75 = m75.map((d) => ({ action: d.action, text: m.describeDestination(view, data.cards, d),
  box: (m.destinationBox(m.layout(view, 700), d) || {}).id }));
out.mine = m75.map((d) => m.describeDestination({ ...view, seat: 0 }, data.cards, d));
out.cycle = [[3, null, 1], [3, null, -1], [3, 2, 1], [3, 0, -1], [3, 1, 1], [0, null, 1]]
  .map(([n, i, step]) => m.cycleIndex(n, i, step));
console.log(JSON.stringify(out));
"""


def run_js(board) -> dict:
    assert NODE, "Node.js runs the board's JavaScript in these tests: apt-get install nodejs"
    data = {"view": board.view, "line": board.line, "cards": board.cards, "legal": board.legal}
    result = subprocess.run(
        [NODE, "--input-type=module", "-e", SCRIPT, str(BOARD_JS), json.dumps(data)],
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


def test_layout_fits_the_width(geometry):
    _, out = geometry
    for width in ("420", "700", "1100"):
        geo = out[width]
        assert geo["width"] == int(width)
        for box in geo["boxes"]:
            assert box["x"] >= 0 and box["x"] + box["w"] <= geo["width"] + 0.5, box
            assert box["y"] >= 0 and box["y"] + box["h"] <= geo["height"], box


def test_every_card_and_history_cell_can_be_hit(geometry):
    board, out = geometry
    geo = out["700"]
    for box, hit in zip(geo["boxes"], geo["hits"]):
        if box["kind"] in ("hand", "history", "discard"):
            assert hit == box["id"]
    history = [b for b in geo["boxes"] if b["kind"] == "history"]
    assert len(history) == len(board.line) + 1
    hands = {b["id"].split(":")[1] for b in geo["boxes"] if b["kind"] == "hand"}
    assert hands == {"0", "1", "2"}  # the teacher's view lays out every hand
    assert geo["miss"] is None


def test_destinations_come_from_the_legal_list(geometry):
    board, out = geometry
    go = [a for a in board.legal if a.split()[1:2] == ["go"]]
    assert sorted(d["action"] for d in out["dests"]) == sorted(go)
    assert all(p is not None for p in out["parsed"])


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
