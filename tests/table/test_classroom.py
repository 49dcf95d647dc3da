"""A class on one deal: sixty students join by one link with their names and play the same deal on
their own maps; names that cannot be are refused with a reason; the teacher holds the class turn
by turn; the scores come back as a table beside the bots' on the same deal; nothing is lost when
the class's server stops and comes back."""

from __future__ import annotations

import asyncio

import httpx
import pytest

import touring_widgets as tw
from tests.table.clients import SeatClient


@pytest.fixture
def classes():
    made = []

    def make(**options):
        room = tw.table.classroom(**options)
        made.append(room)
        return room

    yield make
    for room in made:
        room.close()


def join(room, name):
    return httpx.post(room.link + "/join", json={"name": name}, timeout=10)


def first_writing(student):
    return str(student.game.legal_actions()[0])


def test_sixty_students_play_the_same_deal_each_on_their_own_map(classes):
    room = classes(seed=7)
    assert httpx.get(room.link, timeout=10).status_code == 200
    names = [f"Student {n}" for n in range(60)]
    links = []
    for name in names:
        reply = join(room, name)
        assert reply.status_code == 200, reply.text
        links.append(room.url + reply.json()["link"])
    assert len(set(links)) == 60

    async def play():
        pages = [SeatClient(link) for link in links]
        await asyncio.gather(*(page.connect() for page in pages))
        deals = []
        for _turn in range(3):
            deals.append({(page.state["view"]["cards"] and str(page.state["view"]["cards"]),
                           str(page.state["view"]["dice"])) for page in pages})
            replies = await asyncio.gather(*(
                page.act(first_writing(room.student(page.link.rsplit("/", 1)[1]))) for page in pages))
            assert all(r["ok"] for r in replies)
        await asyncio.gather(*(page.close() for page in pages))
        return deals

    deals = asyncio.run(play())
    assert all(len(seen) == 1 for seen in deals)  # every student saw the same cards and dice each turn
    table = room.scores()
    assert len(table) == 60 and set(table["name"]) == set(names) and set(table["turn"]) == {4}
    assert list(table["score"]) == sorted(table["score"], reverse=True)


def test_a_name_that_cannot_be_is_refused_with_its_reason(classes):
    room = classes(seed=7)
    assert join(room, "Zoë").status_code == 200
    refused = {
        "": "type your name",
        "x" * 31: "at most 30 characters",
        "a\u0000b": "letters, digits",
        "<script>": "letters, digits",
        "ZOË": "is taken in this class",
    }
    for name, reason in refused.items():
        reply = join(room, name)
        assert reply.status_code == 400 and reason in reply.json()["error"], (name, reply.text)
    assert httpx.post(room.link + "/join", content=b"not json", timeout=10).status_code == 400
    assert httpx.post(room.link + "/join", content=b"x" * 5000, timeout=10).status_code == 413
    assert httpx.get(room.url + "/class/nope", timeout=10).status_code == 404
    assert [s.name for s in room.students] == ["Zoë"]


def test_a_held_class_writes_no_turn_its_teacher_has_not_opened(classes):
    room = classes(seed=7, pace="held")
    ada, alan = room.join("Ada"), room.join("Alan")

    async def play():
        async with SeatClient(ada.link) as page:
            assert (await page.act(first_writing(ada)))["ok"]
            await page.wait_for(lambda: page.state["view"]["round"] == 2)
            held = page.state["waiting"]["text"], page.state["choices"]
            refused = await page.act(first_writing(ada))
            room.next_turn()
            await page.wait_for(lambda: bool(page.state["choices"]))
            opened = await page.act(first_writing(ada))
            return held, refused, opened

    (waiting, choices), refused, opened = asyncio.run(play())
    assert "holds the class at turn 1" in waiting and choices == []
    assert not refused["ok"] and "holds the class at turn 1" in refused["message"]
    assert opened["ok"] and ada.game.position == 2 and alan.game.position == 0
    assert room.hold().startswith("held at turn 1: ")  # Alan has not written turn 1


def test_the_class_s_scores_stand_beside_the_bots_on_the_same_deal(classes):
    room = classes(seed=11)
    bots = room.bot_scores(wait=120)
    for policy, score in bots.items():
        alone = tw.OnTour(players=[policy], seed=11).play()
        assert score == alone.scores[0].total
    student = room.join("Ada")
    while not student.game.is_over:
        student.game.step(first_writing(student))
    row = room.scores().iloc[0]
    assert row["name"] == "Ada" and row["finished"] and row["score"] == student.game.scores[0].total
    assert f"greedy bot {bots['greedy']}" in room.leaderboard_html()


def test_a_student_s_finished_game_is_not_the_teacher_s_high_score(classes, tmp_path, monkeypatch):
    monkeypatch.setenv("TOURING_WIDGETS_DATA", str(tmp_path))
    room = classes(seed=7)
    ada = room.join("Ada")

    async def play():
        async with SeatClient(ada.link) as page:
            while not ada.game.is_over:
                assert (await page.act(first_writing(ada)))["ok"]
            await page.wait_for(lambda: page.state["view"]["over"])
            return page.state

    state = asyncio.run(play())
    assert state["highscores"] == {} and list(tmp_path.iterdir()) == []
    assert httpx.get(ada.link, timeout=10).text.count("On Tour · Ada") >= 1


def test_a_class_comes_back_whole_from_its_journal():
    room = tw.table.classroom(seed=7)
    students = [room.join(name) for name in ("Ada", "Grace")]
    students[0].game.step(first_writing(students[0]))
    links, path, port = [s.link for s in students], room.journal.path, room.port
    room.close()
    again = tw.table.resume(path)
    try:
        assert again.port == port and [s.name for s in again.students] == ["Ada", "Grace"]
        assert [s.link for s in again.students] == links
        assert [s.game.position for s in again.students] == [1, 0]

        async def back():
            async with SeatClient(links[1]) as page:
                return await page.act(first_writing(again.students[1]))

        assert asyncio.run(back())["ok"] and again.students[1].game.position == 1
    finally:
        again.close()


def test_the_teacher_sees_every_student_and_the_link(classes):
    room = classes(seed=7)
    for name in ("Ada", "Grace"):
        room.join(name)
    view = room.widget
    assert room.link in room.header_html() and "<svg" in room.header_html()
    texts = [child.value for child in view.children if isinstance(getattr(child, "value", None), str)]
    assert any("Ada" in t and "Grace" in t for t in texts)
    assert sum(t.count("<svg") for t in texts) >= 3  # the link's code and both maps


def test_a_class_coming_back_takes_no_one_new_until_its_students_are_back(classes):
    """While a resumed class loads its students, a join is refused (it would take a student's
    room) and a page whose student is not back yet keeps knocking."""
    room = classes(seed=7)
    room.loading = True
    reply = join(room, "Late")
    assert reply.status_code == 400 and "opening again" in reply.json()["error"]

    async def knock():
        async with SeatClient(room.url + "/seat/" + "x" * 24) as page:
            return page.frames

    frames = asyncio.run(knock())
    assert frames[0]["t"] == "bye" and frames[0]["final"] is False
    room.loading = False
    assert join(room, "Late").status_code == 200
