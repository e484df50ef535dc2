"""Save-file migrations: each turns the content of one save version into the next (docs: "Save
files", Versions). :data:`marketlib.core.savefile.MIGRATIONS` lists them by the version they read.

A migration gets the content (a JSON object, not yet checked beyond its header) and a
:data:`Replays` oracle, for a change that only the game can decide: ``replays(candidate)`` says
how many of the candidate's actions replay legally, the candidate being content at the version
the migration writes.

Version 1 -> 2 (issue 26, point 5): version 2 records how the seed dealt (``deal``, see
:data:`marketlib.core.seeding.DealScheme`). Version-1 files were written both before 01f0d52,
where ``random.Random(seed)`` dealt a negative seed as its absolute value (``"absolute"``), and
after it, where a negative seed deals its own game (``"signed"``), under the same version number.
The file does not say which, so :func:`v1_to_v2` decides:

* a seed that is not negative, or a save that carries its start state: the schemes agree
  (``"signed"``);
* a negative seed: the scheme under which more of the file's actions replay, the undone ones
  included. A real game's first move almost always names a dealt card, so only one scheme
  replays a file with any moves in it (the 0.1.0 Monsoon file with seed -5 is refused at
  ``actions[0]`` by the other);
* both replay every action (a file with no moves, or moves no deal decides): ``"absolute"``, the
  scheme of marketlib 0.1.0 as released, with a :class:`AmbiguousDealWarning` saying how to choose
  the other (write ``"version": 2`` and ``"deal": "signed"`` into the file).
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

from marketlib.core.seeding import DealScheme

Replays = Callable[[dict[str, Any]], int]
"""How many actions of a candidate content replay legally (-1: its rules cannot even deal)."""


class AmbiguousDealWarning(UserWarning):
    """A version-1 save with a negative seed that both deal schemes replay (issue 26)."""


def v1_to_v2(content: dict[str, Any], replays: Replays) -> dict[str, Any]:
    """Version 1 -> 2: add ``deal``, decided as the module docstring says.

    Example:
        >>> v1_to_v2({"seed": 3, "actions": []}, lambda c: 0)["deal"]
        'signed'
        >>> v1_to_v2({"seed": -3, "actions": [1, 2]},
        ...          lambda c: 2 if c["deal"] == "signed" else 0)["deal"]
        'signed'
    """
    seed = content.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or seed >= 0 \
            or content.get("start") is not None:
        return {**content, "deal": "signed"}
    counts: dict[DealScheme, int] = {
        deal: replays({**content, "version": 2, "deal": deal}) for deal in ("absolute", "signed")}
    actions = content.get("actions")
    moves = len(actions) if isinstance(actions, list) else 0
    if counts["signed"] > counts["absolute"]:
        return {**content, "deal": "signed"}
    if counts["absolute"] == counts["signed"] == moves:
        warnings.warn(
            f"a version-1 save with seed {seed} and {moves} move(s) that replays under both deal "
            "schemes; it is read as dealt by marketlib 0.1.0 as released (deal 'absolute', the "
            "game of seed " f"{-seed}). To read it as dealt since 01f0d52, set \"version\": 2 "
            "and \"deal\": \"signed\" in the file (docs: Save files, Versions)",
            AmbiguousDealWarning, stacklevel=2)
    return {**content, "deal": "absolute"}


__all__ = ["AmbiguousDealWarning", "Replays", "v1_to_v2"]
