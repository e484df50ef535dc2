"""Command line: ``python -m marketlib simulate ...`` and ``python -m marketlib replay FILE``.

Examples::

    python -m marketlib simulate monsoon --players 2 --bots greedy,random --games 1000 \\
        --seed 1 --out results.parquet
    python -m marketlib replay game.json
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec

from marketlib.core import registry
from marketlib.core.errors import MarketlibError
from marketlib.core.match import Match


def _rule_value(text: str) -> Any:
    try:
        return msgspec.json.decode(text)
    except msgspec.DecodeError:
        return text


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m marketlib", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play many games between bots and summarise them")
    sim.add_argument("game", help="a game or mode: " + ", ".join(
        [*registry.names(), *(m for n in registry.names() for m in registry.entry(n).modes)]))
    sim.add_argument("--players", type=int, default=None,
                     help="seats (default: the game's, 1 for Sendiri)")
    sim.add_argument("--bots", default="greedy,random",
                     help="comma-separated bots in seat order (random, greedy, ismcts), cycled")
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
    return parser


def simulate(args: argparse.Namespace) -> int:
    """Run ``play_many`` from the command-line arguments and print a summary table."""
    from marketlib import sim

    found, implied = registry.mode(args.game)
    game = found.game()
    options: dict[str, Any] = dict(implied)
    if args.players is not None:
        options["players"] = args.players
    for item in args.rule:
        name, sep, value = item.partition("=")
        if not sep:
            raise ValueError(f"--rule {item!r}: write NAME=VALUE")
        options[name.strip()] = _rule_value(value.strip())
    try:
        rules = msgspec.convert(options, game.Rules)
    except msgspec.ValidationError as err:
        raise ValueError(f"bad rules: {err}") from None
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    games, turns = sim.play_many(game, rules, bots, args.games, seed=args.seed,
                                 rotate_seats=not args.no_rotate, n_jobs=args.jobs,
                                 progress=args.progress)
    print(summary(games, game.GAME.title, game.GAME.score_unit))
    if args.out is not None:
        out = Path(args.out)
        sim.save_results(games, out)
        turns_path = out.with_name(f"{out.stem}.turns{out.suffix}")
        sim.save_results(turns, turns_path)
        print(f"saved {out} and {turns_path}")
    return 0


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
    result = match.outcome
    if result is None:
        print("(the game is not finished)")
    else:
        print(table(states[-1]))
        winners = ", ".join(f"P{p}" for p in result.winners) or "nobody"
        print(f"game over ({result.ending.value}): winners {winners}; scores "
              + " ".join(f"P{p}={s}" for p, s in enumerate(result.scores)))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the process exit code (2 for a usage or file error)."""
    args = _parser().parse_args(argv)
    try:
        if args.command == "simulate":
            return simulate(args)
        return replay(args)
    except (MarketlibError, ValueError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
