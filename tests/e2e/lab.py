"""JupyterLab end-to-end harness (TOOLCHAIN.md "Real browser"): a Lab server on loopback with
fresh settings and no token, and Debian chromium driven by Playwright through
``window.jupyterapp.commands``."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import nbformat

OUT = Path(__file__).resolve().parents[2] / "test-results" / "e2e"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def lab_server(root: Path) -> Iterator[str]:
    """Start JupyterLab serving ``root``; yields its base URL; stops it afterwards."""
    port = free_port()
    settings = root / ".lab-settings"
    (settings / "@jupyterlab" / "apputils-extension").mkdir(parents=True)
    (settings / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings"
     ).write_text(json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    # every cell stays in the page (no windowing), so tests can find every board
    (settings / "@jupyterlab" / "notebook-extension").mkdir(parents=True)
    (settings / "@jupyterlab" / "notebook-extension" / "tracker.jupyterlab-settings"
     ).write_text(json.dumps({"windowingMode": "none"}))
    env = dict(os.environ, JUPYTERLAB_SETTINGS_DIR=str(settings),
               JUPYTERLAB_WORKSPACES_DIR=str(root / ".lab-workspaces"))
    log = open(root / "lab.log", "w")  # noqa: SIM115 - closed below
    proc = subprocess.Popen(
        [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root", "--ip=127.0.0.1",
         f"--port={port}", "--ServerApp.port_retries=0", "--IdentityProvider.token=",
         "--ServerApp.password=", "--LabApp.expose_app_in_browser=True",
         f"--ServerApp.root_dir={root}"],
        env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                urllib.request.urlopen(f"{url}/api/status", timeout=2)
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError((root / "lab.log").read_text()) from None
                time.sleep(0.5)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def write_notebook(path: Path, cells: list[str]) -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(c) for c in cells]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nbformat.write(nb, path)


def open_and_run(page: Any, url: str, name: str) -> None:
    """Open notebook ``name``, wait for an idle kernel, clear outputs, run all cells."""
    page.goto(f"{url}/lab/tree/{name}?reset")
    page.wait_for_function(
        "(name) => window.jupyterapp && window.jupyterapp.shell.currentWidget &&"
        " window.jupyterapp.shell.currentWidget.context &&"
        " window.jupyterapp.shell.currentWidget.context.path === name", arg=name, timeout=90_000)
    page.wait_for_function(
        "() => { const k = window.jupyterapp.shell.currentWidget.sessionContext.session?.kernel;"
        " return k && k.status === 'idle'; }", timeout=90_000)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs')")
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")


def run_code(page: Any, code: str) -> str:
    """Append a cell with ``code``, run it and return its text output."""
    page.evaluate(
        """(code) => {
          const panel = window.jupyterapp.shell.currentWidget;
          const nb = panel.content;
          nb.activeCellIndex = nb.widgets.length - 1;
          return window.jupyterapp.commands.execute('notebook:insert-cell-below').then(() => {
            nb.activeCell.model.sharedModel.setSource(code);
            return window.jupyterapp.commands.execute('notebook:run-cell');
          });
        }""", code)
    page.wait_for_function(
        """() => { const nb = window.jupyterapp.shell.currentWidget.content;
                   const cell = nb.widgets[nb.widgets.length - 1];
                   return cell.model.outputs.length > 0; }""", timeout=60_000)
    return str(page.evaluate(
        """() => { const nb = window.jupyterapp.shell.currentWidget.content;
                   const cell = nb.widgets[nb.widgets.length - 1];
                   const out = cell.model.outputs.toJSON();
                   return out.map(o => o.text || (o.data && o.data['text/plain']) || '')
                             .join(''); }"""
    ))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]
