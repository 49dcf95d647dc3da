"""The boards' pure JavaScript (layout, hit-testing, destinations; the shell's rows), run with Node."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import touring_widgets as tw
from touring_widgets.core.text import winners_text
from touring_widgets.touring.board import TouringBoard

from ..colours import contrast

PACKAGE = Path(tw.__file__).parent
BOARD_JS = PACKAGE / "touring" / "ui" / "board.js"
SHELL_JS = Path(__file__).parent / "js" / "shared.js"  # the shared modules' functions


def page_source() -> str:
    """Every module of Touring's page: the shared kit and shell, and the game's own."""
    paths = sorted((PACKAGE / "widgets").rglob("*.js")) + sorted((PACKAGE / "touring" / "ui").glob("*.js"))
    return "".join(path.read_text() for path in paths)

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
    source = page_source()
    assert "parseAction" not in source
    assert "(play|discard)" not in source and "/^discard" not in source


def test_composed_module_has_one_default_export_and_loads():
    """No bundler: Python joins the page's modules, the config first, into one ES module."""
    esm = TouringBoard._esm
    assert isinstance(esm, str) and len(re.findall(r"^export default", esm, re.M)) == 1
    shell = esm.index("export function boardShell")
    assert esm.index("const CONFIG") < shell < esm.index("export const GAME")
    assert not re.search(r"^import ", esm, re.M) and "from \"./" not in esm
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

    source = page_source()
    for ink, paper in FAMILY.values():
        assert ink not in source and paper not in source
    assert "instant" not in source and "slow" not in source  # speed names come with CONFIG.speeds
    config = json.loads(TouringBoard._esm.split("const CONFIG = ", 1)[1].split(";\n", 1)[0])
    assert config["speeds"] == SPEEDS and config["palette"]["families"]["go"] == list(FAMILY["go"])


def test_test_hooks_carry_no_game_name():
    source = page_source()
    assert "touringBoard" not in source and "touring-drawn" not in source
    assert "el.board = " in source and '"board-drawn"' in source


# -- the board as a player meets it: widths, the banner, themes, keys, places --------------------

ALL_WIDTHS = (240, 280, 320, 360, 400, 520, 640, 800, 1100, 1400)

FRAME_SCRIPT = """
const m = await import(process.argv[1]);
const sh = await import(process.argv[2]);
const data = JSON.parse(process.argv[3]);
const out = {};
for (const width of data.widths) {
  const s = { gameTitle: m.GAME.title(data.view), choices: data.choices, title: data.title,
    running: data.running, words: m.GAME.words };
  const top = sh.frameLayout(data.view, width, s);
  const geo = m.layout(data.view, width, { top: top.top, cards: data.cards });
  const foot = sh.footerLayout(width, geo.height, { lineLength: data.line.length, log: data.log,
    message: data.message, rule: data.rule, waiting: data.waiting, variations: data.variations });
  const frame = ["caption", "header", "teacher", "banner"].filter((k) => top[k])
    .map((k) => ({ id: k, x: top[k].x, y: top[k].y, w: top[k].w, h: top[k].h }));
  out[width] = { frame, regions: geo.regions, boxes: geo.boxes, foot: foot.boxes, height: foot.height,
    cw: geo.cw,
    hands: geo.hands.map((h) => h.cw), faceUp: geo.faceUp.lines,
    status: sh.statusText({ ...s, view: data.view }),
    banner: top.banner ? top.banner.text : null };
}
out.seatNames = [0, 1].map((s) => m.seatName(data.view, s));
out.calls = m.symbolCalls("gasoline").map((c) => c[0]);
out.badges = m.cardBadgeColours({ card_badge: "#111", card_badge_ink: "#eee", ink: "#fff", bg: "#000" });
out.passes = data.keys.map((k) => sh.passesThrough(k));
console.log(JSON.stringify(out));
"""


def frame_js(board, widths=ALL_WIDTHS, keys=(), **overrides) -> dict:
    names = ("view", "line", "cards", "choices", "log", "message", "rule", "waiting", "variations", "title")
    data = {name: getattr(board, name) for name in names}
    data.update(widths=list(widths), keys=list(keys), running=board.autoplay)
    data.update(overrides)
    result = subprocess.run(
        [NODE, "--input-type=module", "-e", FRAME_SCRIPT, str(BOARD_JS), str(SHELL_JS), json.dumps(data)],
        capture_output=True, text=True, timeout=60, check=True,
    )
    return json.loads(result.stdout)


def overlaps(a, b) -> bool:
    apart_x = a["x"] + a["w"] <= b["x"] or b["x"] + b["w"] <= a["x"]
    apart_y = a["y"] + a["h"] <= b["y"] or b["y"] + b["h"] <= a["y"]
    return not (apart_x or apart_y)


