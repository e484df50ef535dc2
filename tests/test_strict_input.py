"""Strict input at the command line and in card files, and tools that check before they work
(issue 26, points 4 and 6): a --rule of the wrong type, a --rule that contradicts --players or
the mode, a card-file number written 2.0 or true, and an --out that cannot be written are each an
error naming the argument, file, row or key (exit 2 before any game is played); a learner's
Untitled.ipynb in notebooks/ is neither built into the docs nor run by pytest."""

from __future__ import annotations

import json
import os
import runpy
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from marketlib import bansan, monsoon, sim
from marketlib.__main__ import main
from marketlib.bansan.cards import load_lists
from marketlib.core import data
from marketlib.core.errors import CardDataError

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def no_games(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """sim.play_many replaced by a recorder: the list of its calls (none: nothing simulated)."""
    calls: list[Any] = []
    monkeypatch.setattr(sim, "play_many", lambda *a, **k: calls.append((a, k)))
    return calls


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(argv)
    return code, capsys.readouterr().err


@pytest.mark.parametrize(("rule", "words"), [
    ("seal_target=2.0", "--rule seal_target=2.0: must be a whole number, not a number"),
    ("seal_target=true", "--rule seal_target=true: must be a whole number, not true or false"),
    ('seal_target="10"', "--rule seal_target=\"10\": must be a whole number, not text"),
    ("seal_target=ten", "--rule seal_target=ten: must be a whole number, not text"),
    ("players=2.0", "--rule players=2.0: must be a whole number, not a number"),
    ("buy_take_fewer=1", "--rule buy_take_fewer=1: must be true or false, not a whole number"),
    ("seal_target", "--rule 'seal_target': write NAME=VALUE"),
    ("sealtarget=10", "bad rules: Object contains unknown field `sealtarget` (the options: "
                      "players, seal_target"),
])
def test_a_rule_of_the_wrong_type_is_refused_never_converted(
        rule: str, words: str, no_games: list[Any], capsys: pytest.CaptureFixture[str]) -> None:
    code, err = run(["simulate", "monsoon", "--games", "1", "--rule", rule], capsys)
    assert code == 2 and err.startswith(f"error: {words}"), err
    assert no_games == []


@pytest.mark.parametrize(("argv", "words"), [
    (["monsoon", "--players", "2", "--rule", "players=3"],
     "--rule players=3: conflicts with --players 2"),
    (["monsoon", "--rule", "seal_target=10", "--rule", "seal_target=12"],
     "--rule seal_target=12: conflicts with --rule seal_target=10"),
    (["sendiri", "--rule", "players=2"],
     "--rule players=2: conflicts with the mode 'sendiri' (players=1)"),
    (["kenduri", "--rule", "mode=standard"],
     "--rule mode=standard: conflicts with the mode 'kenduri' (mode=kenduri)"),
    (["monsoon", "--players", "2", "--rule", "players=2.0"],
     "--rule players=2.0: conflicts with --players 2"),
])
def test_a_rule_that_contradicts_another_argument_is_refused(
        argv: list[str], words: str, no_games: list[Any],
        capsys: pytest.CaptureFixture[str]) -> None:
    code, err = run(["simulate", *argv, "--games", "1"], capsys)
    assert (code, err) == (2, f"error: {words}\n")
    assert no_games == []


def test_rules_that_agree_are_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    from marketlib.__main__ import rules_from_args

    rules = rules_from_args(monsoon, "monsoon", {"players": 2}, {}, 3,
                            ["players=3", "seal_target=10", "max_turns=null",
                             "buy_overflow=cap"])
    assert (rules.players, rules.seal_target, rules.max_turns) == (3, 10, None)
    assert rules_from_args(bansan, "sendiri", {"players": 1, "mode": "sendiri"},
                           {"players": 1, "mode": "sendiri"}, None, ["players=1"]).players == 1


def unwritable_outs(tmp_path: Path) -> list[tuple[Path, str]]:
    a_file = tmp_path / "notes.txt"
    a_file.write_text("mine\n")
    return [
        (tmp_path / "missing" / "results.csv", "the folder"),
        (tmp_path, "is a folder"),
        (a_file / "results.csv", "is a file, not a folder"),
        # Not allowed even for root (the tests run as root): sysfs creates no files.
        (Path("/sys/results.csv"), "cannot be written (Permission denied)"),
    ]


def test_an_unwritable_out_is_an_error_before_any_game_is_played(
        tmp_path: Path, no_games: list[Any], capsys: pytest.CaptureFixture[str]) -> None:
    for out, words in unwritable_outs(tmp_path):
        code, err = run(["simulate", "monsoon", "--games", "3", "--out", str(out)], capsys)
        assert code == 2, out
        assert err.startswith(f"error: --out {out}: ") and words in err, err
    assert no_games == []
    assert (tmp_path / "notes.txt").read_text() == "mine\n"  # nothing written


def test_the_cli_itself_refuses_a_missing_folder_at_once(tmp_path: Path) -> None:
    out = tmp_path / "missing" / "results.csv"
    done = subprocess.run([sys.executable, "-m", "marketlib", "simulate", "monsoon", "--games",
                           "100000", "--out", str(out)], capture_output=True, text=True,
                          timeout=60)  # 100,000 games would take minutes
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == f"error: --out {out}: the folder {out.parent} does not exist\n"


def test_a_writable_out_is_left_as_it_was_until_the_games_are_saved(tmp_path: Path) -> None:
    from marketlib.__main__ import check_writable

    kept = tmp_path / "old.csv"
    kept.write_text("old results\n")
    check_writable(kept)
    check_writable(tmp_path / "new.csv")
    assert kept.read_text() == "old results\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.csv"]


