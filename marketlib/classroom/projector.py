"""The projector view: what the wall shows while a class plays (issue 31, point 3).

``GET /projector`` (the page, which polls ``GET /projector.json`` every few seconds) and
``room.projector()`` (the same content in the notebook) show each table's progress, the
treatments' running results, the join address and its QR code, in big text. They are built from
public facts only, so the page can be projected: each table's :class:`TableStatus` (game, turn,
moves, whose turn by display name, paused, over, winners) and the scores of *finished* games,
which every seat sees at the end. Never a join code, never a seed (it deals every hidden card,
issue 27), never a hand or money a seat hides: :func:`payload` reads no game state but the
public turn number and a finished game's outcome.

The codes are handed out privately: :func:`slips_html` makes a printable page of slips, one per
seat (table, seat, code, the join address and its QR code), cut apart along their borders.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from marketlib.classroom.invite import qr_svg
from marketlib.classroom.prediction import histogram
from marketlib.classroom.status import seat_named
from marketlib.core.game import score_unit
from marketlib.core.i18n import N_, _, get_language

if TYPE_CHECKING:
    from marketlib.classroom.room import Room
    from marketlib.classroom.tables import RoomTable

REFRESH = 3.0
"""Seconds between two refreshes of the projector page."""


_UNITS = (N_("seals"), N_("RM"), N_("points"))
"""The games' score units (:func:`~marketlib.core.game.score_unit`; "points" where the rules
score in no unit, a Sendiri total), for the catalogue: the projector says ``_(unit)``."""


def _finished_scores(table: RoomTable) -> list[tuple[int, ...]]:
    """The scores of every finished game of ``table`` (its earlier games and, once it is over,
    the current one): public, as every seat sees them when the game ends."""
    out = [p.match.outcome.scores for p in table.past if p.match.outcome is not None]
    outcome = table.match.outcome
    if outcome is not None:
        out.append(outcome.scores)
    return out


def _table_row(table: RoomTable) -> tuple[dict[str, Any], list[tuple[int, ...]]]:
    with table.lock:
        status = table.status
        turn = getattr(table.match.state, "turn", None)
        finished = _finished_scores(table)
    current = status.to_play
    row = {"table": status.table, "treatment": status.treatment, "game": status.game,
           "turn": turn if isinstance(turn, int) else None, "moves": status.moves,
           "to_play": "" if current is None or status.over else seat_named(status, current),
           "paused": status.paused, "over": status.over,
           "winners": [seat_named(status, w) for w in status.winners] if status.over else [],
           "players": [seat_named(status, s) for s in range(len(status.shown))]}
    return row, finished


WORDS: dict[str, str] = {
    "game_over": N_("Game over: {winners} won"),
    "nobody": N_("nobody"),
    "paused": N_("{moves} moves, paused"),
    "to_play": N_("{moves} moves, {who} to play"),
    "table": N_("Table {table}"),
    "game": N_("game {game}"),
    "treatment": N_("treatment"),
    "finished": N_("finished games"),
    "mean": N_("mean score ({unit})"),
    "all_tables": N_("all tables"),
    "answers": N_("({count} answers)"),
    "unreachable": N_("Cannot reach the room's server: trying again…"),
    "join_hint": N_("Open this address and type the code on your slip."),
    "qr_alt": N_("QR code of the join address"),
    "not_started": N_("not started: room.start()"),
}
"""Every word the projector shows, in English with ``{name}`` slots: :func:`payload` sends
them in the language in force (``words``), and the page (``static/projector.js``) and
:func:`render_html` fill them; the page's JavaScript holds no words (issue 30, point 5)."""


def words() -> dict[str, str]:
    """:data:`WORDS` in the language in force."""
    return {key: _(text) for key, text in WORDS.items()}