@pytest.fixture(scope="module")
def finished():
    """A three-player game played to the end, seen by the teacher: banner, every hand, face-up cards."""
    g = tw.Touring(players=["human", "greedy", "greedy"], seed=5).play()
    board = g.board(seat=None)
    board.message = "Illegal: 'play m75': 75 Miles cannot be played: a long refusal to wrap over lines (T-GO)"
    board.rule = "T-GO"
    yield board, frame_js(board)
    board.close()


def test_fits_every_width_down_to_360_without_overlaps(finished):
    """No 420 px minimum: at any width nothing leaves the canvas or overlaps."""
    _, out = finished
    for width in map(str, ALL_WIDTHS):
        geo = out[width]
        drawn = geo["frame"] + geo["regions"] + geo["foot"]
        for box in drawn:
            assert inside(box, int(width), geo["height"]), (width, box)
        for i, a in enumerate(drawn):
            for b in drawn[i + 1:]:
                assert not overlaps(a, b), (width, a, b)


def test_every_target_is_touch_sized_from_360_px(finished):
    """WCAG 2.2's target size: from a 360 px board up, every box a click means something on (places,
    cards, piles, the history strip's cells, the variations' chips) is 24 x 24 px or more, and the
    history's cells do not overlap. (The move log's rows are widgets/js/log.js's, left for its change.)"""
    board, _ = finished
    out = frame_js(board, widths=[w for w in ALL_WIDTHS if w >= 360],
                   variations=[{"index": 0, "at": 3, "moves": 5, "first": "Seat 1 plays Go"}])
    for width, geo in out.items():
        if not width.isdigit():
            continue
        targets = [b for b in geo["boxes"] + geo["foot"] if b["kind"] != "log"]
        assert {"history", "variation", "hand", "column", "discard"} <= {b["kind"] for b in targets}
        for b in targets:
            assert b["w"] >= 24 and b["h"] >= 24, (width, b)
        cells = [b for b in targets if b["kind"] == "history"]
        assert len(cells) == len(board.line) + 1
        for i, a in enumerate(cells):
            for b in cells[i + 1:]:
                assert not overlaps(a, b), (width, a, b)


def test_cards_stay_legible_at_every_width(finished):
    """Even the board JupyterLab leaves in a 360 px window (about 240 px) keeps cards 42 px wide."""
    _, out = finished
    for width in map(str, ALL_WIDTHS):
        assert out[width]["cw"] >= 42 and min(out[width]["hands"]) >= 42, width
    assert out["1400"]["cw"] == 78


def test_the_win_banner_has_a_row_of_its_own(finished):
    board, out = finished
    for width in map(str, ALL_WIDTHS):
        banner = next(b for b in out[width]["frame"] if b["id"] == "banner")
        assert all(not overlaps(banner, r) for r in out[width]["regions"])
    won = board.view["winners"]
    assert out["800"]["banner"] == (f"Seat {won[0]} wins!" if len(won) == 1 else
                                    winners_text(won))


def test_every_face_up_card_is_listed(finished):
    board, out = finished
    face_up = board.view["discard_face_up"]
    names = {board.cards[c]["name"] for c in face_up}
    assert len(face_up) >= 4
    for width in ("360", "1400"):
        text = " ".join(out[width]["faceUp"])
        assert all(name in text for name in names) and "…" not in text


def test_you_is_a_human_seat_seen_from_its_own_board():
    g = tw.Touring(players=["human", "greedy"], seed=7)
    mine, bots = g.board(seat=0), g.board(seat=1)
    assert frame_js(mine, widths=(800,))["seatNames"] == ["Seat 0 · human (you)", "Seat 1 · greedy"]
    assert frame_js(bots, widths=(800,))["seatNames"] == ["Seat 0 · human", "Seat 1 · greedy (this view)"]
    mine.close()
    bots.close()


def test_the_header_says_play_to_end_is_running():
    g = tw.Touring(players=["human", "greedy"], seed=7)
    board = g.board(seat=0)
    status = frame_js(board, widths=(800,), running="end")["800"]["status"]
    assert "Your move" not in status and status.startswith("Play to end")
    assert frame_js(board, widths=(800,))["800"]["status"] == "Your move, seat 0: pick a card"
    board.close()


def test_T_TURN_a_bots_seat_seen_from_its_chair_is_not_your_move():
    """Viewed from a bot's seat, the board may play for it, as the teacher may: the header and the
    waiting line both say whose move it is and that its policy can play it."""
    g = tw.Touring(players=["greedy", "human"], seed=7)
    board = g.board(seat=0)
    assert board.choices and g.turn == 0
    assert frame_js(board, widths=(800,))["800"]["status"] == "Seat 0 (greedy) to move: pick one of its cards"
    said = "Seat 0 (greedy) is to move: pick one of its cards, or let its policy play."
    assert board.waiting == {"text": said, "button": "▶ Seat 0 plays"}
    board.close()


