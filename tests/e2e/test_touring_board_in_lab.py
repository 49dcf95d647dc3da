"""The Touring board in a real JupyterLab, each behaviour checked where a player meets it: what it
waits for, lines kept, refusals, keys, widths, themes, a board from an earlier run."""

from __future__ import annotations

import pytest

from .test_board_lab import SETUP, canvas_pixels, hitboxes

pytestmark = pytest.mark.e2e


def box(board, box_id):
    return next(b for b in hitboxes(board) if b["id"] == box_id)


def test_after_run_all_the_board_says_what_it_waits_for(notebook):
    nb = notebook
    nb.run(0, SETUP + "g")
    board = nb.wait_board(0)
    nb.run(1, 'g.step("play go"); g.step(); g.undo()')  # notebook 01 after Run All
    nb.wait_data(board, "d.position === '1' && d.waiting.startsWith('Seat 1 (greedy) is to move')")
    assert "tw-next" in board.locator("button.tw-step").get_attribute("class")
    # A card clicked out of turn says whose turn it is and what goes on.
    hand = [b for b in hitboxes(board) if b["kind"] == "hand"]
    nb.click_box(board, hand[0]["id"])
    said = board.locator("[aria-live=polite]").text_content()
    assert said.startswith("It is seat 1's turn (greedy).") and "Step" in said
    # The one click that goes on: the button drawn on the board.
    nb.click_box(board, "next")
    nb.wait_data(board, "d.position === '2' && d.waiting === '' && Number(d.legal) > 0")


def test_a_jump_back_and_another_move_keeps_the_line(notebook):
    nb, page = notebook, notebook.page
    nb.run(0, SETUP + "g.play(max_plies=12)\ng.goto(4)\nboard = g.board(seat=None)\nboard")
    board = nb.wait_board(0)
    nb.wait_data(board, "d.position === '4' && d.length === '13'")
    # The history strip says each move in words when hovered.
    b = box(board, "hist:3")
    board.locator("canvas.tw-canvas").hover(position={"x": b["x"] + b["w"] / 2, "y": b["y"] + b["h"] / 2})
    nb.wait_data(board, "d.tip.startsWith('Move 3: Seat 0 ')")
    # Space plays the recorded move, and the bot its recorded answer: redos, nothing lost.
    board.locator("canvas.tw-canvas").focus()
    page.keyboard.press(" ")
    nb.wait_data(board, "d.position === '6' && d.length === '13' && d.variations === '0' "
                        "&& d.running === 'false'")
    nb.click_box(board, "hist:4")
    nb.wait_data(board, "d.position === '4'")
    nb.run(1, "print(g.future[0])")
    recorded = " ".join(nb.output_text(1)).strip()
    # Another move, clicked: the old line is kept as a variation, and one click brings it back.
    for card in [b for b in hitboxes(board) if b["kind"] == "hand" and b["id"].startswith("hand:0:")]:
        nb.click_box(board, card["id"])
        others = [d for d in board.evaluate("el => el.board.destinations()") if d["action"] != recorded]
        if others:
            nb.click_box(board, others[0]["target"])
            break
    else:
        raise AssertionError("seat 0 had no other move")
    nb.wait_data(board, "d.variations === '1' && d.running === 'false'")
    assert "kept as variation 1" in board.evaluate("el => el.dataset.message")
    nb.click_box(board, "var:0")
    nb.wait_data(board, "d.position === '4' && d.length === '13'")
    nb.run(1, "print(len(g), g.position, str(g.future[0]), len(g.variations))")
    assert " ".join(nb.output_text(1)).split() == ["13", "4", *recorded.split(), "1"]


def test_a_refused_place_says_why_and_keeps_the_card(notebook):
    nb = notebook
    nb.run(0, SETUP + "g")
    board = nb.wait_board(0)
    m75 = next(b for b in hitboxes(board) if b["kind"] == "hand" and b["card"] == "m75")
    before = canvas_pixels(board)
    nb.click_box(board, m75["id"])
    said = board.locator("[aria-live=polite]").text_content()
    assert said.startswith("75 Miles cannot be played now:") and "T-GO" in said
    nb.click_box(board, "m75:0")  # its own 75 pile: not lit
    nb.wait_data(board, "d.error === 'true' && d.rule === 'T-GO'")
    assert board.evaluate("el => el.dataset.selected") == m75["id"].split(":")[2]
    assert board.evaluate("el => el.dataset.message").startswith("75 Miles cannot be played now: ")
    assert canvas_pixels(board) != before
    # The card let go: its refusal goes with it.
    nb.click_box(board, m75["id"])
    assert board.locator("[aria-live=polite]").text_content() == "Let go of 75 Miles: pick a card (1–6)."
    assert board.evaluate("el => el.dataset.selected") == ""


