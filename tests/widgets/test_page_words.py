"""What the page says of its keys and its move log, on a notebook's board and on a seat's page at
a table (which may not go back, step or ask for advice: each would only be refused), run in Node."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import touring_widgets as tw

PACKAGE = Path(tw.__file__).parent
SHARED_JS = Path(__file__).parent / "js" / "shared.js"
NODE = shutil.which("node")

SCRIPT = """
const sh = await import(process.argv[1]);
const games = await Promise.all(process.argv.slice(2).map((path) => import(path)));
const hit = { index: 3, story: "seat 1 plays Go (T-GO)" };
const log = [1, 2, 3, 4].map((n) => ({ n, text: `move ${n}`, story: `move ${n}` }));
console.log(JSON.stringify({
  keys: games.map((g) => [sh.keysHelp(g.GAME.keysHelp), sh.keysHelp(g.GAME.keysHelp, false)]),
  tips: [sh.logTip(hit, 5), sh.logTip(hit, 5, false), sh.logTip(hit, 3)],
  back: [true, false].map((back) => sh.footerLayout(800, 400, { message: "", log, back }).log.back),
}));
"""


def run() -> dict:
    assert NODE, "Node.js runs the board's JavaScript in these tests: apt-get install nodejs"
    boards = [str(PACKAGE / game / "ui" / "board.js") for game in ("touring", "on_tour")]
    result = subprocess.run([NODE, "--input-type=module", "-e", SCRIPT, str(SHARED_JS), *boards],
                            capture_output=True, text=True, timeout=60, check=True)
    return json.loads(result.stdout)


def test_the_keys_help_names_the_shared_keys_only_where_they_work():
    out = run()
    (touring, touring_seat), (on_tour, on_tour_seat) = out["keys"]
    shared = "; ←/→ undo and redo, space steps, A shows or hides the advice."
    assert touring.startswith("Keys: 1–6 pick a card") and touring.endswith(shared)
    assert on_tour.startswith("Keys: 1/2 pick a number") and on_tour.endswith(shared)
    # a seat at a table: its own keys, and none that would only be refused
    assert touring_seat == touring.removesuffix(shared) + "."
    assert on_tour_seat == on_tour.removesuffix(shared) + "."


def test_a_log_entry_offers_to_go_back_only_where_the_page_may():
    out = run()
    assert out["tips"] == [
        "Move 3: seat 1 plays Go (T-GO) (click to go back to it)",
        "Move 3: seat 1 plays Go (T-GO)",  # a seat at a table
        "Move 3: seat 1 plays Go (T-GO)",  # the move shown now
    ]
    assert out["back"] == [True, False]  # the log's heading follows
