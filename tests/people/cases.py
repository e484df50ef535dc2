"""The random tester that plays like people, run on every Bansan player count and mode (issue
26, point 2): 300 games each in CI, split over several files so that pytest-xdist runs them
side by side (``--dist loadfile``). ``benchmarks/people_tester.py`` runs more and prints the
figures."""

from __future__ import annotations

from marketlib import bansan
from marketlib.core.people import PeopleReport, check_people

GAMES = 300
"""Games per player count and mode in CI (the issue's floor)."""

OPENING = {"open_lists", "open_stock", "draft"}


def check(players: int, mode: str, seed: int, games: int = GAMES,
          **options: object) -> PeopleReport:
    """``games`` games of ``players`` in ``mode`` (other rule ``options`` as given): every one
    ends, nothing broke, and the paths only people take were walked (deals proposed,
    countered, accepted, declined; bargains; R&R; in the Opening and the Closing Round)."""
    rules = bansan.Rules(players=players, mode=mode, **options)  # type: ignore[arg-type]
    report = check_people("bansan", rules, n_games=games, seed=seed)
    assert report.games == games
    assert report.refused > report.games  # people's mistakes were tried, and refused
    if mode == "sendiri":  # nobody to deal with: every deal is refused by B-SOLO-08
        assert report.played_people == 0 and report.refusals["B-SOLO-08"] > games
        return report
    for kind in ("ProposeTrade", "Accept", "Decline", "Counter", "Bargain", "RentAndRelease"):
        assert report.played[kind] > 0, kind
    assert OPENING & set(report.people_phases), report.people_phases
    assert "closing" in report.people_phases or players == 2, report.people_phases
    return report