def payload(room: Room) -> dict[str, Any]:
    """What the projector shows, as JSON-ready data (see the module's docstring).

    ``tables``: one row per table (``table``, ``treatment``, ``game``, ``turn``, ``moves``,
    ``to_play`` the seat deciding and ``winners``, each by number and display name, "P0
    Aisyah", "P1 GreedyBot" (:func:`~marketlib.classroom.status.seat_named`), ``paused``,
    ``over``, and ``players``, each seat the same way). ``treatments``: per treatment (in the
    room's order) ``tables`` (how many tables play it), ``finished`` (finished games),
    ``seats`` (seats in them) and ``mean`` (their mean score, ``None`` before any game
    finished). ``url``: the
    join address while the room runs (else ``""``); ``unit``: the score's unit;
    ``prediction``: the room's question (``None``: none) with how many answered and their
    histogram (counts only, never who answered what).
    """
    rows: list[dict[str, Any]] = []
    scores: dict[str, list[list[tuple[int, ...]]]] = {}
    for table in room.tables:
        row, finished = _table_row(table)
        rows.append(row)
        scores.setdefault(table.treatment, []).append(finished)
    treatments = []
    for name in room.treatments:
        games = [g for per_table in scores.get(name, []) for g in per_table]
        seats = [s for g in games for s in g]
        treatments.append({"treatment": name, "tables": len(scores.get(name, [])),
                           "finished": len(games), "seats": len(seats),
                           "mean": round(sum(seats) / len(seats), 2) if seats else None})
    question = room.prediction
    prediction = None if question is None else {
        "text": question.text, "answers": len(room.answers),
        "histogram": histogram(question, list(room.answers.values()))}
    match = room.tables[0].match
    unit = score_unit(match.game, match.rules) or "points"  # a Sendiri total (helper-84)
    return {"game": room.title, "unit": _(unit),  # "seals" in the language in force (_UNITS)
            "url": room.url if room.running else "", "tables": rows,
            "treatments": treatments, "prediction": prediction, "refresh": REFRESH,
            "lang": get_language(), "words": words()}


def _progress(row: dict[str, Any], w: dict[str, str]) -> str:
    if row["over"]:
        return w["game_over"].format(winners=", ".join(row["winners"]) or w["nobody"])
    if row["paused"]:
        return w["paused"].format(moves=row["moves"])
    return w["to_play"].format(moves=row["moves"], who=row["to_play"])


def render_html(data: dict[str, Any], qr: str = "") -> str:
    """The projector's content as an HTML fragment (the notebook's ``room.projector()``; the
    page draws the same from ``/projector.json`` in ``static/projector.js``)."""
    e = html.escape
    w = data.get("words") or words()
    tables = "".join(
        f'<div class="mlp-table{" mlp-over" if r["over"] else ""}">'
        f'<div class="mlp-name">{e(w["table"].format(table=r["table"]))}'
        + (f' <span class="mlp-treatment">{e(r["treatment"])}</span>' if r["treatment"] else "")
        + f'</div><div class="mlp-game">{e(w["game"].format(game=r["game"]))}</div>'
        f'<div class="mlp-progress">{e(_progress(r, w))}</div>'
        f'<div class="mlp-players">{e(" · ".join(r["players"]))}</div></div>'
        for r in data["tables"])
    arms = "".join(
        f'<tr><td>{e(t["treatment"] or w["all_tables"])}</td><td>{t["finished"]}</td>'
        f'<td>{"–" if t["mean"] is None else t["mean"]}</td></tr>'
        for t in data["treatments"])
    asked = data["prediction"]
    bars = ""
    if asked is not None:
        most = max([b["count"] for b in asked["histogram"]] + [1])
        bars = (f'<div class="mlp-prediction"><div class="mlp-question">{e(asked["text"])} '
                f'<small>{e(w["answers"].format(count=asked["answers"]))}</small></div>'
                + "".join(
                    f'<div class="mlp-bar"><span class="mlp-bar-label">{e(b["label"])}</span>'
                    f'<span class="mlp-bar-fill" style="width:{12 * b["count"] / most:.2f}em">'
                    f'</span><span>{b["count"]}</span></div>' for b in asked["histogram"])
                + "</div>")
    join = (f'<div class="mlp-join">{qr}<div class="mlp-url">{url_html(data["url"])}</div></div>'
            if data["url"] else f'<div class="mlp-join">{e(w["not_started"])}</div>')
    return (f'<div class="mlp"><style>{STYLE}</style><div class="mlp-main">'
            f'<h1 class="mlp-title">{e(data["game"])}</h1><div class="mlp-tables">{tables}'
            f'</div><table class="mlp-results"><tr><th>{e(w["treatment"])}</th>'
            f'<th>{e(w["finished"])}</th><th>{e(w["mean"].format(unit=data["unit"]))}</th></tr>'
            f"{arms}</table>{bars}</div>{join}</div>")