def test_jupyterlab_keeps_its_chords(notebook):
    nb, page = notebook, notebook.page
    nb.run(0, SETUP + "g")
    board = nb.wait_board(0)
    page.wait_for_selector(".jp-mod-dirty")  # the run left the notebook unsaved
    cells = page.locator(".jp-Notebook .jp-Cell").count()
    canvas = board.locator("canvas.tw-canvas")
    canvas.focus()
    page.keyboard.press("Control+s")
    page.wait_for_function("() => !document.querySelector('.jp-mod-dirty')")
    left = page.locator("#jp-left-stack")
    shown = left.is_visible()
    canvas.focus()
    page.keyboard.press("Control+b")
    page.wait_for_function(f"() => (document.querySelector('#jp-left-stack').offsetParent !== null) === "
                           f"{'false' if shown else 'true'}")
    # Plain letters stay the board's: no notebook command fires from it.
    canvas.focus()
    for key in ("a", "b", "m", "x"):
        page.keyboard.press(key)
    assert page.locator(".jp-Notebook .jp-Cell").count() == cells


@pytest.mark.parametrize("width", [360, 800])
def test_fits_a_narrow_output(notebook, width):
    nb, page = notebook, notebook.page
    nb.run(0, SETUP + "g")
    board = nb.wait_board(0)
    if width < 800:  # a phone-sized window: the file browser closed, as anyone would
        page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current").click()
    page.set_viewport_size({"width": width, "height": 1000})  # the sidebar stays open at 800
    narrower = f"el => el.querySelector('canvas').clientWidth < {width}"
    page.wait_for_function(narrower, arg=board.element_handle())
    page.wait_for_timeout(300)
    sizes = board.evaluate("""el => {
        const c = el.querySelector('canvas');
        const out = el.closest('.jp-OutputArea-output').getBoundingClientRect();
        const r = c.getBoundingClientRect();
        return { right: r.right, left: r.left, outLeft: out.left, outRight: out.right, css: c.clientWidth,
                 px: c.width, dpr: devicePixelRatio, el: el.clientWidth };
    }""")
    assert sizes["left"] >= sizes["outLeft"] - 0.5 and sizes["right"] <= sizes["outRight"] + 0.5, sizes
    assert sizes["css"] == sizes["el"] and sizes["px"] == round(sizes["css"] * sizes["dpr"])
    for b in hitboxes(board):
        assert b["x"] >= 0 and b["x"] + b["w"] <= sizes["css"] + 0.5, b


def board_width(page, board, width: int) -> None:
    """Size the page so that the board is ``width`` px wide (a scroll bar may take 2)."""
    for _ in range(6):
        now = board.evaluate("el => el.clientWidth")
        if abs(now - width) <= 2:
            break
        page.set_viewport_size({"width": page.viewport_size["width"] + width - now, "height": 1000})
        page.wait_for_timeout(300)
    assert abs(board.evaluate("el => el.clientWidth") - width) <= 2


def toolbar_rows(board) -> int:
    bar = board.locator(".tw-toolbar")
    right = bar.evaluate("el => Math.max(...[...el.children].map((c) => c.getBoundingClientRect().right))")
    assert right <= bar.evaluate("el => el.getBoundingClientRect().right") + 0.5
    return bar.evaluate("el => new Set([...el.querySelectorAll('button, select')].map((c) => Math.round("
                        "(c.getBoundingClientRect().top - el.getBoundingClientRect().top) / 28))).size")


def test_a_phone_wide_board_has_a_two_row_toolbar(notebook):
    """At 360 px (the narrowest cell the boards are made for) the toolbar takes two rows: no "View"
    word, no keys hint (the canvas still describes the keys), a shorter seat list."""
    nb, page = notebook, notebook.page
    nb.run(0, SETUP + "g")
    board = nb.wait_board(0)
    page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current").click()
    board_width(page, board, 360)
    assert toolbar_rows(board) == 2
    assert not board.locator(".tw-keys").is_visible()
    assert "keys" in board.locator("canvas.tw-canvas").get_attribute("aria-description").lower()
    # A wide board shows them again, in fewer rows.
    page.set_viewport_size({"width": 1400, "height": 1000})
    page.wait_for_function("el => el.clientWidth > 900", arg=board.element_handle())
    assert board.locator(".tw-keys").is_visible()


@pytest.mark.parametrize("game", ["tw.Touring(players=4, seed=3)", "tw.OnTour(players=3, seed=3)"])
def test_a_laptop_wide_teachers_board_has_a_one_row_toolbar(notebook, game):
    """At 800 px, the teacher's view (the longest seat list) still leaves every control in one row,
    the seat list named for the game."""
    nb, page = notebook, notebook.page
    nb.run(0, f"import touring_widgets as tw\n{game}.board(seat=None)")
    board = nb.wait_board(0)
    page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current").click()
    board_width(page, board, 800)
    assert toolbar_rows(board) == 1
    shown = board.locator("select.tw-seat").evaluate("el => el.options[el.selectedIndex].text")
    assert shown == ("All hands (teacher)" if "Touring" in game else "Teacher view")


