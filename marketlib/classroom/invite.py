"""How students find a room: its join address, that address as a QR code, and the table of
join codes a notebook shows for ``room`` (docs: "Running a class")."""

from __future__ import annotations

import html
import socket
from typing import TYPE_CHECKING

from marketlib.core.i18n import _

if TYPE_CHECKING:
    from marketlib.classroom.room import Room

LOOPBACK = "127.0.0.1"


def join_url(host: str, port: int, address: str = "") -> str:
    """The address students open: ``address`` when given, else ``http://HOST:PORT/`` (for a
    server on every network, this computer's own address).

    Example:
        >>> join_url("127.0.0.1", 8000), join_url("::1", 80), join_url("0.0.0.0", 1, "http://x/")
        ('http://127.0.0.1:8000/', 'http://[::1]:80/', 'http://x/')
    """
    if address:
        return address
    if host in ("0.0.0.0", "::", ""):
        try:
            host = socket.gethostbyname(socket.gethostname())
        except OSError:
            host = LOOPBACK
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}/"


def qr_svg(url: str, scale: int = 4) -> str:
    """``url`` as a QR code (an SVG element; needs ``segno``, of the ``classroom`` extra):
    black on its own white square, quiet zone included, so it reads on a dark page too (on
    JupyterLab's dark theme it was black on the dark page, helper-86).

    Example:
        >>> qr_svg("http://127.0.0.1:8000/", scale=1)[:74]
        '<svg width="33" height="33" class="segno"><path fill="#fff" d="M0 0h33v33h'
    """
    import segno

    text: str = segno.make(url, error="m").svg_inline(scale=scale, dark="#000", light="#fff")
    return text


def room_html(room: Room) -> str:
    """What a notebook shows for ``room``: the game, the join address and its QR code while it
    runs, and every seat's join code (with the name given, or "computer"), in the language in
    force (the room's, :func:`marketlib.set_language`, as the projector's)."""
    e = html.escape
    state = _("running") if room.running else _("not started: room.start()")
    computer = "<br><small>" + e(_("computer")) + "</small>"
    table_name = _("Table {table}")
    rows = "".join(
        f"<tr><td>{e(table_name.format(table=t.number))}</td>" + "".join(
            f"<td><code>{e(c)}</code>"
            f"{'<br><small>' + e(t.names[s]) + '</small>' if t.names[s] else ''}"
            f"{computer if s in t.bots else ''}</td>"
            for s, c in enumerate(t.codes)) + "</tr>" for t in room.tables)
    heads = "".join(f"<th>P{s}</th>" for s in range(room.tables[0].players))
    qr = room.qr_svg() if room.running else ""
    url = e(room.url) if room.running else e(_("(not started)"))
    # one whole sentence each, escaped before its slots take their markup
    about = e(_("{game} room, {count} table(s), {state}.")).format(
        game=f"<b>{e(room.title)}</b>", count=len(room.tables), state=e(state))
    how = e(_("Students open {address} and type their code.")).format(
        address=f'<b><a href="{url}" target="_blank">{url}</a></b>')
    head = e(_("table"))
    return (f'<div class="marketlib-room"><p>{about} {how}</p>{qr}'
            f"<table><tr><th>{head}</th>{heads}</tr>{rows}</table></div>")


__all__ = ["LOOPBACK", "join_url", "qr_svg", "room_html"]
