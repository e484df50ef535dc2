"""Colours every board and static picture shares: the Okabe-Ito colour-blind-safe palette and
the text colour that reads on each of them (WCAG 2 contrast; docs: "Boards")."""

from __future__ import annotations

OKABE_ITO = ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7")


def _luminance(colour: str) -> float:
    """WCAG 2 relative luminance of ``#rrggbb`` (0 black .. 1 white)."""
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    """The WCAG 2 contrast ratio of two ``#rrggbb`` colours (1 .. 21).

    Example:
        >>> round(contrast("#000000", "#ffffff"), 1)
        21.0
    """
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def ink(background: str) -> str:
    """Black or white, whichever reads better on ``background`` (``#rrggbb``).

    Raises:
        ValueError: ``background`` is not ``#rrggbb``.

    Example:
        >>> ink("#E69F00"), ink("#0072B2")
        ('#000000', '#ffffff')
    """
    if len(background) != 7 or background[0] != "#":
        raise ValueError(f"a colour is #rrggbb, not {background!r}")
    black, white = contrast(background, "#000000"), contrast(background, "#ffffff")
    return "#000000" if black >= white else "#ffffff"


__all__ = ["OKABE_ITO", "contrast", "ink"]