STYLE = """
.mlp { display: flex; gap: 1.5em; font-family: system-ui, sans-serif; font-size: 22px;
  color: #111; background: #fff; padding: 0.6em; }
.mlp-main { flex: 1; }
.mlp-title { font-size: 1.6em; margin: 0 0 0.4em; text-transform: capitalize; }
.mlp-tables { display: grid; grid-template-columns: repeat(auto-fill, minmax(14em, 1fr));
  gap: 0.6em; }
.mlp-table { border: 3px solid #1f3b57; border-radius: 10px; padding: 0.4em 0.6em; }
.mlp-over { border-color: #2e7d32; background: #eef7ee; }
.mlp-name { font-size: 1.4em; font-weight: 700; }
.mlp-treatment { font-size: 0.7em; font-weight: 600; background: #1f3b57; color: #fff;
  border-radius: 6px; padding: 0 0.3em; }
.mlp-game, .mlp-players { color: #444; }
.mlp-progress { font-size: 1.2em; font-weight: 600; margin: 0.2em 0; }
.mlp-results { margin-top: 0.8em; border-collapse: collapse; font-size: 1.2em; }
.mlp-results th, .mlp-results td { border-bottom: 2px solid #ccc; padding: 0.2em 0.8em;
  text-align: left; }
.mlp-join { text-align: center; }
.mlp-prediction { margin-top: 0.8em; }
.mlp-question { font-weight: 700; margin-bottom: 0.3em; }
.mlp-bar { display: flex; align-items: center; gap: 0.4em; margin: 0.15em 0; }
.mlp-bar-label { min-width: 8em; }
.mlp-bar-fill { display: inline-block; height: 1em; background: #1f3b57; min-width: 2px; }
.mlp-join svg, .mlp-qr { width: 12em; height: 12em; }
.mlp-hint, .mlp-link { font-size: 0.9em; color: #444; max-width: 12em; margin: 0.4em auto; }
.mlp-page { margin: 0; background: #fff; }
.mlp-page .mlp { font-size: 28px; min-height: 100vh; box-sizing: border-box; }
.mlp-url { font-size: 1.3em; font-weight: 700; max-width: 16em; margin: 0 auto;
           overflow-wrap: break-word; }
"""


def url_html(url: str) -> str:
    """The join address, escaped, that a line breaks only between its scheme, host and port
    (``<wbr>``): it broke anywhere, splitting the port ("...:423 / 61/", helper-86).

    Example:
        >>> url_html("http://127.0.0.1:42361/")
        'http://<wbr>127.0.0.1<wbr>:42361/'
        >>> url_html("http://[fd00::1234]:8000/")
        'http://<wbr>[fd00::1234]<wbr>:8000/'

    A host too long for the line still breaks where it must (``overflow-wrap``).
    """
    found = re.match(r"^(\w+://)(\[[^\]]*\]|[^/:]+)(.*)$", url)  # an IPv6 host whole
    parts = found.groups() if found else (url,)
    return "<wbr>".join(html.escape(p) for p in parts if p)