def test_the_gasoline_window_is_painted_not_cut_out(geometry):
    board, _ = geometry
    calls = frame_js(board, widths=(800,))["calls"]
    assert "clearRect" not in calls and calls.count("fillRect") == 2


def test_badges_on_cards_are_dark_on_light_in_every_theme(geometry):
    board, _ = geometry
    assert frame_js(board, widths=(800,))["badges"] == {"fill": "#111", "ink": "#eee"}
    from touring_widgets.touring.picture import FAMILY
    from touring_widgets.widgets.style import COLOURS

    badge = COLOURS["card_badge"]
    assert contrast(badge, COLOURS["card_badge_ink"]) >= 7  # the number on its badge
    for _ink, paper in FAMILY.values():
        assert contrast(badge, paper) >= 7  # the badge on every card's paper, whatever the theme


def test_only_the_boards_own_keys_are_taken(geometry):
    board, _ = geometry
    keys = [{"key": "s", "ctrlKey": True}, {"key": "b", "ctrlKey": True}, {"key": "s", "metaKey": True},
            {"key": "Tab"}, {"key": "Enter", "shiftKey": True}, {"key": "F5"},
            {"key": "a"}, {"key": "ArrowLeft"}, {"key": "Enter"}, {"key": "1"},
            {"key": "D", "shiftKey": True}]
    assert frame_js(board, widths=(800,), keys=keys)["passes"] == [True] * 6 + [False] * 5


def test_a_loss_lights_and_outlines_the_pile_it_takes_from():
    g = tw.Touring(players=["greedy", "greedy"], seed=0)
    for _ in range(35):
        g.step()
    board = g.board(seat=None)
    out = run_js(board)
    spring = [d for d in board.choices if d["card"] == "broken_spring" and d["kind"] == "play"]
    assert spring and all(d["column"] == "m50" for d in spring)
    g.step("play broken_spring on 0")
    assert run_js(board)["last"] == "m50:0"
    assert out["last"] != "go:0"
    board.close()


def test_a_click_on_a_dark_place_asks_python_about_that_move():
    g = tw.Touring(players=["human", "greedy"], seed=7)
    board = g.board(seat=0)
    out = run_js(board, intents=[("m75", "row:0"), ("broken_spring", "row:0"), ("broken_spring", "row:1"),
                                 ("go", "discard"), ("go", "draw")])
    assert out["intended"] == ["play m75", "play broken_spring on 0", "play broken_spring on 1", "discard go",
                               None]
    board.close()


STORY_SCRIPT = """
const sh = await import(process.argv[1]);
const data = JSON.parse(process.argv[2]);
const out = {};
const story = sh.storyOf(data.log, data.position);
for (const message of ["", "Refused: the card is not in your hand (T-HAND)."]) {
  const foot = sh.footerLayout(360, 0, { lineLength: data.position, log: data.log, message, story,
    rule: message ? "T-HAND" : "", waiting: {}, variations: [] });
  out[message ? "refusal" : "quiet"] = { lines: foot.message.lines, story: foot.message.story,
    badge: foot.message.badgeW > 0, logBoxes: foot.boxes.filter((b) => b.kind === "log")
      .map((b) => ({ index: b.index, story: b.story })) };
}
out.story = story;
out.before = sh.storyOf(data.log, data.position - 1);
console.log(JSON.stringify(out));
"""


def test_t_view_the_message_line_tells_the_last_move_with_its_rules_unless_the_board_says_more():
    """The current move's sentence (``g.explain()``) fills the message line at 360 px; a refusal
    takes its place; each log entry is a box whose hover tells its sentence and whose click goes back."""
    g = tw.Touring(players=["human", "greedy"], seed=7)
    board = g.board(seat=0)
    g.step("play go")
    g.step()
    data = {"log": board.log, "position": board.position}
    command = [NODE, "--input-type=module", "-e", STORY_SCRIPT, str(SHELL_JS), json.dumps(data)]
    result = subprocess.run(command,
                            capture_output=True, text=True, check=True, timeout=60)
    out = json.loads(result.stdout)
    assert out["story"] == board.story == g.explain(seat=0)[-1] and "T-TURN" in out["story"]
    assert out["before"] == ""  # the newest entry is not the cursor's move: nothing to tell
    quiet, refusal = out["quiet"], out["refusal"]
    assert quiet["story"] and " ".join(quiet["lines"]).startswith(out["story"][:30])
    assert not quiet["badge"] and len(quiet["lines"]) >= 2
    assert refusal["lines"][0].startswith("Refused") and refusal["badge"] and not refusal["story"]
    assert quiet["logBoxes"] == [{"index": 2, "story": g.explain(seat=0)[1]},
                                 {"index": 1, "story": g.explain(seat=0)[0]}]
    board.close()
