"""What the boards say and where, as a player reads it (a review at 360, 800 and 1400 px), run with Node."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import touring_widgets as tw

PACKAGE = Path(tw.__file__).parent
#: the shared page modules these tests read, joined as ``sh``
SHELL_MODULES = [PACKAGE / "widgets" / "js" / name for name in ("frame.js", "advice.js")]
NODE = shutil.which("node")


def node(script: str, *args: str) -> object:
    """Run ``script`` (an ES module; ``sh`` holds the shared modules' functions, ``data`` the JSON
    argument) and read its JSON."""
    assert NODE, "Node.js runs the board's JavaScript in these tests: apt-get install nodejs"
    shared = json.dumps([str(path) for path in SHELL_MODULES])
    head = (f"const sh = Object.assign({{}}, ...(await Promise.all({shared}.map((p) => import(p)))));\n"
            "const data = JSON.parse(process.argv[1]);\n")
    result = subprocess.run([NODE, "--input-type=module", "-e", head + script, *args],
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def banners(cases: list[list]) -> list[str]:
    """``bannerText(view, table)`` for each [view, table]."""
    return node("console.log(JSON.stringify(data.map(([v, t]) => sh.bannerText(v, t))));", json.dumps(cases))


def solo(total: int, players: tuple[str, ...] = ("human",)) -> dict:
    """The end of a solo On Tour game as compact_view sends it: scores as [total, spaces, circles, tour]."""
    score = [total, total - 4, 4, "WA OR"]
    return {"over": True, "players": list(players), "winners": [0], "scores": [score]}


def table(rank: int | None, totals: list[int]) -> dict:
    rows = [{"total": t, "spaces": t - 4, "circles": 4, "this": i + 1 == rank} for i, t in enumerate(totals)]
    return {"rank": rank, "games": len(totals), "best": totals[0] if totals else None, "rows": rows}


class TestBanner:
    def test_a_solo_game_says_its_score_never_a_winning_seat(self):
        assert banners([[solo(27), {}], [solo(1), {}], [solo(30, ("greedy",)), {}]]) == [
            "Game over: 27 points", "Game over: 1 point", "Game over: 30 points"]

    def test_a_solo_game_says_a_new_best_only_when_it_beats_the_table(self):
        assert banners([
            [solo(27), table(1, [27, 25, 20])],  # better than every earlier game
            [solo(27), table(1, [27])],  # the first game: nothing to beat
            [solo(20), table(3, [27, 25, 20])],
            [solo(27), table(1, [27, 27])],  # as many points as the best (more circles)
            [solo(27), table(None, [])],  # the table could not be read
        ]) == ["Game over: 27 points, a new best", "Game over: 27 points",
               "Game over: 20 points · your best is 27",
               "Game over: 27 points, as good as your best", "Game over: 27 points"]

    def test_a_solo_game_not_entered_says_so_and_never_claims_a_best(self):
        # Play to end, or a line played again after an undo (O-SOLO): the table's best stays the one to beat.
        note = "Not entered: the policy made 20 moves of this game (O-SOLO)."
        skipped = {**table(None, [25, 20]), "note": note}
        assert banners([[solo(27), skipped], [solo(20), {**table(None, [25]), "note": ""}]]) == [
            "Game over: 27 points · not entered in your table", "Game over: 20 points · your best is 25"]

    def test_touring_and_several_players_keep_the_winning_seats(self):
        touring = {"over": True, "players": ["human", "greedy"], "winners": [1], "tables": []}
        on_tour = {"over": True, "players": ["human", "greedy", "greedy"], "winners": [0, 2],
                   "scores": [[30, 26, 4, ""], [20, 16, 4, ""], [30, 25, 5, ""]]}
        nobody = {"over": True, "players": ["human", "greedy"], "winners": []}
        assert banners([[touring, {}], [on_tour, {}], [nobody, {}], [touring, None]]) == [
            "Seat 1 wins!", "Seats 0 and 2 win!", "Game over: no winner", "Seat 1 wins!"]

    def test_the_frame_puts_the_solo_score_in_the_banner(self):
        out = node("""const top = sh.frameLayout(data.view, 360, { gameTitle: "On Tour", choices: [],
          highscores: data.table });
        console.log(JSON.stringify(top.banner.text));""",
                   json.dumps({"view": {**solo(27), "seat": 0}, "table": table(1, [27, 19])}))
        assert out == "Game over: 27 points, a new best"

    def test_on_a_phone_a_long_banner_takes_two_lines_rather_than_one_squeezed(self):
        out = node("""console.log(JSON.stringify([244, 360, 800].map((w) => {
          const s = { gameTitle: "On Tour", choices: [], highscores: data.table };
          const b = sh.frameLayout(data.view, w, s).banner;
          return { lines: b.lines, h: b.h, w: b.w, size: b.size };
        })));""", json.dumps({"view": {**solo(12), "seat": 0}, "table": table(4, [24, 15, 13, 12])}))
        phone, narrow, wide = out
        assert " ".join(phone["lines"]) == "Game over: 12 points · your best is 24"
        assert len(phone["lines"]) == 2
        assert phone["h"] > wide["h"] and len(wide["lines"]) == 1
        assert narrow["size"] == wide["size"] == 18 and phone["size"] < 18
        for shown in out:  # each line fits, in bold (about 0.62 em a character)
            assert all(len(line) * shown["size"] * 0.62 <= shown["w"] - 16 for line in shown["lines"])


class TestTouringFigures:
    """At 360 px a hand card is about 52 px wide: "★ 72% ±7" under it ran into the next card's figure."""

    SCRIPT = """const m = await import(process.argv[2]);
    const kit = { figureText: sh.figureText };
    const width = (t) => t.length * 6 + 8;  // a badge: 6 px a character, 4 px each side
    const f = { estimate: 0.724, low: 0.655, high: 0.79 };
    const label = ([best, room]) => m.figureLabel(kit, "chance to win", f, best, room, width);
    console.log(JSON.stringify(data.map(label)));
    """

    def labels(self, cases: list[list]) -> list[str]:
        touring_js = PACKAGE / "touring" / "ui" / "advice.js"
        return node(self.SCRIPT, json.dumps(cases), str(touring_js))

    def test_the_interval_goes_when_the_badge_would_overrun_its_card(self):
        assert self.labels([[False, 84], [True, 84], [False, 54], [True, 54], [True, 30]]) == [
            "72% ±7", "★ 72% ±7", "72% ±7", "★ 72%", "★ 72%"]
