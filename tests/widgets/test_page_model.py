"""Each game's page module run in Node against a stand-in for anywidget's model (get, set, on, off,
send, save_changes) and a stand-in browser: it renders, takes the state Python publishes, and a
click on a choice sends the move with the revision it was made at."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import touring_widgets as tw
from touring_widgets.widgets.page import config_module

from .page import Page

PACKAGE = Path(tw.__file__).parent
RUN_PAGE = Path(__file__).parent / "js" / "run_page.js"
NODE = shutil.which("node")
WIDTH = 800


def published(board) -> dict:
    """The traits Python publishes to the page, as the model holds them."""
    return {name: value for name, value in board.get_state().items() if not name.startswith("_")}


def composed(board, tmp_path: Path) -> Path:
    """The one module anywidget loads for ``board``."""
    path = tmp_path / "board.mjs"
    path.write_text(board._esm)
    return path


def served(board, tmp_path: Path) -> Path:
    """The page's modules as a server hands them out, one file each, config.js filled in."""
    root = tmp_path / "served"
    game = Path(type(board).game_module).parent
    for folder in (PACKAGE / "widgets" / "js", game):
        shutil.copytree(folder, root / folder.relative_to(PACKAGE))
    config = board._esm.split("export const CONFIG = ", 1)[1].split(";\n", 1)[0]
    (root / "widgets" / "js" / "config.js").write_text(config_module(json.loads(config)))
    return root / game.relative_to(PACKAGE) / "board.js"


def run_page(module: Path, steps: list[dict]) -> dict:
    assert NODE, "Node.js runs the board's JavaScript in these tests: apt-get install nodejs"
    result = subprocess.run([NODE, str(RUN_PAGE), str(module)], capture_output=True, text=True, timeout=120,
                            input=json.dumps({"width": WIDTH, "steps": steps}), check=False)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


SOURCES = {"composed": composed, "served": served}


def touring_move(board) -> tuple[str, str, str]:
    """A legal move of the board's seat, the hand card to click and the place to click for it."""
    hand = next(h for h in board.view["hands"] if h["seat"] == 0)["cards"]
    for choice in board.choices:
        place = "discard" if choice["column"] == "discard" else f"{choice['column']}:{choice['team']}"
        target = "discard" if place == "discard" else f"row:{choice['team']}"
        same = [c for c in board.choices if c["card"] == choice["card"]
                and ("discard" if c["column"] == "discard" else f"row:{c['team']}") == target]
        if len(same) == 1:
            return choice["action"], f"hand:0:{hand.index(choice['card'])}", place
    raise AssertionError("no move with one place")


@pytest.mark.parametrize("source", SOURCES)
def test_touring_page_renders_takes_the_state_and_sends_a_clicked_move(source, tmp_path):
    g = tw.Touring(players=["human", "greedy"], seed=7)
    board = g.board(seat=0, speed="instant")
    action, card, place = touring_move(board)
    out = run_page(SOURCES[source](board, tmp_path),
                   [{}, {"state": published(board)}, {"click": card}, {"click": place}])
    empty, fed, picked, played = out["steps"]
    assert empty["sent"] == [{"type": "hello"}] and empty["data"]["legal"] == "0"
    assert fed["data"]["revision"] == str(board.revision) and fed["data"]["legal"] == str(len(board.choices))
    assert {"hand:0:0", "discard", "hist:0"} <= set(fed["boxes"])
    assert picked["clicked"] and picked["sent"] == empty["sent"]
    assert picked["data"]["selected"] == card.split(":")[2]
    assert played["clicked"]
    assert played["sent"][-1] == {"type": "act", "action": action, "revision": board.revision}
    assert action in {str(a) for a in g.legal_actions()}
    assert out["listening"] == 0 and out["board"] == "gone"  # the cleanup lets go of the model
    board.close()


