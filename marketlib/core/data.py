"""Loading card data (CSV) and parameters (TOML) with errors that name the file, row and column.

Card files are plain CSV with a header row. Lines starting with ``#`` are comments (the shipped
files use them to say that the default decks are a reconstruction). Rows are numbered as lines in
the file, so ``row 7`` is the 7th line a text editor shows.
"""

from __future__ import annotations

import csv
import enum
import io
import re
import shutil
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import msgspec

from marketlib.core.errors import CardDataError

E = TypeVar("E", bound=enum.Enum)
T = TypeVar("T")

_KINDS = {"float": "a number with a decimal point", "bool": "true or false", "str": "text",
          "null": "null", "array": "a list", "object": "a table"}

CARD_ID = re.compile(r"^[A-Z0-9][A-Z0-9-]*$")
"""What a card ID may look like: upper-case ASCII letters, digits and ``-`` (``MG-05``). IDs
appear in table notation, file names, HTML and JSON, so nothing else is allowed."""


@dataclass(frozen=True)
class Row:
    """One data row of a CSV file: its line number and its cells by column name."""

    file: str
    line: int
    cells: dict[str, str]

    def error(self, column: str | None, problem: str) -> CardDataError:
        return CardDataError(self.file, problem, row=self.line, column=column)

    def text(self, column: str, *, required: bool = True) -> str:
        value = self.cells.get(column, "").strip()
        if required and not value:
            raise self.error(column, "is empty")
        return value

    def integer(self, column: str, *, low: int | None = None, high: int | None = None) -> int:
        """The cell as a whole number, decoded strictly (msgspec): ``2.0``, ``true``, ``+2``,
        ``2_000`` or non-ASCII digits are refused, never converted (issue 26, point 4)."""
        raw = self.text(column)
        try:
            value = msgspec.json.decode(raw.encode(), type=int, strict=True)
        except msgspec.ValidationError as err:  # JSON of another type: 2.0, true, "2"
            kind = _KINDS.get(str(err).rsplit("`", 2)[-2], "not a number")
            raise self.error(column, f"{raw!r} is not a whole number ({kind}; write it like "
                             "2)") from None
        except msgspec.DecodeError:
            raise self.error(column, f"{raw!r} is not a whole number") from None
        if low is not None and value < low:
            raise self.error(column, f"{value} is below the minimum {low}")
        if high is not None and value > high:
            raise self.error(column, f"{value} is above the maximum {high}")
        return value

    def identifier(self, column: str) -> str:
        """A card ID (see :data:`CARD_ID`), e.g. ``MG-05``."""
        value = self.text(column)
        if not CARD_ID.match(value):
            raise self.error(column, f"{value!r} is not a card ID: use upper-case letters, "
                             "digits and '-' only, starting with a letter or digit (like MG-05)")
        return value

    def choice(self, column: str, kind: type[E], *, required: bool = True) -> E | None:
        raw = self.text(column, required=required)
        if not raw:
            return None
        return parse_enum(kind, raw, lambda problem: self.error(column, problem))


def parse_enum(kind: type[E], raw: str, fail: Any) -> E:
    """Parse ``raw`` as a member of ``kind`` by value or name, case-insensitively."""
    key = raw.strip().lower()
    for member in kind:
        if key in (str(member.value).lower(), member.name.lower()):
            return member
    allowed = ", ".join(str(m.value) for m in kind)
    raise fail(f"{raw!r} is not one of: {allowed}")


