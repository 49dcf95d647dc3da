"""Plant the realistic bugs of tools/planted_bugs.py one at a time and see whether the suite catches them.

Run by hand (it is slow, and not part of CI), from anywhere in the checkout:

    python tools/plant.py                     # every bug of the catalogue, against the working tree
    python tools/plant.py B03 B17             # some of them
    python tools/plant.py --tree HEAD         # against the suite (and code) of a git revision
    python tools/plant.py --jobs 2            # two bugs at a time
    python tools/plant.py --report            # print the last results again, run nothing
    python tools/plant.py --list              # the catalogue, one line a bug

For each bug the script copies the project into planted/<bug>/ (git ignores it): the files git
knows and the untracked ones it does not ignore, or, with --tree, ``git archive`` of the commit REV
names when the run starts (results are kept by that commit). It
replaces the bug's old text by its new text in that copy (a bug whose old text is not found
exactly once "no longer applies" and is not run), then runs, from the copy's root so that the
copy's package is the one imported, the suite without the browser tests:

    python -m pytest -x -q -p no:cacheprovider -m "not e2e" tests/properties <the other testpaths>

The properties go first, and ``-x`` stops at the first failure. A bug is *caught* when the suite
fails (the first failing test is named), *survived* when it passes. Results are kept, one entry
per bug and tree, in planted/results.json (or --results FILE); a run goes on from them and skips
the bugs already measured unless --again. The exit status is always 0: this is a measurement.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import tomllib

sys.path.insert(0, str(Path(__file__).resolve().parent))
from planted_bugs import BUGS, Bug

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "planted"
FIRST = "tests/properties"
#: The property that states the promise a kind of bug breaks: it runs first, so a caught bug is
#: caught sooner (the rest of the suite still runs whenever it passes).
PROMISE = {
    "view": "tests/properties/test_seat_view.py",
    "timeline": "tests/properties/test_timeline_model.py",
    "odds": "tests/properties/test_odds_counting.py",
    "ties": "tests/properties/test_rankings.py",
    "board": "tests/properties/test_board_protocol.py",
    "scenario": "tests/properties/test_scenario_validity.py",
}


def copy_tree(dest: Path, tree: str | None) -> None:
    """The project as git sees it (working tree, or the revision ``tree``) laid out in ``dest``."""
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    if tree is None:
        names = subprocess.run(
            ["git", "ls-files", "-co", "--exclude-standard", "-z"],
            cwd=ROOT, check=True, capture_output=True,
        ).stdout.split(b"\0")
        for raw in names:
            if not raw:
                continue
            rel = raw.decode()
            src = ROOT / rel
            if not src.is_file():  # deleted in the working tree but still known to git
                continue
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / rel)
    else:
        archive = subprocess.run(["git", "archive", tree], cwd=ROOT, check=True, capture_output=True).stdout
        subprocess.run(["tar", "-xf", "-", "-C", str(dest)], input=archive, check=True)


def plant(bug: Bug, root: Path) -> str | None:
    """Apply the bug in the copy at ``root``; the reason it cannot, or None."""
    path = root / bug.file
    if not path.is_file():
        return f"no longer applies: {bug.file} does not exist"
    text = path.read_text()
    count = text.count(bug.old)
    if count != 1:
        return f"no longer applies: its old text occurs {count} times in {bug.file}, not once"
    path.write_text(text.replace(bug.old, bug.new))
    return None


def pytest_command(root: Path, kind: str = "") -> list[str]:
    """The suite without the browser tests, the properties first (the one for ``kind`` before the
    others), stopping at the first failure."""
    config = tomllib.loads((root / "pyproject.toml").read_text())
    paths = config["tool"]["pytest"]["ini_options"].get("testpaths", ["."])

    def parts(folder: Path, leave: Path | None = None) -> list[str]:
        # pytest runs a folder's files in its own order, whatever is named first: name them one by one
        return [str(part.relative_to(root)) for part in sorted(folder.iterdir()) if part != leave
                and ((part.is_dir() and part.name != "__pycache__") or part.match("test_*.py"))]

    properties = root / FIRST
    if not properties.is_dir():
        return [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-m", "not e2e", *paths]
    promise = PROMISE.get(kind)
    first = [promise] if promise and (root / promise).exists() else []
    first += [part for part in parts(properties) if part not in first]
    rest = []
    for path in paths:
        rest += parts(root / path, properties) if root / path == properties.parent else [path]
    return [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-m", "not e2e",
            *first, *rest]


def first_failure(output: str) -> str:
    """The node id of the first failing test in pytest's summary, or the last line said."""
    for line in output.splitlines():
        found = re.match(r"(FAILED|ERROR) (\S+)", line)
        if found:
            return found.group(2)
    tail = [line for line in output.splitlines() if line.strip()]
    return tail[-1][:120] if tail else "(no output)"


