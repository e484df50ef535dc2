"""Command line: ``python -m marketlib simulate ...`` and ``python -m marketlib replay FILE``.

Examples::

    python -m marketlib simulate monsoon --players 2 --bots greedy,random --games 1000 \\
        --seed 1 --out results.parquet
    python -m marketlib replay game.json
    python -m marketlib page site/play    # the Play page: the games in a browser, no install
"""

from __future__ import annotations

import argparse
import re
import shlex
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import msgspec

from marketlib.core import registry
from marketlib.core.errors import MarketlibError
from marketlib.core.game import score_unit
from marketlib.core.match import Match
from marketlib.core.savefile import in_words


def _rule_value(text: str) -> Any:
    """A ``--rule`` value: JSON where it is JSON (``10``, ``2.0``, ``true``, ``null``, ``"10"``),
    else the text itself (``cap``). Its type is then checked strictly against the option's."""
    try:
        return msgspec.json.decode(text)
    except msgspec.DecodeError:
        return text


_AT = re.compile(r" - at `\$\.(\w+)[^`]*`$")


def rules_from_args(game: Any, mode: str, implied: Mapping[str, Any],
                    fixed: Mapping[str, Any], players: int | None, items: Sequence[str]) -> Any:
    """The game's ``Rules`` from the command line (issue 26, point 4): ``implied`` (the game's
    defaults and the mode's options), ``fixed`` (what the mode ``mode`` fixes), ``--players``
    and each ``--rule NAME=VALUE``, decoded strictly (msgspec, ``strict=True``): a float, bool or
    text where a whole number belongs is refused, never converted.

    Raises:
        ValueError: naming the argument: ``--rule seal_target=2.0: must be a whole number, not
            a number``; a ``--rule`` that repeats or contradicts ``--players``, the mode or
            another ``--rule``; an unknown option.
    """
    options: dict[str, Any] = dict(implied)
    given = {name: f"the mode {mode!r} ({name}={value})" for name, value in fixed.items()}
    if players is not None:
        options["players"], given["players"] = players, f"--players {players}"
    for item in items:
        name, sep, text = (part.strip() for part in item.partition("="))
        if not sep or not name:
            raise ValueError(f"--rule {item!r}: write NAME=VALUE, e.g. --rule seal_target=10")
        value = _rule_value(text)
        if name in given and (options[name] != value or type(options[name]) is not type(value)):
            raise ValueError(f"--rule {item}: conflicts with {given[name]}")
        options[name], given[name] = value, f"--rule {item}"
    try:
        return msgspec.convert(options, game.Rules, strict=True)
    except msgspec.ValidationError as err:
        message = str(err)
        found = _AT.search(message)
        where = given.get(found.group(1), "") if found else ""
        problem = in_words(message[: found.start()] if found else message)
        if where:
            name, _, text = where.removeprefix("--rule ").partition("=")
            if "Expected `array`" in message and not text.lstrip().startswith("["):
                listed = msgspec.json.encode([_rule_value(x) for x in text.split(",")])
                # helper-82 typed market_prices=2,2,4,...; quoted for the shell (helper-83)
                problem += (f": write it as a JSON list, "
                            f"--rule {shlex.quote(f'{name}={listed.decode()}')}")
            raise ValueError(f"{where}: {problem}") from None
        known = ", ".join(game.Rules.__struct_fields__)
        extra = f" (the options: {known})" if "unknown field" in message else ""
        raise ValueError(f"bad rules: {problem}{extra}") from None


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m marketlib", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play many games between bots and summarise them")
    sim.add_argument("game", help="a game or mode: " + ", ".join(
        [*registry.names(), *(m for n in registry.names() for m in registry.entry(n).modes)]))
    sim.add_argument("--players", type=int, default=None,
                     help="seats (default: the game's, 1 for Sendiri)")
    sim.add_argument("--bots", default=None,
                     help="comma-separated bots in seat order (random, greedy, ismcts), cycled "
                     "to fill the seats, at most one per seat (default: greedy,random; "
                     "greedy alone in Sendiri)")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--jobs", type=int, default=1, help="parallel workers (-1: all cores)")
    sim.add_argument("--no-rotate", action="store_true", help="keep bots in their seats")
    sim.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE",
                     help="a rule option, e.g. --rule seal_target=10 (repeatable)")
    sim.add_argument("--out", type=Path, help="save the games frame (.parquet or .csv); the "
                     "turns frame goes next to it as NAME.turns.parquet/.csv")
    sim.add_argument("--progress", action="store_true", help="show a progress bar")
    rep = sub.add_parser("replay", help="print a saved game turn by turn")
    rep.add_argument("file", type=Path)
    rep.add_argument("--boards", action="store_true", help="print the table after every turn")
    rep.add_argument("--seat", type=int, default=None,
                     help="print the game as this seat saw it: its views, and other seats' "
                     "hidden choices as a watcher at the table saw them (default: everything)")
    page = sub.add_parser("page", help="write the Play page (the games in a browser, nothing "
                          "to install) into a folder any static server can serve")
    page.add_argument("folder", type=Path)
    return parser


def write_page(args: argparse.Namespace) -> int:
    """Write the Play page into ``args.folder`` and print its size (issue 32)."""
    from marketlib.widgets.pagefolder import PageBuildError
    from marketlib.widgets.pagefolder import write_page as write

    try:
        print(write(args.folder))
    except PageBuildError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    return 0


