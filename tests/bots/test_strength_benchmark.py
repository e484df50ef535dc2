"""``benchmarks/bots_strength.py`` runs (issue 29, point 3): a bounded seeded sample of a few
games, so the benchmark keeps working while CI stays quick; the figures come from the script."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "bots_strength.py"


def test_strength_benchmark_runs_a_small_seeded_sample(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    spec = importlib.util.spec_from_file_location("bots_strength", SCRIPT)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "bots_strength", bench)  # its dataclass looks itself up
    spec.loader.exec_module(bench)
    bench.main(["--settings", "monsoon2,sendiri", "--games", "1", "--seeds", "3",
                "--iterations", "10", "--jobs", "1"])
    out = capsys.readouterr().out
    assert out.count("seeds pooled") == 3  # monsoon2, and both bots of Sendiri
    assert "ISMCTSBot     1 games" in out and "95% CI" in out
    assert "paired difference ISMCTSBot - GreedyBot" in out