@pytest.mark.parametrize("source", SOURCES)
def test_on_tour_page_writes_a_clicked_number_in_a_lit_space(source, tmp_path):
    o = tw.OnTour(players=["human", "greedy"], seed=7)
    board = o.board(seat=0, speed="instant")
    steps = [{}, {"state": published(board)}, {"click": "number:0"}, {"clickLit": True},
             {"clickLit": True}]
    out = run_page(SOURCES[source](board, tmp_path), steps)
    empty, fed, picked, first, second = out["steps"]
    assert empty["sent"] == [{"type": "hello"}]
    assert fed["data"]["revision"] == str(board.revision) and fed["data"]["big"] == "0"
    assert picked["data"]["pick"] and picked["data"]["lit"]
    # half a writing stays on the page: nothing is sent until it is complete
    assert first["clicked"] and first["data"]["placed"] and len(first["sent"]) == 1
    sent = second["sent"][-1]
    assert second["clicked"] and sent["type"] == "act" and sent["revision"] == board.revision
    assert sent["action"].startswith("p0: ") and sent["action"] in {str(a) for a in o.legal_actions()}
    assert out["listening"] == 0
    board.close()


def test_on_tour_page_tells_a_screen_reader_the_keys_of_the_turn(tmp_path):
    """A star turn has one mark to pick, the star: the canvas's description says so."""
    o = tw.OnTour(players=["human"], seed=3)
    while not o.state.star_turn:
        o.step()
    board = o.board(seat=0, speed="instant")
    star = run_page(composed(board, tmp_path), [{"state": published(board)}])["steps"][0]["label"]
    o.step()
    while o.state.star_turn:
        o.step()
    board.close()
    board = o.board(seat=0, speed="instant")
    numbers = run_page(composed(board, tmp_path), [{"state": published(board)}])["steps"][0]["label"]
    assert "Press 1 to pick the star, arrows up and down to choose a lit space" in star
    assert "1 or 2" not in star
    assert "Press 1 or 2 to pick a number, arrows up and down to choose a lit space" in numbers
    board.close()


def test_a_stale_page_sends_the_revision_it_saw(tmp_path):
    """A move clicked on an old position carries the old revision, for Python to refuse."""
    g = tw.Touring(players=["human", "greedy"], seed=7)
    board = g.board(seat=0, speed="instant")
    action, card, place = touring_move(board)
    state = published(board)
    out = run_page(composed(board, tmp_path), [{"state": state}, {"state": {**state, "revision": 41}},
                                                {"click": card}, {"click": place}])
    assert out["steps"][-1]["sent"][-1] == {"type": "act", "action": action, "revision": 41}
    board.close()


# -- the page's modules, one by one and joined -----------------------------------------------------

MODULES = sorted([*(PACKAGE / "widgets").rglob("*.js"), *PACKAGE.glob("*/ui/*.js")])