def test_dark_theme_badges_and_gasoline(notebook):
    nb, page = notebook, notebook.page
    nb.run(0, SETUP + "g")
    board = nb.wait_board(0)
    page.locator(".lm-MenuBar-itemLabel", has_text="Settings").click()
    page.locator(".lm-Menu-itemLabel").get_by_text("Theme", exact=True).hover()
    page.locator(".lm-Menu-itemLabel").get_by_text("JupyterLab Dark", exact=True).click()
    page.wait_for_function("document.body.dataset.jpThemeLight === 'false'")
    page.wait_for_timeout(500)
    hand = [b for b in hitboxes(board) if b["kind"] == "hand"]
    gas = next(b for b in hand if b["card"] == "gasoline")
    pixel = """(el, [x, y]) => {
        const c = el.querySelector('canvas');
        const k = c.width / c.clientWidth;
        return Array.from(c.getContext('2d').getImageData(Math.round(x * k), Math.round(y * k), 1, 1).data);
    }"""
    luminance = lambda p: (0.2126 * p[0] + 0.7152 * p[1] + 0.0722 * p[2]) * p[3] / 255  # noqa: E731
    # The number badge of the first card: dark on the card's light paper, as in the light theme.
    badge = board.evaluate(pixel, [hand[0]["x"] + 4, hand[0]["y"] + 9])  # beside the digit
    assert luminance(badge) < 80, badge
    # The Gasoline pump's window: the card's paper, not a hole onto the dark page.
    w, h = gas["w"], gas["h"]
    band = max(14, h * 0.3)
    size = min(w * 0.72, (h - band) * 0.78)
    cx, cy, r = gas["x"] + w / 2, gas["y"] + (h - band) / 2 + 2, size / 2
    window = board.evaluate(pixel, [cx - 0.15 * r, cy - 0.22 * r])
    assert window[3] == 255 and luminance(window) > 120, window  # a hole shows the page: about 20


def test_a_board_from_an_earlier_run_refuses_moves_after_a_reload(notebook):
    nb, page = notebook, notebook.page
    nb.run(0, SETUP + "g")
    nb.wait_board(0)
    page.keyboard.press("Escape")
    page.keyboard.press("Control+s")
    page.wait_for_function("() => !document.querySelector('.jp-mod-dirty')")
    nb.run(0)  # the cell runs again: a new game and board; the saved file still shows the old board
    board = nb.wait_board(0)
    nb.wait_data(board, "d.gone === ''")
    page.on("dialog", lambda dialog: dialog.accept())
    page.reload()
    page.wait_for_selector(".jp-Notebook .jp-Cell")
    nb.accept_dialogs()
    old = nb.wait_board(0)
    nb.wait_data(old, "d.gone.startsWith(\"This board's game is gone\")")
    old.locator("button.tw-step").click(force=True)
    assert old.evaluate("el => el.dataset.position") == "0"
    assert old.locator("button.tw-step").is_disabled()
    nb.run(1, "print(g.position)")
    assert " ".join(nb.output_text(1)).strip() == "0"


def test_moves_never_make_the_board_shorter_at_one_width(notebook):
    """A message a line shorter after a move does not pull the page below up (nor reallocate the
    canvas): at one width the board keeps its tallest height; another width starts afresh."""
    nb, page = notebook, notebook.page
    nb.run(0, 'import touring_widgets as tw\ng = tw.Touring(players=["greedy", "greedy"], seed=7)\n'
              'g.board(seat=None, speed="instant")')
    board = nb.wait_board(0)
    canvas = board.locator("canvas.tw-canvas")
    heights = [canvas.evaluate("c => c.clientHeight")]
    for n in range(1, 13):
        board.locator("button.tw-step").click()
        nb.wait_data(board, f"d.position === '{n}'")
        heights.append(canvas.evaluate("c => c.clientHeight"))
    assert heights == sorted(heights), heights
    drawn = board.evaluate("el => el.board.geometry().height")
    assert drawn <= heights[-1]  # what is drawn fits; the rest is the board's own background
    width = board.evaluate("el => el.clientWidth")
    page.set_viewport_size({"width": page.viewport_size["width"] - 200, "height": 1000})
    page.wait_for_function(f"el => el.clientWidth < {width}", arg=board.element_handle())
    page.wait_for_timeout(300)
    fresh = board.evaluate("el => el.board.geometry().height")
    assert abs(canvas.evaluate("c => c.clientHeight") - fresh) <= 1