def run_one(bug: Bug, tree: str | None, timeout: float, keep: bool) -> dict:
    """Plant one bug in a fresh copy and run the suite there; its result."""
    root = WORK / bug.id
    started = time.monotonic()
    result = {"id": bug.id, "kind": bug.kind, "tree": tree or "working tree"}
    try:
        copy_tree(root, tree)
        why = plant(bug, root)
        if why:
            return {**result, "status": "not applied", "by": why, "seconds": 0.0}
        # CI's cases, and a failure not shrunk: only whether the suite fails is asked
        env = {**os.environ, "PYTHONPATH": str(root), "PYTHONDONTWRITEBYTECODE": "1",
               "HYPOTHESIS_PROFILE": "measure"}
        where = subprocess.run(
            [sys.executable, "-c", "import touring_widgets; print(touring_widgets.__file__)"],
            cwd=root, env=env, capture_output=True, text=True,
        ).stdout.strip()
        if not where.startswith(str(root)):
            return {**result, "status": "not run", "by": f"the copy imports {where}", "seconds": 0.0}
        cmd = pytest_command(root, bug.kind)
        proc = subprocess.Popen(
            cmd, cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            start_new_session=True,
        )
        try:
            output, _ = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            output, _ = proc.communicate()
            return {**result, "status": "timeout", "by": f"suite still running after {timeout:.0f}s",
                    "seconds": round(time.monotonic() - started, 1)}
        (WORK / f"{bug.id}.log").write_text(output)
        seconds = round(time.monotonic() - started, 1)
        if proc.returncode == 0:
            return {**result, "status": "survived", "by": "", "seconds": seconds}
        if proc.returncode in (1, 2):
            return {**result, "status": "caught", "by": first_failure(output), "seconds": seconds}
        return {**result, "status": f"pytest exit {proc.returncode}", "by": first_failure(output),
                "seconds": seconds}
    finally:
        if not keep:
            shutil.rmtree(root, ignore_errors=True)


def load_results(path: Path) -> dict[str, dict]:
    return json.loads(path.read_text()) if path.exists() else {}


def key(bug_id: str, tree: str | None) -> str:
    return f"{tree or 'working tree'}:{bug_id}"


def report(results: dict[str, dict], bugs: list[Bug], tree: str | None) -> None:
    """The table of the chosen bugs' results for this tree, and the count caught."""
    rows = [results[key(b.id, tree)] for b in bugs if key(b.id, tree) in results]
    print(f"\ntree: {tree or 'working tree'}")
    print(f"{'bug':<5} {'kind':<10} {'result':<12} {'seconds':>7}  first failing test")
    for r in rows:
        print(f"{r['id']:<5} {r['kind']:<10} {r['status']:<12} {r['seconds']:>7.1f}  {r['by']}")
    measured = [r for r in rows if r["status"] in ("caught", "survived", "timeout")]
    caught = sum(r["status"] in ("caught", "timeout") for r in measured)
    print(f"caught {caught} / {len(measured)} measured ({len(bugs)} chosen; a timeout counts as caught)")
    survivors = [r["id"] for r in measured if r["status"] == "survived"]
    if survivors:
        print(f"survived: {' '.join(survivors)}")


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("bugs", nargs="*", help="bug ids (default: all)")
    parser.add_argument("--tree", help="measure the suite of this git revision (git archive), e.g. HEAD")
    parser.add_argument("--jobs", type=int, default=1, help="bugs at a time (default 1)")
    parser.add_argument("--timeout", type=float, default=900, help="seconds per bug (default 900)")
    parser.add_argument("--results", type=Path, default=WORK / "results.json", help="results JSON")
    parser.add_argument("--again", action="store_true", help="re-run bugs that already have a result")
    parser.add_argument("--keep", action="store_true", help="keep each bug's copy in planted/<bug>/")
    parser.add_argument("--report", action="store_true", help="print the last results, run nothing")
    parser.add_argument("--list", action="store_true", help="print the catalogue, run nothing")
    args = parser.parse_args()
    by_id = {b.id: b for b in BUGS}
    unknown = [i for i in args.bugs if i not in by_id]
    if unknown:
        print(f"unknown bug ids: {' '.join(unknown)}")
        return 0
    bugs = [by_id[i] for i in args.bugs] if args.bugs else list(BUGS)
    if args.list:
        for b in bugs:
            print(f"{b.id} {b.kind:<10} {b.file}: {b.why}")
        return 0
    if args.tree is not None:
        # the commit, not the name: a HEAD that moves while the bugs run must not mix two suites
        found = subprocess.run(["git", "rev-parse", "--verify", "--quiet", f"{args.tree}^{{commit}}"],
                               cwd=ROOT, capture_output=True, text=True).stdout.strip()
        if not found:
            print(f"{args.tree!r} is not a git revision")
            return 0
        args.tree = found[:12]
    WORK.mkdir(exist_ok=True)
    results = load_results(args.results)
    if not args.report:
        todo = [b for b in bugs if args.again or key(b.id, args.tree) not in results]
        print(f"{len(todo)} bug(s) to run against {args.tree or 'the working tree'}, {args.jobs} at a time",
              flush=True)

        lock = threading.Lock()

        def one(bug: Bug) -> None:
            r = run_one(bug, args.tree, args.timeout, args.keep)
            with lock:
                results.update({k: v for k, v in load_results(args.results).items() if k not in results})
                results[key(bug.id, args.tree)] = r
                args.results.write_text(json.dumps(results, indent=1, sort_keys=True))
                print(f"{r['id']} {r['kind']:<10} {r['status']:<12} {r['seconds']:>7.1f}s  {r['by']}",
                      flush=True)

        with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            list(pool.map(one, todo))
    report(results, bugs, args.tree)
    return 0


if __name__ == "__main__":
    sys.exit(main())
