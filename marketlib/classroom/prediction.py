"""The class's prediction before play (issue 31, point 2): one question a teacher may ask, a
number or a choice among options, answered on each student's page and stored with the student.

``Room(..., prediction=Question("How much will a vendor at a table with a fine end with?"))``
or ``Question("Will the fine lower the vendors' money?", choices=["lower", "the same",
"higher"])``. Off by default. The answers are public to the teacher (``room.predictions()``,
beside the outcome in ``room.compare()``) and shown on the projector as a histogram, never as
who answered what.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from marketlib.core.i18n import _

MAX_TEXT = 300
"""Characters of a question or an option."""


@dataclass(frozen=True)
class Question:
    """One question (``kind`` ``"number"``, or ``"choice"`` when ``choices`` are given).

    Example:
        >>> Question("How many RM?").kind, Question("Which?", choices=["a", "b"]).kind
        ('number', 'choice')
        >>> Question("Which?", choices=["a", "b"]).check("b"), Question("RM?").check("12.5")
        ('b', 12.5)
    """

    text: str
    kind: str = ""
    choices: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        choices = tuple(str(c) for c in self.choices)
        kind = self.kind or ("choice" if choices else "number")
        if kind not in ("number", "choice"):
            raise ValueError(f"a question's kind is 'number' or 'choice', not {kind!r}")
        if not isinstance(self.text, str) or not self.text.strip() or len(self.text) > MAX_TEXT:
            raise ValueError(f"a question needs a text of 1 to {MAX_TEXT} characters")
        if kind == "choice" and (len(choices) < 2 or len(set(choices)) != len(choices)
                                 or any(not c.strip() or len(c) > MAX_TEXT for c in choices)):
            raise ValueError("a choice question needs at least two different, non-empty options")
        if kind == "number" and choices:
            raise ValueError("a number question has no choices (give kind='choice')")
        object.__setattr__(self, "choices", choices)
        object.__setattr__(self, "kind", kind)

    def check(self, answer: Any) -> str | float:
        """``answer`` as stored: an option of a choice question, a finite number otherwise.

        Raises:
            ValueError: not one of the options, or not a number.
        """
        if self.kind == "choice":
            if answer not in self.choices:
                raise ValueError(_("answer one of {choices}").format(choices=list(self.choices)))
            return str(answer)
        try:
            value = float(str(answer).strip().replace(",", ""))
        except ValueError:
            raise ValueError(_("answer with a number")) from None
        if not math.isfinite(value):
            raise ValueError(_("answer with a number"))
        return value

    def public(self) -> dict[str, Any]:
        """The question as the page and the database hold it."""
        return {"text": self.text, "kind": self.kind, "choices": list(self.choices)}

    @classmethod
    def of(cls, stored: Any) -> Question | None:
        """The question stored by :meth:`public` (``None``: no question)."""
        if not stored:
            return None
        return cls(str(stored["text"]), str(stored.get("kind", "")),
                   tuple(stored.get("choices") or ()))


BINS = 8
"""Bars of a number question's histogram on the projector."""


def histogram(question: Question, answers: list[str | float]) -> list[dict[str, Any]]:
    """The answers counted for the projector: per option, or per range of numbers
    (:data:`BINS` equal ranges from the smallest to the largest answer).

    Example:
        >>> [b["count"] for b in histogram(Question("?", choices=["a", "b"]), ["b", "b", "a"])]
        [1, 2]
        >>> histogram(Question("?"), [5.0, 5.0])
        [{'label': '5', 'count': 2}]
    """
    if question.kind == "choice":
        return [{"label": c, "count": sum(1 for a in answers if a == c)}
                for c in question.choices]
    values = [float(a) for a in answers]
    if not values:
        return []
    low, high = min(values), max(values)
    if low == high:
        return [{"label": f"{low:g}", "count": len(values)}]
    width = (high - low) / BINS
    counts = [0] * BINS
    for v in values:
        counts[min(BINS - 1, int((v - low) / width))] += 1
    return [{"label": f"{low + i * width:.3g}–{low + (i + 1) * width:.3g}", "count": n}
            for i, n in enumerate(counts)]


__all__ = ["BINS", "MAX_TEXT", "Question", "histogram"]