def read_csv(
    path: str | Path, *, required: Sequence[str], optional: Sequence[str] = ()
) -> list[Row]:
    """Read a CSV card file into rows, checking its columns.

    Args:
        path: the file to read.
        required: columns that must be present.
        optional: columns that may be present; any other column is an error.

    Raises:
        CardDataError: the file is missing or unreadable, a column is unknown or missing, or a
            row has more cells than the header.
    """
    name = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8-sig")  # Excel writes a byte-order mark
    except FileNotFoundError:
        raise CardDataError(name, "file not found") from None
    except (OSError, UnicodeDecodeError) as err:
        raise CardDataError(name, f"cannot be read: {err}") from None
    lines = [(n, line) for n, line in enumerate(text.splitlines(), start=1)]
    data = [(n, line) for n, line in lines if line.strip() and not line.lstrip().startswith("#")]
    if not data:
        raise CardDataError(name, "has no header row")
    header_line, header = data[0]
    columns = [c.strip() for c in next(csv.reader([header]))]
    known = set(required) | set(optional)
    for column in columns:
        if column not in known:
            raise CardDataError(
                name,
                f"unknown column (expected {', '.join(list(required) + list(optional))})",
                row=header_line,
                column=column,
            )
    for column in required:
        if column not in columns:
            raise CardDataError(name, "required column is missing", row=header_line, column=column)
    if len(set(columns)) != len(columns):
        raise CardDataError(name, "a column appears twice", row=header_line)
    rows: list[Row] = []
    for line_no, line in data[1:]:
        cells = next(csv.reader(io.StringIO(line)))
        if len(cells) > len(columns):
            raise CardDataError(
                name, f"{len(cells)} cells but the header has {len(columns)}", row=line_no
            )
        cells += [""] * (len(columns) - len(cells))
        rows.append(Row(name, line_no, dict(zip(columns, cells, strict=True))))
    return rows


def read_toml(path: str | Path) -> dict[str, Any]:
    """Read a TOML parameter file.

    Raises:
        CardDataError: the file is missing or is not valid TOML (with the line of the error).
    """
    name = str(path)
    try:
        with open(path, "rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        raise CardDataError(name, "file not found") from None
    except tomllib.TOMLDecodeError as err:
        raise CardDataError(name, f"is not valid TOML: {err}") from None


_AT = re.compile(r" - at `\$\.?([^`]*)`$")


def read_toml_as(path: str | Path, kind: type[T]) -> T:
    """Read a TOML parameter file into ``kind`` (a msgspec struct), strictly: ``2.0`` or
    ``true`` where a whole number belongs is refused, never converted (issue 26, point 4).

    Raises:
        CardDataError: as :func:`read_toml`, or naming the key that has the wrong type
            (``column 'counts.goods'``).
    """
    return convert_toml(path, read_toml(path), kind)


def convert_toml(path: str | Path, data: Any, kind: type[T], where: str = "") -> T:
    """``data``, read from the TOML file ``path`` at the key ``where``, converted strictly into
    ``kind``; a mismatch names the key (msgspec names struct fields, not a table's own keys, so
    convert a table of tables entry by entry with its key as ``where``).

    Example:
        >>> try:
        ...     convert_toml("c.toml", {"rows": 2.0}, dict[str, int], "layout.2")
        ... except CardDataError as err:
        ...     print(err)
        c.toml, column 'layout.2': must be a whole number, not a number
    """
    try:
        return msgspec.convert(data, kind, strict=True)
    except msgspec.ValidationError as err:
        message = str(err)
        found = _AT.search(message)
        below = found.group(1).replace("[...]", "") if found else ""
        key = ".".join(k for k in (where, below) if k) or None
        problem = message[: found.start()] if found else message
        raise CardDataError(str(path), _in_words(problem), column=key) from None


def _in_words(problem: str) -> str:
    """msgspec's "Expected `int`, got `float`" as "must be a whole number, not a number"."""
    found = re.fullmatch(r"Expected `(\w+)`, got `(\w+)`", problem)
    if not found:
        return problem.replace("`", "")
    words = {"int": "a whole number", **{k: v for k, v in _KINDS.items()}, "float": "a number"}
    return f"must be {words.get(found[1], found[1])}, not {words.get(found[2], found[2])}"


def check_unique(rows: Iterable[Row], column: str) -> None:
    """Raise :class:`CardDataError` at the second row that repeats a value of ``column``."""
    seen: dict[str, int] = {}
    for row in rows:
        key = row.text(column)
        if key in seen:
            raise row.error(column, f"{key!r} already appears on row {seen[key]}")
        seen[key] = row.line


def copy_files(source: Path, names: Iterable[str], folder: str | Path) -> list[Path]:
    """Copy data files ``names`` from ``source`` into ``folder`` (created if needed)."""
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for name in names:
        shutil.copyfile(source / name, target / name)
        written.append(target / name)
    return written
