"""How a table's server holds up under many players on loopback; prints a table.

    python benchmarks/bench_table.py                      # 200 players: 50 Touring tables of 4
    python benchmarks/bench_table.py --players 40 --seconds 10
    python benchmarks/bench_table.py --think 0            # players who never think: the limit

This process hosts the tables (one server, one port, every game journaled to its own SQLite
file); a second process plays every human seat through a websocket of its own, moving as soon
as its seat may after thinking (``--think`` seconds on average; 0: the most load players can
make). Measured: moves the tables accepted a second, the time from a move's send to the moment
every seat of its table has the new position (median and 95th percentile), the memory each game
with its pages takes in the server, and the moves lost: moves the players were told were
accepted and that the journals do not hold (it must be 0). Bounded: the players stop after
``--seconds`` (the count of players and tables is fixed by ``--players`` and ``--seats``).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from table import print_table  # benchmarks/table.py, beside this script

import touring_widgets as tw

PLAYERS = r"""
import asyncio, json, sys, time
import websockets

import random
links = json.loads(sys.stdin.read())
seconds, seats, think = float(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
chance = random.Random(1)
tables = [links[i:i + seats] for i in range(0, len(links), seats)]
accepted, delays = [0] * len(tables), []

async def table(number, urls):
    sockets = [await websockets.connect(u, max_size=2**24) for u in urls]
    states = [{} for _ in urls]
    seen = [{} for _ in urls]  # position -> when this seat first had it
    sent = {}                   # position after the move -> when it was sent
    ready = {}                  # position -> when this table's mover may send (after thinking)
    end = time.monotonic() + seconds

    async def read(i):
        async for text in sockets[i]:
            frame = json.loads(text)
            if frame["t"] == "state":
                states[i] = dict(frame["state"])
            elif frame["t"] == "change":
                states[i].update(frame["changes"])
            elif frame["t"] == "reply" and frame["content"].get("ok"):
                accepted[number] += 1
            position = states[i].get("position")
            if position is not None and position not in seen[i]:
                seen[i][position] = time.monotonic()

    readers = [asyncio.create_task(read(i)) for i in range(len(urls))]
    while time.monotonic() < end:
        await asyncio.sleep(0.002)
        for i, s in enumerate(states):
            if s.get("choices") and not s.get("running") and s.get("view", {}).get("over") is False:
                position = s["position"]
                if position + 1 in sent:
                    continue
                if position not in ready:
                    ready[position] = time.monotonic() + chance.uniform(0.5, 1.5) * think
                if time.monotonic() < ready[position]:
                    continue
                sent[position + 1] = time.monotonic()
                await sockets[i].send(json.dumps({"type": "act", "action": s["choices"][0]["action"],
                                                  "revision": s["revision"]}))
    await asyncio.sleep(1.0)  # the last updates arrive
    for position, at in sent.items():
        if all(position in seen[i] for i in range(len(urls))):
            delays.append(max(seen[i][position] for i in range(len(urls))) - at)
    for s in sockets:
        await s.close()
    for r in readers:
        r.cancel()

async def main():
    await asyncio.gather(*(table(n, urls) for n, urls in enumerate(tables)))
    print(json.dumps({"accepted": accepted, "delays": delays}))

asyncio.run(main())
"""


def rss_mb() -> float:
    with open(f"/proc/{os.getpid()}/status") as status:
        for line in status:
            if line.startswith("VmRSS"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=200, help="human seats in all (default 200)")
    parser.add_argument("--seats", type=int, default=4, help="human seats at each Touring table (2-6)")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long the players play")
    parser.add_argument("--think", type=float, default=1.0,
                        help="seconds a player takes to move, on average (0: at once, the most load)")
    args = parser.parse_args()
    count = max(1, args.players // args.seats)
    folder = Path(tempfile.mkdtemp(prefix="bench-table-"))
    before = rss_mb()
    first = tw.table.host(tw.Touring(players=["human"] * args.seats, seed=0), speed="instant",
                          journal=folder / "0.sqlite")
    tables = [first] + [tw.table.host(tw.Touring(players=["human"] * args.seats, seed=n), speed="instant",
                                      port=first.port, journal=folder / f"{n}.sqlite")
                        for n in range(1, count)]
    links = [t.link(s).replace("http://", "ws://").replace("/seat/", "/ws/") for t in tables
             for s in range(args.seats)]
    started = time.monotonic()
    command = [sys.executable, "-c", PLAYERS, str(args.seconds), str(args.seats), str(args.think)]
    out = subprocess.run(command, input=json.dumps(links), capture_output=True, text=True,
                         timeout=args.seconds + 120)
    elapsed = time.monotonic() - started
    if out.returncode:
        sys.exit(out.stderr[-2000:])
    played = json.loads(out.stdout)
    during = rss_mb()
    journaled = [t.journal.count() - 1 for t in tables]
    lost = sum(max(0, a - j) for a, j in zip(played["accepted"], journaled))
    delays = sorted(played["delays"])
    p95 = delays[int(0.95 * (len(delays) - 1))] if delays else float("nan")
    for t in tables:
        t.close()
    moves = sum(played["accepted"])
    print(f"{count} Touring tables of {args.seats} human seats ({count * args.seats} players), one server, "
          f"{args.seconds:.0f} s of play, {args.think:g} s to think a move, players in a second process")
    print_table([
        ("moves accepted a second", f"{moves / args.seconds:,.0f}", "as many as the players make"),
        ("move to every seat's update, median",
         f"{statistics.median(delays) * 1000:.1f} ms" if delays else "-", ""),
        ("move to every seat's update, p95", f"{p95 * 1000:.1f} ms", "under 100 ms at 200 players"),
        ("server memory per game (pages included)", f"{(during - before) / count:.2f} MB", ""),
        ("moves lost (accepted, not journaled)", f"{lost}", "0"),
        ("games finished", f"{sum(t.game.is_over for t in tables)} of {count}", ""),
        ("wall time", f"{elapsed:.1f} s", ""),
    ])


if __name__ == "__main__":
    main()
