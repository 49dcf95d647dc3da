"""The Touring board in a real JupyterLab, driven through Chromium."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.e2e

SETUP = 'import touring_widgets as tw\ng = tw.Touring(players=["human", "greedy"], seed=7)\n'


def hitboxes(board):
    return board.evaluate("el => el.board.hitboxes()")


def canvas_pixels(board) -> str:
    return board.evaluate("el => el.querySelector('canvas').toDataURL()")


def play_first_card(nb, board) -> str:
    """Click a hand card with a playable destination, then click that destination."""
    legal = board.evaluate("el => el.dataset.legal")
    assert int(legal) > 0
    for box in [b for b in hitboxes(board) if b["kind"] == "hand"]:
        nb.click_box(board, box["id"])
        dests = board.evaluate("el => el.board.destinations()")
        dests = [d for d in dests if d["target"] != "discard"]
        if dests:
            nb.click_box(board, dests[0]["target"])
            return dests[0]["action"]
    raise AssertionError("no hand card could be played")


def test_play_undo_fork_and_reload(notebook):
    nb, page = notebook, notebook.page
    nb.run(0)
    board = nb.wait_board(0)
    assert board.evaluate("el => el.dataset.position") == "0"
    canvas = board.locator("canvas.tw-canvas")
    assert canvas.get_attribute("aria-label").startswith("Touring board")
    assert board.locator("[aria-live=polite]").count() == 1
    before = canvas_pixels(board)

    # Click a card, then its lit place: the human moves, then the greedy seat answers by itself.
    action = play_first_card(nb, board)
    nb.wait_data(board, "d.position === '2' && d.running === 'false'")
    assert canvas_pixels(board) != before
    nb.run(1, "print(g.history[0], g.position)")
    assert f"{action} 2" in " ".join(nb.output_text(1))

    # A cell moves the game: the board follows.
    nb.run(2, "g.undo(); g.undo()")
    nb.wait_data(board, "d.position === '0' && d.length === '3'")

    # Time travel by clicking the history strip.
    nb.click_box(board, "hist:2")
    nb.wait_data(board, "d.position === '2'")

    # An illegal action is refused with the rule's sentence, shown on the board; nothing changes.
    nb.run(3, 'board._on_page_message(board, dict(type="act", action="play m50", revision=board.revision))')
    nb.wait_data(board, "d.error === 'true' && d.message.includes('T-')")
    assert board.evaluate("el => el.dataset.position") == "2"

    # Fork: a second board appears under the first, and Python holds the new game.
    board.locator("button.tw-fork").click()
    page.wait_for_function(
        "cell => cell.querySelectorAll('.tw-board').length === 2",
        arg=nb.cell(0).element_handle(),
    )
    fork_board = nb.boards(0).nth(1)
    nb.wait_data(fork_board, "d.position === '2'")
    nb.run(1, "h = board.forks[0]; h.step(); print(len(board.forks), h.position, g.position)")
    assert "1 3 2" in " ".join(nb.output_text(1))
    nb.wait_data(fork_board, "d.position === '3'")
    assert board.evaluate("el => el.dataset.position") == "2"

    # Reload the page: the boards come back at the current position from the running kernel.
    page.keyboard.press("Control+s")
    page.wait_for_function("() => !document.querySelector('.jp-mod-dirty')")
    page.reload()
    page.wait_for_selector(".jp-Notebook .jp-Cell")
    nb.accept_dialogs()
    board = nb.wait_board(0)
    nb.wait_data(board, "d.position === '2'")
    fork_board = nb.wait_board(0, nth=1)
    nb.wait_data(fork_board, "d.position === '3'")


def test_keyboard_belongs_to_the_board(notebook):
    nb, page = notebook, notebook.page
    nb.run(0, SETUP + "g")
    board = nb.wait_board(0)
    cells = page.locator(".jp-Notebook .jp-Cell").count()
    canvas = board.locator("canvas.tw-canvas")
    canvas.focus()
    assert page.evaluate("document.activeElement.classList.contains('tw-canvas')")
    # "b" inserts a cell and "x" cuts one in JupyterLab's command mode; on the board they do nothing.
    page.keyboard.press("Escape")
    canvas.focus()
    page.keyboard.press("b")
    page.keyboard.press("x")
    assert page.locator(".jp-Notebook .jp-Cell").count() == cells
    # Space steps (the seat's policy) and the greedy seat answers; Left undoes, one move a key.
    page.keyboard.press(" ")
    nb.wait_data(board, "d.position === '2' && d.running === 'false'")
    for position in ("1", "0"):
        page.keyboard.press("ArrowLeft")
        nb.wait_data(board, f"d.position === '{position}'")
    # A digit picks a card; Enter plays it where it has one destination besides the discard.
    hand = [b for b in hitboxes(board) if b["kind"] == "hand"]
    go = next(i for i, b in enumerate(hand) if b["card"] == "go")
    page.keyboard.press(str(go + 1))
    nb.wait_data(board, f"d.selected === '{go}'")
    page.keyboard.press("Enter")  # two places (table, discard): it asks for a click
    page.keyboard.press("Escape")
    page.keyboard.press(str(go + 1))
    places = [d["action"] for d in board.evaluate("el => el.board.destinations()")]
    assert sorted(places) == ["discard go", "play go"]
    # Down and Up light each place in turn, wrapping; the live line names the lit one.
    unlit = canvas_pixels(board)
    lit = light_places(page, board, ("ArrowDown", "ArrowDown", "ArrowDown", "ArrowUp"))
    assert [dest for dest, _ in lit] == [places[0], places[1], places[0], places[1]]
    words = {"play go": "Play Go on your table", "discard go": "Discard Go"}
    for i, (dest, said) in enumerate(lit[:2]):
        assert said.startswith(f"{words[dest]} ({i + 1} of 2)"), said
    assert canvas_pixels(board) != unlit
    # D discards whichever place is lit.
    page.keyboard.press("d")
    nb.wait_data(board, "d.position === '2'")  # the greedy seat answers
    # Back to the deal: Enter plays the lit place, not the other one.
    for position in ("1", "0"):  # one at a time: a key names the revision it saw
        page.keyboard.press("ArrowLeft")
        nb.wait_data(board, f"d.position === '{position}'")
    page.keyboard.press(str(go + 1))
    lit = light_places(page, board, ("ArrowDown", "ArrowDown"))
    if lit[0][0] == "play go":
        page.keyboard.press("ArrowUp")
    assert board.evaluate("el => el.dataset.dest") == "play go"
    page.keyboard.press("Enter")
    nb.wait_data(board, "d.position !== '0' && d.dest === ''")
    nb.run(1, "print(g.history[0])")
    assert "play go" in " ".join(nb.output_text(1))


def light_places(page, board, keys) -> list[tuple[str, str]]:
    """Press each key; after each, the lit place's action and what the live line says."""
    live = board.locator("[aria-live=polite]")
    seen = []
    for key in keys:
        before = board.evaluate("el => el.dataset.dest")
        page.keyboard.press(key)
        # the board redraws on the next frame: wait for the lit place and its words (a busy machine)
        for _ in range(50):
            dest, said = board.evaluate("el => el.dataset.dest"), live.text_content()
            if said and dest and dest != before:
                break
            page.wait_for_timeout(100)
        seen.append((dest, said))
    return seen


