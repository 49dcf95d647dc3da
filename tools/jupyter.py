"""Start a Jupyter server on a free port in a temporary root, and drive notebooks with Playwright.

Used by the browser tests and by ``benchmarks/bench_board.py``. The browser is Debian's
Chromium, launched as a plain executable (no browser download).
"""

from __future__ import annotations

import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
FIXTURES = REPO / "tests" / "e2e" / "fixtures"

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

#: Generous waits (ms): server, kernel and browser share a small machine.
TIMEOUT = 60_000


def chromium_path() -> str:
    """The Chromium executable; raises RuntimeError with the fix when it is not installed."""
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if not path:
        raise RuntimeError(
            "the browser tests need Chromium: install the 'chromium' package "
            "(apt-get install -y chromium); Playwright's own browser download is not used"
        )
    return path


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """A running ``jupyter lab`` or ``jupyter notebook`` with its URL, token and root dir.

    ``nodelay=True`` turns Nagle's algorithm off on the kernel websockets (see ``nodelay.py``);
    the default is the stock server.
    """

    def __init__(self, app: str, root: Path, nodelay: bool = False) -> None:
        self.app = app
        self.root = root
        self.port = free_port()
        self.token = secrets.token_hex(16)
        self.base = f"http://127.0.0.1:{self.port}"
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO), env.get("PYTHONPATH", "")) if p)
        for name in ("JUPYTER_CONFIG_DIR", "JUPYTERLAB_WORKSPACES_DIR", "JUPYTER_RUNTIME_DIR"):
            env[name] = str(root / f".{name.lower()}")
        args = [
            sys.executable,
            "-m",
            "jupyterlab" if app == "lab" else "notebook",
            "--no-browser",
            f"--port={self.port}",
            "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.token={self.token}",
            f"--ServerApp.root_dir={root}",
            "--ServerApp.port_retries=0",
            "--LabApp.news_url=None",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        ]
        if nodelay:
            args.append("--ServerApp.kernel_websocket_connection_class=tests.e2e.nodelay.NoDelayConnection")
        settings = root / ".settings"
        news = settings / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings"
        news.parent.mkdir(parents=True, exist_ok=True)
        news.write_text('{"fetchNews": "false"}')
        app_class = "LabApp" if app == "lab" else "JupyterNotebookApp"
        args.append(f"--{app_class}.user_settings_dir={settings}")
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            args.append("--allow-root")
        self.log = open(root / f"{app}.log", "wb")  # noqa: SIM115 (closed in stop())
        self.proc = subprocess.Popen(args, cwd=root, env=env, stdout=self.log, stderr=subprocess.STDOUT)
        self._wait()

    def _wait(self, seconds: float = 90) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"jupyter {self.app} exited early; log: {self.root / (self.app + '.log')}")
            try:
                with urllib.request.urlopen(f"{self.base}/api/status?token={self.token}", timeout=2):
                    return
            except OSError:
                time.sleep(0.25)
        raise RuntimeError(f"jupyter {self.app} did not answer on port {self.port} in {seconds} s")

    def url(self, notebook: str, workspace: str = "w") -> str:
        if self.app == "lab":
            return f"{self.base}/lab/workspaces/{workspace}/tree/{notebook}?reset&token={self.token}"
        return f"{self.base}/notebooks/{notebook}?token={self.token}"

    def copy_fixture(self, name: str, as_name: str) -> str:
        shutil.copy(FIXTURES / name, self.root / as_name)
        return as_name

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(5)
        self.log.close()


@contextmanager
def server(app: str, root: Path, nodelay: bool = False) -> Iterator[Server]:
    srv = Server(app, root, nodelay)
    try:
        yield srv
    finally:
        srv.stop()


@contextmanager
def browser() -> Iterator[Any]:
    """Playwright's Chromium, launched from the system executable."""
    from playwright.sync_api import sync_playwright

    path = chromium_path()
    with sync_playwright() as pw:
        chrome = pw.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        try:
            yield chrome
        finally:
            chrome.close()


# -- driving a notebook ---------------------------------------------------------------------------
class Notebook:
    """One open notebook page: run cells, type code, find boards."""

    def __init__(self, page: Any, srv: Server, name: str) -> None:
        self.page = page
        self.srv = srv
        self.name = name

    def open(self) -> Notebook:
        page = self.page
        page.goto(self.srv.url(self.name), timeout=TIMEOUT)
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=TIMEOUT)
        self.wait_kernel_idle()
        return self

    def accept_dialogs(self) -> None:
        for button in self.page.locator(".jp-Dialog .jp-mod-accept").all():
            if button.is_visible():
                button.click()

    def wait_kernel_idle(self) -> None:
        self.accept_dialogs()
        self.page.wait_for_selector(
            '.jp-Notebook-ExecutionIndicator[data-status="idle"]', state="attached", timeout=TIMEOUT
        )

    def cell(self, index: int) -> Any:
        return self.page.locator(".jp-Notebook .jp-Cell").nth(index)

    def run(self, index: int, code: str | None = None) -> None:
        """Run cell ``index`` (typing ``code`` into it first) and wait until it has run."""
        cell = self.cell(index)
        editor = cell.locator(".jp-InputArea-editor")
        editor.click()
        if code is not None:
            editor.locator(".cm-content").click()
            self.page.keyboard.press("Control+a")
            self.page.keyboard.type(code)
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        prompt = cell.locator(".jp-InputPrompt")
        before = prompt.inner_text()
        # A key pressed while the page is still wiring up the kernel can be lost: press again
        # until the prompt shows the cell queued ([*]) or run ([n]).
        for _attempt in range(8):
            editor.click()
            self.page.keyboard.press("Control+Enter")
            self.accept_dialogs()
            try:
                self.page.wait_for_function(
                    "([el, before]) => el.innerText.trim() !== before",
                    arg=[prompt.element_handle(), before],
                    timeout=5_000,
                )
                break
            except PlaywrightTimeout:  # not started yet
                continue
        self.page.wait_for_function(
            "el => /\\[\\d+\\]/.test(el.innerText)",
            arg=prompt.element_handle(),
            timeout=TIMEOUT,
        )

    def output_text(self, index: int) -> str:
        return self.cell(index).locator(".jp-OutputArea-output").all_inner_texts()

    def boards(self, index: int | None = None) -> Any:
        scope = self.page if index is None else self.cell(index)
        return scope.locator(".tw-board")

    def wait_board(self, index: int, nth: int = 0) -> Any:
        board = self.boards(index).nth(nth)
        board.locator("canvas.tw-canvas").wait_for(timeout=TIMEOUT)
        self.page.wait_for_function(
            "el => el.dataset.revision !== undefined", arg=board.element_handle(), timeout=TIMEOUT
        )
        return board

    def wait_data(self, board: Any, expression: str) -> None:
        """Wait until ``expression`` (JS, with ``d`` the board's dataset) holds."""
        self.page.wait_for_function(
            f"el => {{ const d = el.dataset; return {expression}; }}",
            arg=board.element_handle(),
            timeout=TIMEOUT,
        )

    def click_box(self, board: Any, box_id: str) -> None:
        """Click the middle of a box of the board's layout (as el.board.hitboxes() gives them)."""
        boxes = board.evaluate("el => el.board.hitboxes()")
        box = next(b for b in boxes if b["id"] == box_id)
        canvas = board.locator("canvas.tw-canvas")
        canvas.click(position={"x": box["x"] + box["w"] / 2, "y": box["y"] + box["h"] / 2})