def simulate(args: argparse.Namespace) -> int:
    """Run ``play_many`` from the command-line arguments and print a summary table."""
    from marketlib import sim

    found, implied = registry.mode(args.game)
    game = found.game()
    rules = rules_from_args(game, args.game, implied, found.modes.get(args.game, {}),
                            args.players, args.rule)
    if args.bots is None:  # the default pair, as far as there are seats (Sendiri has one)
        bots = ["greedy", "random"][:max(1, int(getattr(rules, "players", 2)))]
    else:
        bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    out = None if args.out is None else Path(args.out)
    if out is not None:  # before any game is played (issue 26, point 6)
        for path in (out, _turns_path(out)):
            check_writable(path)
    games, turns = sim.play_many(game, rules, bots, args.games, seed=args.seed,
                                 rotate_seats=not args.no_rotate, n_jobs=args.jobs,
                                 progress=args.progress)
    unit = score_unit(game, rules)
    print(summary(games, game.GAME.title, unit or "score"))
    if not unit:  # Sendiri (B-SOLO-18)
        print("(a Sendiri score is money + Deck cards, not RM: B-SOLO-18)")
    if out is not None:
        sim.save_results(games, out)
        sim.save_results(turns, _turns_path(out))
        print(f"saved {out} and {_turns_path(out)}")
    return 0


def _turns_path(out: Path) -> Path:
    return out.with_name(f"{out.stem}.turns{out.suffix}")


def check_writable(path: Path) -> None:
    """Refuse a ``--out`` file that cannot be written, before the games are played: its folder
    is missing or not a folder, it is a folder, or writing it is not allowed. An existing file
    is opened for appending and left as it is; a new one is created and removed again.

    Raises:
        ValueError: saying which path and why.
    """
    from marketlib.sim.results import results_format

    folder = path.parent
    if path.is_dir():
        raise ValueError(f"--out {path}: is a folder; give a file name such as "
                         f"{path / 'results.csv'}")
    results_format(f"--out {path}")  # .parquet or .csv, never CSV text under another name
    if not folder.exists():
        raise ValueError(f"--out {path}: the folder {folder} does not exist")
    if not folder.is_dir():
        raise ValueError(f"--out {path}: {folder} is a file, not a folder")
    existed = path.exists()
    try:
        with path.open("ab"):
            pass
    except OSError as err:
        raise ValueError(f"--out {path}: cannot be written ({err.strerror or err})") from None
    if not existed:
        path.unlink()


def summary(games: Any, title: str, unit: str) -> str:
    """A plain-text table: win rate with 95% Wilson interval and mean score, by bot and seat."""
    from marketlib.sim import win_rates

    meta = games.attrs.get("marketlib", {})
    n_games = games["game"].nunique()
    lines = [f"{title}: {n_games} games, seeds {meta.get('seeds', ['?', '?'])[0]}.."
             f"{meta.get('seeds', ['?', '?'])[1]}, endings "
             + ", ".join(f"{k} {v}" for k, v in
                         games.drop_duplicates("game")["ending"].value_counts().items()
                         if v)]
    for by in ("bot", "seat"):
        table = win_rates(games, by)
        lines.append("")
        lines.append(f"{by:<12} {'games':>6} {'wins':>6} {'win rate':>9} {'95% CI':>15} "
                     f"{'mean ' + unit:>11}")
        for row in table.itertuples(index=False):
            ci = f"{row.ci_low:.1%}-{row.ci_high:.1%}"
            lines.append(f"{getattr(row, by)!s:<12} {row.games:>6} {row.wins:>6} "
                         f"{row.win_rate:>9.1%} {ci:>15} {row.mean_score:>11.2f}")
    return "\n".join(lines)


def _seats(match: Match) -> int:
    state = match.state
    seats = getattr(state, "seats", None)
    return len(seats if seats is not None else getattr(state, "vendors", ()))


def _turn_of(state: Any) -> Any:
    return getattr(state, "turn", None)


def replay(args: argparse.Namespace) -> int:
    """Print a saved ``Match`` turn by turn: the setup table, each turn's actions, the end."""
    match = Match.load(args.file)
    game = match.game
    seat = args.seat
    if seat is not None and seat not in range(_seats(match)):
        raise ValueError(f"--seat {seat}: the game has seats 0-{_seats(match) - 1}")

    def table(state: Any) -> Any:
        return state if seat is None else game.view(state, seat)

    who = "" if seat is None else f"  as seen by P{seat}"
    print(f"{game.GAME.title}  seed {match.seed}  {len(match.history)} actions{who}")
    states = match.states
    lines = match.log(seat)
    print(table(states[0]))
    current: list[str] = []
    start = _turn_of(states[0])
    for i, line in enumerate(lines):
        current.append(line)
        after = states[i + 1]
        if _turn_of(after) != start or i == len(lines) - 1:
            print(f"turn {start}: " + "; ".join(current))
            if args.boards:
                print(table(after))
            current, start = [], _turn_of(after)
    undone = match.timeline - match.cursor
    if undone:  # kept in the file after the cursor, where the saver undid them
        print(f"({undone} undone action{'' if undone == 1 else 's'} follow, kept in the file: "
              "Match.load(...).redo() plays them again)")
    result = match.outcome
    if result is None:
        print("(the game is not finished" + (" at the cursor)" if undone else ")"))
    else:
        print(table(states[-1]))
        winners = ", ".join(f"P{p}" for p in result.winners) or "nobody"
        print(f"game over ({result.ending.value}): winners {winners}; scores "
              + " ".join(f"P{p}={s}" for p, s in enumerate(result.scores)))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the process exit code (2 for a usage or file error).

    ``simulate --out`` is checked before any game is played; a file that still cannot be written
    at the end (a full disk) is an ``error:`` line too, never a traceback.
    """
    args = _parser().parse_args(argv)
    try:
        if args.command == "simulate":
            return simulate(args)
        if args.command == "page":
            return write_page(args)
        return replay(args)
    except (MarketlibError, ValueError, OSError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
