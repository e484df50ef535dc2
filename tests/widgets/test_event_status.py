"""The board's Event strip says whether each Event is in force (B-UPK-11).

The strip showed the last three Events flipped, each with what it does, but not which were
still in force: an "until the next Event" card (``active_event``), a "next Action Phase" card
beside a vendor's Bag (``reminders``, in force in that vendor's turn and dropped at its end), or
one that is over. The scene's ``event_status`` says it, as a code the board styles and in
words, checked here against the engine's own fields in seeded random games with Events on.
"""

from __future__ import annotations

import random

from marketlib import Match, bansan
from marketlib.bansan.state import Reminder
from marketlib.core.i18n import language
from marketlib.widgets import table_of


def test_each_shown_event_is_in_force_waiting_or_over_as_the_state_says() -> None:
    table = table_of("bansan")
    seen: set[str] = set()
    for players, seed in ((3, 0), (3, 1), (3, 2), (3, 3), (2, 15)):  # 2-player seed 15: a
        # "next Action Phase" Event flipped in the last turn, so beside a Bag in the Closing
        # Round (6 of 2-player seeds 0-39 do; it read "waiting ... for their next Action Phase",
        # which never came)
        match = Match("bansan", bansan.Rules(players=players, events="reconstructed"),
                      seed=seed)
        rng = random.Random(seed)
        while not match.is_over:
            view = match.view(match.current_player or 0)
            scene = table.scene(view, match.current_player)
            assert list(scene["event_status"]) == scene["events"] == list(
                view.latest_events[-3:])
            for event, status in scene["event_status"].items():
                seats = [r.seat for r in view.reminders if r.event == event]
                closed = view.phase in ("closing", "over")  # no Action Phase is left
                if event == view.active_event:
                    expected = ("in_force", "in force until the next Event is flipped")
                elif seats and closed:
                    expected = ("over", "over: the market closed before the next Action Phase "
                                f"of {' and '.join(f'P{s}' for s in seats)}")
                elif view.current in seats:
                    expected = ("in_force",
                                f"in force in P{view.current}'s Action Phase this turn")
                elif seats:
                    expected = ("waiting", f"waiting beside the Bag of "
                                f"{' and '.join(f'P{s}' for s in seats)}, for their next "
                                "Action Phase")
                else:
                    expected = ("over", "over")
                assert (status["state"], status["words"]) == expected, (seed, event)
                seen.add("closed" if seats and closed else status["state"])
            match.play(rng.choice(match.legal_actions()))
    assert seen == {"in_force", "closed", "over"}, seen  # 'waiting' below: random play never
    # stops between the flip and the next turn (none in 300 games of 2 and 3 players)


def test_an_event_beside_another_vendors_bag_is_waiting() -> None:
    """B-UPK-11: a "next Action Phase" card beside the Bag of a vendor whose turn it is not
    waits for that vendor's Action Phase; in the Closing Round it never comes. The engine's
    fields are set here directly: random play never stops between the flip and the turn's
    end."""
    s = bansan.position(rules=bansan.Rules(players=3, events="reconstructed"),
                        rents={0: ["FV"], 1: ["WG"], 2: ["MT"]}, phase="actions", current=0)
    s = s.replace(latest_events=("EV-21",), reminders=(Reminder(1, "EV-21"),))
    status = table_of("bansan").scene(bansan.view(s, 2), 0)["event_status"]
    assert status == {"EV-21": {"state": "waiting", "words": "waiting beside the Bag of P1, for "
                                "their next Action Phase"}}
    closing = s.replace(phase="closing")
    assert table_of("bansan").scene(bansan.view(closing, 2), 0)["event_status"] == {
        "EV-21": {"state": "over",
                  "words": "over: the market closed before the next Action Phase of P1"}}


def test_the_status_in_malay() -> None:
    match = Match("bansan", bansan.Rules(players=2, events="reconstructed"), seed=1)
    rng = random.Random(1)
    while not match.state.active_event:
        match.play(rng.choice(match.legal_actions()))
    with language("ms"):
        scene = table_of("bansan").scene(match.view(0), match.current_player)
    assert scene["event_status"][match.state.active_event]["words"] == (
        "berkuat kuasa sehingga Peristiwa seterusnya dibuka")


def test_the_text_view_says_which_events_are_in_force() -> None:
    """The text view's Events line says what the board's strip says: each Event in force or
    waiting with its words, then those that are over. It listed their IDs only (stop 48)."""
    seen = set()
    for players, seed in ((3, 0), (3, 1), (2, 15)):
        match = Match("bansan", bansan.Rules(players=players, events="reconstructed"),
                      seed=seed)
        rng = random.Random(seed)
        while not match.is_over:
            view = match.view(match.current_player or 0)
            lines = [x for x in str(view).splitlines() if x.startswith("Events: ")]
            flipped = view.latest_events
            assert len(lines) == (1 if flipped else 0)
            if flipped:
                status = table_of("bansan").scene(view, match.current_player)
                said = bansan.words.event_status(view, flipped)
                assert status["event_status"] == {e: said[e] for e in flipped[-3:]}
                live = [f"{e} ({said[e]['words']})" for e in flipped
                        if said[e]["words"] != "over"]
                over = [e for e in flipped if said[e]["words"] == "over"]
                assert lines[0] == "Events: " + "; ".join(
                    live + ([f"{' '.join(over)} over"] if over else []))
                seen.update(s["state"] for s in said.values())
                if live and over:
                    seen.add("both")
            match.play(rng.choice(match.legal_actions()))
    assert {"in_force", "over", "both"} <= seen
    s = bansan.position(rules=bansan.Rules(players=3, events="reconstructed"),
                        rents={0: ["FV"], 1: ["WG"], 2: ["MT"]}, phase="actions", current=0)
    s = s.replace(latest_events=("EV-20", "EV-27"), reminders=(Reminder(seat=2, event="EV-27"),))
    assert [x for x in str(s).splitlines() if x.startswith("Events: ")] == [
        "Events: EV-27 (waiting beside the Bag of P2, for their next Action Phase); EV-20 over"]
    with language("ms"):
        line = next(x for x in str(s).splitlines() if x.startswith("Peristiwa"))
    assert line.endswith("; EV-20 sudah tamat"), line