def test_simulate_writes_both_frames(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "r.csv"
    assert main(["simulate", "monsoon", "--games", "2", "--out", str(out)]) == 0
    assert len(sim.load_results(out)) == 4 and (tmp_path / "r.turns.csv").exists()


@pytest.mark.parametrize(("old", "new", "row", "column", "words"), [
    ("MG-02,Gem,2", "MG-02,Gem,2.0", 5, "quantity",
     "'2.0' is not a whole number (a number with a decimal point; write it like 2)"),
    ("MG-02,Gem,2", "MG-02,Gem,true", 5, "quantity",
     "'true' is not a whole number (true or false; write it like 2)"),
    ("MG-02,Gem,2", "MG-02,Gem,2_0", 5, "quantity", "'2_0' is not a whole number"),
    ("MG-02,Gem,2", "MG-02,Gem,+2", 5, "quantity", "'+2' is not a whole number"),
    ("MG-02,Gem,2", "MG-02,Gem,\u0662", 5, "quantity", "'\u0662' is not a whole number"),
])
def test_a_goods_card_number_of_the_wrong_type_is_refused(
        tmp_path: Path, old: str, new: str, row: int, column: str, words: str) -> None:
    goods, _ = monsoon.write_default_data(tmp_path)
    text = goods.read_text(encoding="utf-8")
    assert old in text
    goods.write_text(text.replace(old, new, 1), encoding="utf-8")
    assert goods.read_text(encoding="utf-8").splitlines()[row - 1] == new
    with pytest.raises(CardDataError) as err:
        monsoon.load_goods(goods)
    assert (err.value.file, err.value.row, err.value.column) == (str(goods), row, column)
    assert err.value.problem.startswith(words), err.value.problem


@pytest.mark.parametrize(("cells", "column"), [
    ("3.0,2,0", "gold"), ("3,true,0", "silver"), ("3,2,0.5", "bulk")])
def test_an_order_number_of_the_wrong_type_is_refused(tmp_path: Path, cells: str,
                                                      column: str) -> None:
    _, orders = monsoon.write_default_data(tmp_path)
    text = orders.read_text(encoding="utf-8")
    line = "MO-01,2 Gem + 1 Scroll,3,2,0,"
    row = text.splitlines().index(next(x for x in text.splitlines() if x.startswith(line))) + 1
    orders.write_text(text.replace(line, f"MO-01,2 Gem + 1 Scroll,{cells},", 1),
                      encoding="utf-8")
    with pytest.raises(CardDataError) as err:
        monsoon.load_orders(orders)
    assert (err.value.row, err.value.column) == (row, column)
    assert "is not a whole number" in err.value.problem


def test_an_order_requirement_takes_ascii_digits_only(tmp_path: Path) -> None:
    _, orders = monsoon.write_default_data(tmp_path)
    text = orders.read_text(encoding="utf-8")
    orders.write_text(text.replace("MO-01,2 Gem", "MO-01,\u0662 Gem", 1), encoding="utf-8")
    with pytest.raises(CardDataError, match="is not like '2 Gem'") as err:
        monsoon.load_orders(orders)
    assert err.value.column == "requirements"


def test_a_shopping_list_value_of_the_wrong_type_is_refused(tmp_path: Path) -> None:
    paths = bansan.write_default_data(tmp_path)
    lists = next(Path(p) for p in paths if Path(p).name == "lists.csv")
    text = lists.read_text(encoding="utf-8")
    lists.write_text(text.replace("SL-01,FV SF MM,8", "SL-01,FV SF MM,8.0", 1), encoding="utf-8")
    row = lists.read_text(encoding="utf-8").splitlines().index("SL-01,FV SF MM,8.0") + 1
    with pytest.raises(CardDataError) as err:
        load_lists(lists)
    assert (err.value.file, err.value.row, err.value.column) == (str(lists), row, "value")
    assert err.value.problem.startswith("'8.0' is not a whole number")


@pytest.mark.parametrize(("toml", "column", "words"), [
    ("[counts]\ngoods = 38.0\norders = 36\n", "counts.goods",
     "must be a whole number, not a number"),
    ("[counts]\ngoods = 38\norders = true\n", "counts.orders",
     "must be a whole number, not true or false"),
])
def test_a_monsoon_component_count_of_the_wrong_type_is_refused(
        tmp_path: Path, toml: str, column: str, words: str) -> None:
    from marketlib.monsoon.cards import _Components

    path = tmp_path / "components.toml"
    path.write_text(toml, encoding="utf-8")
    with pytest.raises(CardDataError) as err:
        data.read_toml_as(path, _Components)
    assert (err.value.file, err.value.column, err.value.problem) == (str(path), column, words)


def test_a_bansan_layout_of_the_wrong_type_is_named_by_its_key(tmp_path: Path) -> None:
    from marketlib.bansan.cards import _Layout

    path = tmp_path / "components.toml"
    path.write_text('[counts]\nproduce = 88.0\n[layout.3]\nrows = 3\ncolumns = 3.0\n'
                    'marks = [""]\n', encoding="utf-8")
    read = data.read_toml(path)
    with pytest.raises(CardDataError) as err:  # as bansan.cards._components reads the counts
        data.convert_toml(path, read["counts"], dict[str, int], "counts")
    assert (err.value.column, err.value.problem) == ("counts",
                                                     "must be a whole number, not a number")
    with pytest.raises(CardDataError) as err:  # and each layout, by its key
        data.convert_toml(path, read["layout"]["3"], _Layout, "layout.3")
    assert (err.value.column, err.value.problem) == ("layout.3.columns",
                                                     "must be a whole number, not a number")


def test_the_shipped_counts_still_load() -> None:
    from marketlib.bansan.cards import _components as bansan_components
    from marketlib.monsoon.cards import _components as monsoon_components

    assert (monsoon_components().goods, monsoon_components().orders) == (38, 36)
    assert bansan_components().counts == {"produce": 88, "lists": 54, "events": 40, "stalls": 12}


def write_notebook(path: Path, source: str) -> None:
    path.write_text(json.dumps({
        "cells": [{"cell_type": "code", "execution_count": None, "id": "c1", "metadata": {},
                   "outputs": [], "source": source}],
        "metadata": {}, "nbformat": 4, "nbformat_minor": 5}), encoding="utf-8")


def test_the_docs_take_only_the_tutorial_notebooks(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "notebooks").mkdir()
    shutil.copyfile(ROOT / "docs" / "conf.py", tmp_path / "docs" / "conf.py")
    for name in ("00_start_here.ipynb", "12_more.ipynb", "Untitled.ipynb", "Untitled1.ipynb",
                 "1_short.ipynb", "notes.ipynb"):
        write_notebook(tmp_path / "notebooks" / name, "1 + 1")
    (tmp_path / "docs" / "tutorials").mkdir()
    write_notebook(tmp_path / "docs" / "tutorials" / "Untitled.ipynb", "stale")
    monkeypatch.setattr(sys, "path", list(sys.path))
    runpy.run_path(str(tmp_path / "docs" / "conf.py"))  # as sphinx reads it: copies at once
    copied = sorted(p.name for p in (tmp_path / "docs" / "tutorials").iterdir())
    assert copied == ["00_start_here.ipynb", "12_more.ipynb"]


def test_pytest_runs_only_the_tutorial_notebooks(tmp_path: Path) -> None:
    """The project's pytest options (pyproject.toml) collect the tutorials in notebooks/ and
    leave a learner's notebooks there out: shown with a copy of the options in a folder of
    tutorials and learners' notebooks that fail."""
    shutil.copyfile(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    (tmp_path / "notebooks").mkdir()
    write_notebook(tmp_path / "notebooks" / "00_tutorial.ipynb", "1 + 1")
    for name in ("Untitled.ipynb", "Untitled1.ipynb", "1_short.ipynb", "12-dash.ipynb",
                 "notes.ipynb"):
        write_notebook(tmp_path / "notebooks" / name, "raise RuntimeError('a learner types')")
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
         "-o", "addopts=" + _addopts().replace("--dist loadfile", ""), "notebooks"],
        capture_output=True, text=True, timeout=120, cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 passed" in done.stdout and "Untitled" not in done.stdout


def _addopts() -> str:
    import tomllib

    options = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return " ".join(options["tool"]["pytest"]["ini_options"]["addopts"].split())


def test_the_project_s_notebooks_are_all_tutorials() -> None:
    names = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    assert names and all(n[:2].isdigit() and n[2] == "_" for n in names), names
