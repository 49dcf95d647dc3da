"""Count the instructions a piece of work takes with valgrind's callgrind: the one speed figure
that does not move with the machine or with what else runs on it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path


def instructions_each(script: str, args: list[str], few: int, many: int,
                      folder: str | None = None) -> float | None:
    """The instructions one unit of work takes: ``python script *args N`` counted by callgrind
    for N = ``few`` and N = ``many``, the difference divided by ``many - few`` (so that starting
    Python and importing count for nothing). ``folder``: the package to import instead of this
    one (``PYTHONPATH``). Every run has the same ``PYTHONHASHSEED``. None without valgrind, or
    when a run fails."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        return None
    # Text hashes are salted afresh in each process, and dicts and sets probe as the salt falls:
    # one salt for every run keeps the count the same from run to run.
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    if folder:
        env["PYTHONPATH"] = folder
    counts = []
    with tempfile.TemporaryDirectory(prefix="touring-callgrind-") as tmp:
        for n in (few, many):
            out = Path(tmp) / f"{n}.out"
            command = [valgrind, "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, script,
                       *args, str(n)]
            try:
                subprocess.run(command, env=env, capture_output=True, check=True, timeout=1800)
                lines = out.read_text().splitlines()
                totals = next(line for line in lines if line.startswith(("summary:", "totals:")))
            except (OSError, subprocess.SubprocessError, StopIteration):
                return None
            counts.append(int(totals.split()[1]))
    return (counts[1] - counts[0]) / (many - few)
