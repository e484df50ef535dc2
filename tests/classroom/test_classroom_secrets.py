"""Issue 27, "A classroom that keeps its secrets and its students": a room without a seed deals
every table afresh (and resumes the same deals), acknowledged means on disk
(``synchronous=FULL``), resume refuses edited card files by name (field ``cards``, as
``Match.load``), tables are "Table 1" first wherever a person reads them, ``room.turns()`` has
the documented ``name`` column, and an exported CSV shows a formula-like name as text."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from marketlib import monsoon
from marketlib.classroom import Room
from marketlib.classroom.frames import as_text
from marketlib.core.errors import SaveFileError

from .helpers import asgi_client, join, make_room, until


def test_a_room_without_a_seed_draws_a_fresh_secret_seed_per_table_and_resumes_it(
        tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first = make_room(tmp_path / "a", tables=3, players=2)
    second = make_room(tmp_path / "b", tables=3, players=2)
    assert first.seed is None and len(set(first.seeds + second.seeds)) == 6  # not 0, 1, 2
    assert all(s >= 0 and s.bit_length() <= 63 for s in first.seeds)
    deals = [t.match.state for t in first.tables]
    assert deals != [t.match.state for t in second.tables]
    first.fill_with_computers("random")
    first.new_game(1)
    seeds = first.seeds
    assert seeds[0] not in (first.tables[0].past[0].match.seed, first.seeds[1])
    states = [t.match.state for t in first.tables]
    first.stop()
    again = Room.resume(tmp_path / "a" / "class.sqlite")
    assert again.seeds == seeds and [t.match.state for t in again.tables] == states
    assert again.tables[0].past[0].match.state.rules == deals[0].rules
    assert again.tables[1].past == [] and again.differed == 0
    again.stop()
    second.stop()


def test_a_room_with_a_seed_deals_seed_plus_table(tmp_path: Path) -> None:
    room = make_room(tmp_path, tables=2, players=2, seed=12345)
    assert room.seeds == [12345, 12346]
    room.stop()


def test_a_students_page_is_never_sent_the_seed_while_the_game_goes_on(tmp_path: Path) -> None:
    """The finding of issue 27: every ``state`` message carried ``"seed": "12345"``."""
    room = make_room(tmp_path, players=2, seed=12345)
    with asgi_client(room).websocket_connect("/ws") as ws:
        traits = join(ws, room.codes[(1, 0)], "Ana")
    assert traits["seed"] == "" and "12345" not in repr(traits)
    room.stop()


def test_acknowledged_means_on_disk_wal_with_synchronous_full(tmp_path: Path) -> None:
    room = make_room(tmp_path, players=2)
    assert room.store.synchronous == "FULL" and room.store.pragma("synchronous") == 2
    assert room.store.journal_mode == "wal"
    room.stop()
    again = Room.resume(tmp_path / "class.sqlite")  # set again on every connection
    assert again.store.synchronous == "FULL"
    with pytest.raises(ValueError, match="not a pragma name"):
        again.store.pragma("synchronous=OFF")
    again.stop()


def owner_rules(folder: Path) -> monsoon.Rules:
    goods, orders = monsoon.write_default_data(folder)
    return monsoon.Rules(players=2, goods_deck=str(goods), order_deck=str(orders))


def edit(path: str, old: str, new: str) -> None:
    text = Path(path).read_text()
    assert old in text
    Path(path).write_text(text.replace(old, new, 1))


def test_resume_refuses_card_files_edited_since_by_name(tmp_path: Path) -> None:
    rules = owner_rules(tmp_path)
    room = Room("monsoon", tables=2, rules=rules, path=tmp_path / "class.sqlite", seed=4)
    digest = room.tables[0].cards_digest()
    assert digest and "." in digest
    with room.tables[0].lock:
        room.tables[0].seats[0].play(room.tables[0].match.legal_actions()[0])
        room.tables[0].commit()
    room.stop()
    edit(rules.goods_deck, "MG-33,Scroll/Cloth,1", "MG-33,Wood,4")
    with pytest.raises(SaveFileError) as err:
        Room.resume(tmp_path / "class.sqlite")
    assert err.value.field == "cards" and "class.sqlite" in err.value.file
    assert "Table 1" in err.value.file
    assert "card data changed" in err.value.problem and rules.goods_deck in err.value.problem
    edit(rules.goods_deck, "MG-33,Wood,4", "MG-33,Scroll/Cloth,1")
    again = Room.resume(tmp_path / "class.sqlite")  # the files restored: it resumes
    assert again.tables[0].match.cursor == 1
    again.stop()


def test_resume_refuses_a_new_game_dealt_with_other_cards(tmp_path: Path) -> None:
    rules = owner_rules(tmp_path)
    room = Room("monsoon", tables=1, rules=rules, path=tmp_path / "class.sqlite", seed=4)
    edit(rules.order_deck, "MO-01,2 Gem + 1 Scroll,3,2,0", "MO-01,2 Gem + 1 Scroll,6,2,0")
    room.new_game(1)  # the second game is dealt with the edited file; the first one was not
    room.stop()
    with pytest.raises(SaveFileError) as err:
        Room.resume(tmp_path / "class.sqlite")
    assert err.value.field == "cards" and "game 1" in err.value.file
    edit(rules.order_deck, "MO-01,2 Gem + 1 Scroll,6,2,0", "MO-01,2 Gem + 1 Scroll,3,2,0")
    with pytest.raises(SaveFileError) as err:
        Room.resume(tmp_path / "class.sqlite")
    assert err.value.field == "cards" and "game 2" in err.value.file


def test_the_printed_code_table_says_table_1_first(tmp_path: Path) -> None:
    room = make_room(tmp_path, tables=2, players=2)
    page = room._repr_html_()
    assert "<td>Table 1</td>" in page and "<td>Table 2</td>" in page
    assert "<td>0</td>" not in page and "Table 0" not in page
    dash = room.dashboard()
    assert [t["table"] for t in dash.tables] == [1, 2]
    assert list(room.status()["table"]) == [1, 2]
    assert sorted(room.codes) == [(1, 0), (1, 1), (2, 0), (2, 1)]
    assert room.seat_of(room.codes[(2, 1)]) == (2, 1)
    room.pause(2)  # the teacher's controls take the number people read (issue 27)
    assert [bool(t.session.paused) for t in room.tables] == [False, True]
    js = Path(__file__).parents[2] / "marketlib" / "classroom" / "static"
    # shown as sent: the dashboard's words (issue 30) fill "Table {table}" with t.table
    from marketlib.classroom.dashboard import WORDS

    assert WORDS["table_head"].startswith("Table {table}")
    assert "{ table: t.table, " in (js / "dashboard.js").read_text()
    # the student's page fills its words' "Table {table}" with the number as sent (issue 30)
    from marketlib.classroom.page_words import PAGE

    assert PAGE["who"].startswith("Table {table}")
    assert 't("who", { table: msg.table' in (js / "client.js").read_text()
    with asgi_client(room).websocket_connect("/ws") as ws:
        ws.send_text(json.dumps({"type": "join", "code": room.codes[(2, 0)], "name": "Ana"}))
        joined = until(ws, "joined")
    assert (joined["table"], joined["seat"]) == (2, 0)  # the page says "Table 2, seat P0"
    room.stop()


def test_turns_have_the_documented_name_and_table_columns(tmp_path: Path) -> None:
    room = make_room(tmp_path, tables=2, players=2, seed=1)
    with room.tables[1].lock:
        room.tables[1].set_name(0, "Ana")
    turns = room.turns()
    assert {"name", "table"} <= set(turns.columns)
    ana = turns[(turns["table"] == 2) & (turns["seat"] == 0)]
    assert set(ana["name"]) == {"Ana"} and set(turns[turns["table"] == 1]["name"]) == {"P0", "P1"}
    docs = (Path(__file__).parents[2] / "docs" / "teaching" / "classroom.md").read_text()
    assert "`name` column" in docs
    room.stop()


@pytest.mark.parametrize("name", ["=HYPERLINK(\"http://x\",\"y\")", "+1", "-1+2", "@SUM(A1)",
                                  "\tx", "\rx"])
def test_an_exported_csv_writes_a_formula_like_name_as_text(tmp_path: Path, name: str) -> None:
    room = make_room(tmp_path, players=2, seed=1)
    room.tables[0].set_name(0, name)
    table = room.tables[0]
    assert table.match.current_player == 0  # the student plays a move, so students.csv has them
    assert not table.handle(0, {"type": "play", "index": 0, "version": table.seats[0].version})
    room.seat_computer(1, 0, "random")
    room.seat_computer(1, 1, "random")
    assert room.tables[0].match.is_over
    room.export(tmp_path / "out", formats=("csv",))
    for file in ("games.csv", "turns.csv", "students.csv"):
        with open(tmp_path / "out" / file, newline="") as f:
            rows = list(csv.DictReader(f))
        assert rows and {r["name"] for r in rows if r["seat"] == "0"} == {"'" + name}
        assert all(not r[k].startswith(("=", "+", "@", "\t", "\r")) for r in rows for k in r)
    assert room.results()["name"].tolist()[0] == name  # the frame keeps the text as typed
    room.stop()


def test_as_text_leaves_numbers_and_plain_text_alone() -> None:
    import pandas as pd

    frame = pd.DataFrame({"name": ["Ana", "-x", None], "score": [-3, 0, 2],
                          "bot": pd.Categorical(["Person", "=1", "Person"])})
    out = as_text(frame)
    assert out["name"].tolist()[:2] == ["Ana", "'-x"] and out["score"].tolist() == [-3, 0, 2]
    assert out["bot"].tolist() == ["Person", "'=1", "Person"]


def test_a_seeded_rooms_pages_are_never_sent_a_seed_even_after_the_game(tmp_path: Path) -> None:
    """helper-94: in a room made with ``seed=5`` a finished table's page read ``"seed": "5"``,
    and ``Match(..., seed=5 + 1)`` then dealt Table 2's Deck and every Shopping List while that
    game was still played (the seeds follow from one another: seed + table + game * tables).
    A room without a seed draws each table's and game's seed apart: a finished game's page
    gets its own, which deals nothing else."""
    for seed, shown in ((5, False), (None, True)):
        (tmp_path / str(seed)).mkdir()
        room = make_room(tmp_path / str(seed), tables=2, players=2, seed=seed)
        table = room.tables[0]
        with table.lock:
            while table.match.outcome is None:
                table.match.play(table.match.legal_actions()[0])
        table.refresh()
        for seat in table.seats:
            sent = seat.traits()
            assert sent["seed"] == (str(table.match.seed) if shown else ""), (seed, sent["seed"])
        assert room.tables[1].match.outcome is None  # Table 2 plays on
        room.stop()
