"""Treatments: the rule sets a class experiment compares, and which table plays which (issue 31).

A room with ``treatments={"fine RM2": Rules(fine_per_card=2), "no fine": Rules(fine_per_card=0)}``
plays each named rule set at some of its tables. :func:`assign` spreads the treatments over the
tables in a balanced way (the counts differ by at most one), shuffled by a seed so that which
table gets which is chance, not the order of the room; a teacher may give the assignment
instead. A room with one rule set has one treatment, named ``""``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any


def check_names(treatments: Mapping[str, Any]) -> list[str]:
    """The treatments' names, in the order given.

    Raises:
        ValueError: no treatment, or a name that is not a non-empty string.
    """
    if not isinstance(treatments, Mapping) or not treatments:
        raise ValueError("treatments must be a dict of at least one name -> rules, e.g. "
                         '{"fine RM2": Rules(fine_per_card=2), "no fine": Rules(fine_per_card=0)}')
    names = list(treatments)
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise ValueError(f"a treatment's name must be a non-empty string, not {name!r}")
    return names


def assign(names: Sequence[str], tables: int, seed: int,
           given: Sequence[str] | None = None) -> list[str]:
    """The treatment of each table (``room.tables[i]`` plays ``result[i]``).

    Args:
        names: the treatments' names.
        tables: how many tables.
        seed: shuffles the balanced assignment (kept with the room, so it resumes the same).
        given: the teacher's assignment, one name per table (then ``seed`` is not used).

    Raises:
        ValueError: ``given`` has the wrong length or names an unknown treatment.

    Example:
        >>> assign(["fine", "no fine"], 5, seed=3)
        ['fine', 'fine', 'no fine', 'fine', 'no fine']
        >>> assign(["fine", "no fine"], 2, seed=3, given=["no fine", "no fine"])
        ['no fine', 'no fine']
    """
    if given is not None:
        chosen = list(given)
        if len(chosen) != tables:
            raise ValueError(f"assign names {len(chosen)} treatment(s) for {tables} table(s): "
                             "give one per table")
        for i, name in enumerate(chosen):
            if name not in names:
                raise ValueError(f"assign[{i}] (Table {i + 1}) is {name!r}, which is not a "
                                 f"treatment; the treatments are {list(names)}")
        return chosen
    balanced = [names[i % len(names)] for i in range(tables)]
    random.Random(seed).shuffle(balanced)
    return balanced


__all__ = ["assign", "check_names"]