def test_teacher_view_and_a_refusal(notebook):
    nb = notebook
    nb.run(0, SETUP + "g.board(seat=1)")
    board = nb.wait_board(0)
    # Seat 1 is not to move: a click on a card explains, and nothing is sent.
    hand = [b for b in hitboxes(board) if b["kind"] == "hand"]
    nb.click_box(board, hand[0]["id"])
    assert "seat 0's turn" in board.locator("[aria-live=polite]").text_content()
    assert board.evaluate("el => [el.dataset.position, el.dataset.reply || '']") == ["0", ""]
    board.locator("select.tw-seat").select_option("all")
    nb.wait_data(board, "d.seat === 'all'")
    hands = {b["id"].split(":")[1] for b in hitboxes(board) if b["kind"] == "hand"}
    assert hands == {"0", "1"}
    # A stale action from the page is refused and the board says why.
    rev = int(board.evaluate("el => el.dataset.revision"))
    nb.run(1, "g.step()")
    nb.wait_data(board, f"Number(d.revision) > {rev}")
    nb.run(
        2,
        "b = g.board(); b._on_page_message(b, {'type': 'act', 'action': 'play m75', 'revision': 0}); "
        "print(b.message)",
    )
    assert "moved on" in " ".join(nb.output_text(2))


def test_sharp_and_follows_the_cell_width(notebook):
    nb, page = notebook, notebook.page
    nb.run(0, SETUP + "g")
    board = nb.wait_board(0)
    size = (
        "el => { const c = el.querySelector('canvas'); return [c.width, c.clientWidth, devicePixelRatio]; }"
    )
    pixels, css, dpr = board.evaluate(size)
    assert dpr == 2 and pixels == round(css * dpr)
    page.set_viewport_size({"width": 900, "height": 1100})
    page.wait_for_function(
        f"el => el.querySelector('canvas').clientWidth < {css}", arg=board.element_handle()
    )
    pixels, narrower, dpr = board.evaluate(size)
    assert pixels == round(narrower * dpr)
    hand = [b for b in hitboxes(board) if b["kind"] == "hand"]
    assert all(b["x"] + b["w"] <= narrower for b in hand)


def test_repaints_in_the_dark_theme(notebook):
    nb, page = notebook, notebook.page
    nb.run(0, SETUP + "g")
    board = nb.wait_board(0)
    corner = """el => {
        const c = el.querySelector('canvas');
        const [r, g, b] = c.getContext('2d').getImageData(2, 2, 1, 1).data;
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    }"""
    def theme(name: str, light: str) -> None:
        page.locator(".lm-MenuBar-itemLabel", has_text="Settings").click()
        page.locator(".lm-Menu-itemLabel").get_by_text("Theme", exact=True).hover()
        page.locator(".lm-Menu-itemLabel").get_by_text(name, exact=True).click()
        page.wait_for_function(f"document.body.dataset.jpThemeLight === '{light}'")

    # The server keeps its theme between tests: start from the light one whatever came before.
    if page.evaluate("document.body.dataset.jpThemeLight") == "false":
        theme("JupyterLab Light", "true")
        page.wait_for_function(f"el => ({corner})(el) > 150", arg=board.element_handle())
    light = board.evaluate(corner)
    theme("JupyterLab Dark", "false")
    page.wait_for_function(f"el => ({corner})(el) < {light} - 100", arg=board.element_handle())
    assert board.evaluate(corner) < 80  # the board's own background went dark with the theme
