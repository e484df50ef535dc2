"""Where every random number comes from: one seeded stream per purpose (docs: "Seeds and
replays" on the API page).

A game's seed is any Python ``int`` (negative and huge ones included). From it derive:

* the **deal stream**, :func:`deal_rng`, which shuffles the decks at ``setup`` (and nothing
  else: mid-game reshuffles use the hidden ``shuffle_key`` the deal draws);
* one **bot stream per seat**, :func:`bot_rng`, which is the only chance a computer player in
  that seat ever uses.

Both are ``random.Random`` objects seeded from a byte string, so they are the same on every
platform and Python version that keeps ``random.Random``'s documented seeding (version 2:
a ``str`` seed is hashed with SHA-512 together with its bytes). The deal stream of a
non-negative seed ``s`` is exactly ``random.Random(s)``, the scheme since marketlib 0.1, so
every saved game and golden transcript replays unchanged. Python seeds an ``int`` by its
absolute value, so ``random.Random(-5)`` equals ``random.Random(5)``; a negative seed therefore
seeds from the text ``"marketlib:deal:-5"`` instead, which no small ``int`` seed reaches. The
bot stream of seat ``k`` seeds from the text ``"marketlib:{seed}:{k}"`` (negative seeds keep
their sign in the text).

Saves keep the scheme that dealt them (issue 26, point 5): a file written before 01f0d52 dealt a
negative seed with ``random.Random(seed)``, i.e. as its absolute value. :data:`DealScheme` names
the two schemes and :func:`setup_seed` gives the seed a game's ``setup`` takes for each, so a
``Match(..., deal="absolute")`` replays such a file (docs: "Save files", Versions).

Why not numpy's ``SeedSequence``, the field's standard for spawning streams: it refuses
negative entropy, and moving to it would change every deal of every saved game. Its idea is
kept: each stream is named by the seed plus a fixed key (``deal``, or the seat), streams never
share state, and a computer player's draws depend only on the seed, its seat and how many
choices it has made so far in the game (a board rewinds that count with undo).

Example:
    >>> deal_rng(5).random() == deal_rng(-5).random()
    False
    >>> deal_rng(7).random() == __import__("random").Random(7).random()
    True
    >>> bot_rng(3, 1).random() == bot_rng(3, 1).random() != bot_rng(3, 0).random()
    True
"""

from __future__ import annotations

import operator
import random
from typing import Final, Literal


def check_seed(seed: object) -> int:
    """``seed`` as an ``int`` (numpy integers are accepted: ``np.int64(3)``, a frame's
    ``seed`` column read back).

    Raises:
        TypeError: a ``bool``, ``float``, ``str`` or anything else that is not an integer.
    """
    if type(seed) is not int:
        if not isinstance(seed, bool) and hasattr(type(seed), "__index__"):
            return operator.index(seed)  # type: ignore[arg-type]  # checked just above
        raise TypeError(f"a seed is an int, not {type(seed).__name__} {seed!r}")
    return seed


DealScheme = Literal["signed", "absolute"]
"""How a seed deals a game: ``"signed"``, :func:`deal_rng` (since 01f0d52: a negative seed deals
its own game), or ``"absolute"``, ``random.Random(seed)`` (marketlib 0.1 before 01f0d52: a negative
seed deals the game of its absolute value). The two agree on every non-negative seed."""
DEAL_SCHEMES: Final[tuple[DealScheme, ...]] = ("signed", "absolute")


def setup_seed(seed: int, deal: DealScheme = "signed") -> int:
    """The seed a game's ``setup`` takes to deal ``seed`` by the scheme ``deal``.

    Example:
        >>> setup_seed(-5), setup_seed(-5, "absolute"), setup_seed(7, "absolute")
        (-5, 5, 7)

    Raises:
        TypeError: ``seed`` is not an ``int``.
        ValueError: ``deal`` is not one of :data:`DEAL_SCHEMES`.
    """
    seed = check_seed(seed)
    if deal not in DEAL_SCHEMES:
        raise ValueError(f"deal must be 'signed' or 'absolute', not {deal!r}")
    # deal_rng(abs(s)) is random.Random(abs(s)), which is random.Random(s): the old deal.
    return abs(seed) if deal == "absolute" else seed


def deal_rng(seed: int) -> random.Random:
    """The stream that deals a game with ``seed`` (any ``int``).

    Raises:
        TypeError: ``seed`` is not an ``int`` (a ``bool`` or ``float`` is refused).
    """
    seed = check_seed(seed)
    return random.Random(seed) if seed >= 0 else random.Random(f"marketlib:deal:{seed}")


def any_time_rng(seed: int, seat: int, position: int) -> random.Random:
    """The stream a computer player in ``seat`` uses to weigh its out-of-turn actions at move
    ``position`` of a game with ``seed`` (docs: "Boards", computer players out of turn).

    A fresh stream per position, so asking a computer player whether it wants to act out of
    turn never moves its own stream (:func:`bot_rng`): a board, a replay or a resumed
    classroom table gets the same answer at the same position, whether or not it asked before.

    Raises:
        TypeError: ``seed``, ``seat`` or ``position`` is not an ``int``.
    """
    return random.Random(
        f"marketlib:any-time:{check_seed(seed)}:{check_seed(seat)}:{check_seed(position)}")


def bot_rng(seed: int, seat: int) -> random.Random:
    """The stream of the computer player in ``seat`` for a game with ``seed``.

    Raises:
        TypeError: ``seed`` or ``seat`` is not an ``int``.
    """
    return random.Random(f"marketlib:{check_seed(seed)}:{check_seed(seat)}")


POINT_SEED_BITS: Final = 48
"""A grid point's seed has this many random bits (:func:`point_seed`): below 2**53, so it
survives JSON and JavaScript numbers exactly."""


def point_seed(seed: int, point: int) -> int:
    """The seed of game 0 of grid point ``point`` of a rule sweep run with ``seed``
    (``marketlib.sim.sweep``; issue 33, point 3): game ``i`` of that point uses this plus ``i``.

    The first 48 bits (:data:`POINT_SEED_BITS`) of the stream seeded from the text
    ``"marketlib:point:{seed}:{point}"`` (SHA-512, like :func:`bot_rng`), so any ``int`` seed
    works and every point deals its own games: the seed ranges of two points of one sweep overlap
    with a chance of about ``games * points**2 / 2**48`` (for 100 points of 100,000 games, about
    4 in a million).

    Raises:
        TypeError: ``seed`` or ``point`` is not an ``int``.

    Example:
        >>> point_seed(7, 0), point_seed(7, 1)
        (163117626959139, 23829940996757)
    """
    return random.Random(f"marketlib:point:{check_seed(seed)}:{check_seed(point)}").getrandbits(
        POINT_SEED_BITS)


__all__ = ["DEAL_SCHEMES", "POINT_SEED_BITS", "DealScheme", "any_time_rng", "bot_rng",
           "check_seed", "deal_rng", "point_seed", "setup_seed"]