def test_every_module_of_the_page_is_a_module_node_imports_on_its_own():
    script = ("for (const path of process.argv.slice(1)) await import(path);\n"
              "console.log(process.argv.length - 1);")
    result = subprocess.run([NODE, "--input-type=module", "-e", script, *map(str, MODULES)],
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    assert int(result.stdout) == len(MODULES) >= 30
    assert all(len(path.read_text().splitlines()) < 600 for path in MODULES)


def write(folder: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (folder / name).write_text(text)
    return folder / next(iter(files))


def test_joined_each_module_comes_once_after_the_modules_it_imports(tmp_path):
    from touring_widgets.widgets.page import compose_esm

    entry = write(tmp_path, {
        "entry.js": 'import { x } from "./x.js";\nimport { y } from "./y.js";\nexport default { x, y };\n',
        "x.js": 'import { z } from "./z.js";\nexport const x = z + 1;\n',
        "y.js": 'import {\n  z,\n} from "./z.js";\nexport const y = z + 2;\nexport { y as why };\n',
        "z.js": "export const z = 1;\n",
    })
    esm = compose_esm(entry, {})
    assert esm.count("export const z") == 1 and not re.search("^(import|export {)", esm, re.M)
    assert esm.index("const z") < esm.index("const x") < esm.index("const y") < esm.index("export default")


@pytest.mark.parametrize(("files", "said"), [
    ({"a.js": 'import { b } from "./b.js";\nexport const a = 1;\n',
      "b.js": 'import { a } from "./a.js";\nexport const b = 2;\n'}, "circle: a.js -> b.js -> a.js"),
    ({"a.js": 'import { b } from "lodash";\n'}, "only relative imports"),
    ({"a.js": 'import { b as c } from "./b.js";\n', "b.js": "export const b = 1;\n"}, "renamed"),
    ({"a.js": 'import * as b from "./b.js";\n', "b.js": "export const b = 1;\n"}, "only `import {...} from`"),
    ({"a.js": 'import { b } from "./gone.js";\n'}, "does not exist"),
    ({"a.js": 'import { b } from "./b.js";\nfunction b() {}\n', "b.js": "export const b = 1;\n"},
     "b is declared by both"),
])
def test_joining_refuses_what_one_module_cannot_hold(tmp_path, files, said):
    from touring_widgets.widgets.page import compose_esm

    with pytest.raises(ValueError, match=re.escape(said)):
        compose_esm(write(tmp_path, files), {})


# -- what the boards say: a mode always said with its way out, refusals alike ---------------------

def on_tour_at_turn(turns: int = 16):
    o = tw.OnTour(players=["human", "greedy"], seed=7)
    for _ in range(turns):
        o.step()
    return o, o.board(seat=0, speed="instant")


def test_on_tour_a_number_picked_while_drawing_a_tour_ends_the_drawing(tmp_path):
    """A click never means two things: a number chip is for writing, so it ends drawing mode (and
    says so), and the next click on a lit space writes there instead of going into the tour."""
    _, board = on_tour_at_turn()
    out = run_page(composed(board, tmp_path), [{"state": published(board)}, {"click": "button:tour"},
                                                {"click": "number:0"}, {"clickLit": True}])
    _, drawing, picked, placed = out["steps"]
    assert drawing["data"]["mode"] == "tour"
    assert drawing["said"].startswith("Drawing a tour: click spaces in order")
    assert "Done drawing or Esc: back to writing" in drawing["said"]
    assert picked["data"]["mode"] == "write" and picked["data"]["pick"] and picked["data"]["lit"]
    assert picked["said"].startswith("Stopped drawing. ") and "lit space" in picked["said"]
    assert placed["clicked"] and placed["data"]["placed"]  # written there, not drawn into a tour
    assert all(m["type"] != "tour" for m in placed["sent"])
    board.close()


def test_on_tour_drawing_mode_says_itself_and_how_to_leave_after_every_answer(tmp_path):
    """The message line names the mode and its way out with every answer; Clear keeps drawing and
    says so; Esc and Done drawing go back to writing and say so."""
    o, board = on_tour_at_turn()
    tour = list(o.scores[0].tour)
    start = published(board)
    Page(board).send({"type": "tour", "seat": 0, "spaces": tour[:1]})
    checked = published(board)
    steps = [{"state": start}, {"click": "button:tour"}, {"click": f"space:{tour[0]}"}, {"state": checked},
             {"click": "button:clear"}, {"key": "Escape"}, {"click": "button:tour"}, {"click": "button:tour"}]
    out = run_page(composed(board, tmp_path), steps)
    _, _, clicked, answered, cleared, escaped, again, done = out["steps"]
    assert clicked["sent"][-1]["type"] == "tour" and clicked["said"].startswith("Drawing a tour: checking")
    assert answered["said"].startswith("Drawing a tour: your tour scores ") and answered["badge"]
    assert answered["said"].endswith("Clear starts again; Done drawing or Esc: back to writing.")
    assert cleared["data"]["mode"] == "tour" and cleared["data"]["tour"] == ""
    assert cleared["sent"][-1]["spaces"] == []
    assert cleared["said"].startswith("Drawing a tour: tour cleared, click a space to start again.")
    assert escaped["data"]["mode"] == "write"
    assert escaped["said"] == "Stopped drawing; back to writing: pick a number (1 or 2), then a lit space."
    assert again["data"]["mode"] == "tour" and again["said"].startswith("Drawing a tour: ")
    assert done["data"]["mode"] == "write" and done["said"].startswith("Stopped drawing")
    board.close()


def test_on_tour_refusals_of_the_page_carry_a_rule_like_pythons(tmp_path):
    o, board = on_tour_at_turn()
    filled = next(s for s, c in o.map(0).items() if c is not None)
    out = run_page(composed(board, tmp_path), [{"state": published(board)}, {"click": f"space:{filled}"}])
    said = out["steps"][-1]
    # read out with its rule, as the badge shows it
    assert said["said"] == ("Pick a number first: click a die or press 1 (18) or 2 (81), then a lit space "
                            "(O-WRITE).")
    assert said["badge"] and all(m["type"] != "why" for m in said["sent"])
    board.close()
    o.play()
    board = o.board(seat=0, speed="instant")
    out = run_page(composed(board, tmp_path), [{"state": published(board)}, {"click": f"space:{filled}"}])
    said = out["steps"][-1]
    assert said["said"] == ("The game is over: every map is full. Undo or jump back in the history to play "
                            "on (O-END).")
    assert said["badge"] and "O-END" not in " ".join(said["lines"])  # the badge says the rule, once
    board.close()


def test_touring_a_card_let_go_clears_its_refusal_and_a_place_asks_for_a_card(tmp_path):
    g = tw.Touring(players=["human", "greedy"], seed=7)
    board = g.board(seat=0, speed="instant")
    hand = f"hand:0:{g.hand(0).index('m75')}"
    start = published(board)
    Page(board).send({"type": "act", "action": "play m75"})
    refused = published(board)
    assert refused["message"].startswith("75 Miles cannot be played now: ") and refused["error"]
    steps = [{"state": start}, {"click": "m75:0"}, {"click": hand}, {"click": "m75:0"}, {"state": refused},
             {"click": hand}, {"click": hand}, {"key": "Escape"}]
    out = run_page(composed(board, tmp_path), steps)
    _, no_card, _, asked, shown, let_go, picked, escaped = out["steps"]
    assert no_card["said"] == ("Pick a card first: click one in your hand (or press 1–6), then a lit place "
                               "(T-TURN).")
    assert no_card["badge"] and no_card["sent"] == [{"type": "hello"}]
    assert asked["sent"][-1]["action"] == "play m75"  # not lit: Python judges it
    assert shown["said"] == refused["message"] and shown["badge"]
    # Drawn beside its badge, a refusal does not say its rule twice (widgets/js/message.js).
    assert " ".join(shown["lines"]).endswith("cannot be played yet") and refused["message"].endswith("(T-GO)")
    assert let_go["data"]["selected"] == "" and not let_go["badge"]
    assert let_go["said"] == "Let go of 75 Miles: pick a card (1–6)."  # the refusal is gone with the card
    assert picked["data"]["selected"] and escaped["data"]["selected"] == ""
    assert escaped["said"] == "Let go of 75 Miles: pick a card (1–6)."
    board.close()


def test_a_tapped_log_row_shows_its_moves_whole_sentence_on_a_phone_wide_board(tmp_path):
    """The log cuts its rows; a click (a tap) on one goes to that move, and the message line under the
    board shows the move's whole sentence, however long, uncut, as the live line announces it."""
    g = tw.Touring(players=["greedy", "greedy"], seed=7)
    for _ in range(5):
        g.step()
    board = g.board(seat=None, speed="instant")
    page = Page(board)
    state = published(board)
    long_story = " ".join([state["log"][-1]["story"]] * 4)  # some 600 characters: 14 lines at 360 px
    state["log"] = [*state["log"][:-1], {**state["log"][-1], "story": long_story}]
    page.send({"type": "goto", "index": 2})
    back = published(board)
    steps = [{"state": state}, {"click": "log-2"}, {"state": back}]
    result = subprocess.run([NODE, str(RUN_PAGE), str(composed(board, tmp_path))], capture_output=True,
                            text=True, timeout=120, input=json.dumps({"width": 360, "steps": steps}),
                            check=False)
    assert result.returncode == 0, result.stderr
    first, clicked, answered = json.loads(result.stdout)["steps"]
    assert " ".join(first["lines"]) == long_story and first["said"] == long_story
    assert clicked["sent"][-1]["type"] == "goto" and clicked["sent"][-1]["index"] == 2
    story = back["log"][-1]["story"]
    assert " ".join(answered["lines"]) == story and answered["said"] == story
    assert "…" not in " ".join(answered["lines"])


def test_the_hand_s_keys_are_counted_in_the_hand_the_board_shows():
    """A seat's board names the keys of its own hand (5 cards while another seat holds 6), the
    teacher's view those of the seat to move (T-TURN)."""
    play = (Path(__file__).resolve().parents[2] / "touring_widgets" / "touring" / "ui" / "play.js").as_uri()
    hands = '[{"seat": 0, "cards": null, "size": 6}, {"seat": 1, "cards": ["go","m25","m50","m75","m35"]}]'
    script = (f'import {{ handKeys }} from "{play}"; const hands = {hands};'
              'console.log(JSON.stringify([handKeys({ seat: 1, turn: 0, hands }),'
              ' handKeys({ seat: null, turn: 1, hands })]));')
    result = subprocess.run([NODE, "--input-type=module", "-e", script], capture_output=True, text=True,
                            timeout=60, check=True)
    assert json.loads(result.stdout) == ["1–5", "1–5"]
