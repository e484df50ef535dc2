"""How students find a room: its join address, that address as a QR code, and the table of
join codes a notebook shows for ``room`` (docs: "Running a class")."""

from __future__ import annotations

import html
import socket
from typing import TYPE_CHECKING

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
    """``url`` as a QR code (an SVG element; needs ``segno``, of the ``classroom`` extra)."""
    import segno

    text: str = segno.make(url, error="m").svg_inline(scale=scale)
    return text


def room_html(room: Room) -> str:
    """What a notebook shows for ``room``: the game, the join address and its QR code while it
    runs, and every seat's join code (with the name given, or "computer")."""
    state = "running" if room.running else "not started: room.start()"
    rows = "".join(
        f"<tr><td>Table {t.number}</td>" + "".join(
            f"<td><code>{html.escape(c)}</code>"
            f"{'<br><small>' + html.escape(t.names[s]) + '</small>' if t.names[s] else ''}"
            f"{'<br><small>computer</small>' if s in t.bots else ''}</td>"
            for s, c in enumerate(t.codes)) + "</tr>" for t in room.tables)
    heads = "".join(f"<th>P{s}</th>" for s in range(room.tables[0].players))
    qr = room.qr_svg() if room.running else ""
    url = html.escape(room.url) if room.running else "(not started)"
    return (f'<div class="marketlib-room"><p><b>{html.escape(room.game)}</b> room, '
            f"{len(room.tables)} table(s), {state}. Students open <b><a href=\"{url}\" "
            f'target="_blank">{url}</a></b> and type their code.</p>{qr}'
            f"<table><tr><th>table</th>{heads}</tr>{rows}</table></div>")


__all__ = ["LOOPBACK", "join_url", "qr_svg", "room_html"]