class Projector:
    """``room.projector()``: the projector's content in a notebook (shown as HTML; show it again,
    or call :meth:`html`, for the latest; the served page ``/projector`` refreshes itself)."""

    def __init__(self, room: Room) -> None:
        self.room = room

    def data(self) -> dict[str, Any]:
        return payload(self.room)

    def html(self) -> str:
        data = self.data()
        return render_html(data, qr_svg(data["url"], 6) if data["url"] else "")

    def _repr_html_(self) -> str:
        return self.html()


SLIP_STYLE = """
body { font-family: system-ui, sans-serif; margin: 0; }
.sheet { display: grid; grid-template-columns: 1fr 1fr; break-after: page;
  page-break-after: always; }
.sheet:last-child { break-after: auto; page-break-after: auto; }
.slip { box-sizing: border-box; padding: 0.5cm; border: 1px dashed #888;
  break-inside: avoid; page-break-inside: avoid; display: flex; gap: 0.4cm;
  align-items: center; }
.slip svg { width: 3cm; height: 3cm; flex: none; }
.slip-name { font-size: 16pt; font-weight: 700; }
.slip-who { font-size: 14pt; font-weight: 700; }
.slip-code { font: 700 20pt ui-monospace, monospace; letter-spacing: 0.05em; margin: 0.2em 0; }
.slip-url { font-size: 10pt; }
.slip-url b { word-break: break-all; }  /* a long address breaks, never the words */
@page { margin: 1cm; }
@media print { .slip-note { display: none; } }
"""

PER_PAGE = 10
"""Slips on one printed page (two columns of five)."""


def slips_html(room: Room, address: str = "") -> str:
    """A printable HTML page of join slips, one per seat (the student's name when the teacher
    seated the class, table, seat, join code, the join
    address and its QR code), :data:`PER_PAGE` to an A4 page, never split across pages; its
    words in the language in force (the room's, :func:`marketlib.set_language`, as the
    projector's).

    Raises:
        ValueError: no join address known yet (the room is not started and has no
            ``address``): start it first or give ``address``.
    """
    url = address or room.address or (room.url if room.running else "")
    if not url:
        raise ValueError("the slips need the join address: room.start() first, or give "
                         "address='http://...'")
    qr = qr_svg(url, 3)
    e = html.escape
    # the words in the language in force (the room's, set_language, as the projector); a
    # slot holding markup is filled after the words are escaped
    who = _("Table {table}, seat P{seat}")
    how = e(_("Open {address} and type this code.")).format(address=f"<b>{e(url)}</b>")
    cards = [
        f'<div class="slip">{qr}<div>'
        + (f'<div class="slip-name">{e(table.names[seat])}</div>' if table.names[seat] else "")
        + f'<div class="slip-who">{e(who.format(table=table.number, seat=seat))}</div>'
        f'<div class="slip-code">{e(code)}</div>'
        f'<div class="slip-url">{how}</div></div></div>'
        for table in room.tables for seat, code in enumerate(table.codes)]
    sheets = "".join(f'<section class="sheet">{"".join(cards[i:i + PER_PAGE])}</section>'
                     for i in range(0, len(cards), PER_PAGE))
    title = _("Join slips: {game}").format(game=room.title)
    note = _("Print, cut along the dashed lines and hand each student their own slip.")
    return (f'<!doctype html><html lang="{get_language()}"><head><meta charset="utf-8">'
            f"<title>{e(title)}</title><style>{SLIP_STYLE}</style></head><body>"
            f'<p class="slip-note">{e(note)}</p>{sheets}</body></html>')


def write_slips(room: Room, path: str | Path, address: str = "") -> Path:
    """Write :func:`slips_html` to ``path`` (returns it)."""
    target = Path(path)
    target.write_text(slips_html(room, address), encoding="utf-8")
    return target


__all__ = ["PER_PAGE", "REFRESH", "Projector", "payload", "render_html", "slips_html",
           "write_slips"]
