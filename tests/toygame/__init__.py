"""Fifteen: a tiny third game that exercises the game protocol and the registry (issue 14).

A deck of cards 1-9 is shuffled face down. In turn, each player either draws the top card
into their hand (face down: only its owner sees it; everyone sees how many cards each hand
holds) or stops for good. The game ends when everybody has stopped or the deck is empty. The
highest hand total of at most 15 wins (ties share the win); a hand over 15 is bust (score 0).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Literal

import msgspec

from marketlib.core import game as core
from marketlib.core.errors import IllegalAction, InvalidAction, Violation
from marketlib.core.game import GameInfo, Preview, check_own_move, places
from marketlib.core.seeding import deal_rng


class Ending(core.Ending):
    """How a game of Fifteen ends: declared here, as every game declares its own (issue 28)."""

    TURN_LIMIT = "turn_limit"


class Outcome(core.Outcome, frozen=True, kw_only=True):
    """A finished game of Fifteen."""

    ending: Ending


GAME = GameInfo(name="fifteen", title="Fifteen", min_players=2, max_players=4,
                rules_version="1.0", score_unit="points", endings=tuple(Ending))
LIMIT = 15


class Rules(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    game: ClassVar[str] = "fifteen"  # the game object names its game (bots' game_of reads it)
    players: int = 2


class Draw(msgspec.Struct, frozen=True, kw_only=True, tag="draw"):
    player: int

    def __str__(self) -> str:
        return f"P{self.player} draw"


class Stop(msgspec.Struct, frozen=True, kw_only=True, tag="stop"):
    player: int

    def __str__(self) -> str:
        return f"P{self.player} stop"


Action = Draw | Stop


class State(msgspec.Struct, frozen=True, kw_only=True):
    rules: Rules
    deck: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    stopped: tuple[bool, ...]
    current: int = 0
    result: Outcome | None = None


class View(msgspec.Struct, frozen=True, kw_only=True):
    viewer: int | None
    rules: Rules
    deck_size: int
    hands: tuple[tuple[int, ...] | None, ...]
    sizes: tuple[int, ...]
    stopped: tuple[bool, ...]
    current: int
    result: Outcome | None
    deck: tuple[int, ...] | None = None


def setup(rules: Rules, seed: int) -> State:
    deck = list(range(1, 10))
    deal_rng(seed).shuffle(deck)
    n = rules.players
    return State(rules=rules, deck=tuple(deck), hands=((),) * n, stopped=(False,) * n)


def current_player(state: State) -> int | None:
    return None if state.result is not None else state.current


def explain(state: State, action: Any) -> Violation | None:
    if not isinstance(action, (Draw, Stop)):
        raise InvalidAction(f"{action!r} is not a Fifteen action")
    if state.result is not None:
        return Violation(rule="F-END-01", reason="the game is over")
    if action.player != state.current:
        return Violation(rule="F-TURN-01", reason=f"it is P{state.current}'s turn")
    return None


def legal_actions(state: State) -> tuple[Action, ...]:
    if state.result is not None:
        return ()
    p = state.current
    candidates: tuple[Action, ...] = (Draw(player=p), Stop(player=p))
    return tuple(a for a in candidates if explain(state, a) is None)


def _total(hand: tuple[int, ...]) -> int:
    total = sum(hand)
    return total if total <= LIMIT else 0


def _finish(state: State) -> State:
    scores = tuple(_total(h) for h in state.hands)
    best = max(scores)
    winners = tuple(p for p, s in enumerate(scores) if s == best and best > 0)
    return msgspec.structs.replace(state, result=Outcome(winners=winners, scores=scores,
                                                         ending=Ending.TURN_LIMIT))


def apply(state: State, action: Action) -> State:
    why = explain(state, action)
    if why is not None:
        raise IllegalAction.from_violation(action, why)
    p = action.player
    hands, stopped, deck = list(state.hands), list(state.stopped), state.deck
    if isinstance(action, Draw):
        hands[p] = hands[p] + deck[:1]
        deck = deck[1:]
        if sum(hands[p]) > LIMIT:
            stopped[p] = True
    else:
        stopped[p] = True
    new = msgspec.structs.replace(state, deck=deck, hands=tuple(hands), stopped=tuple(stopped))
    if all(stopped) or not deck:
        return _finish(new)
    n = len(hands)
    nxt = next(q % n for q in range(p + 1, p + 1 + n) if not stopped[q % n])
    return msgspec.structs.replace(new, current=nxt)


def view(state: State, player: int | None) -> View:
    teacher = player is None
    over = state.result is not None
    return View(viewer=player, rules=state.rules, deck_size=len(state.deck),
                hands=tuple(h if teacher or over or q == player else None
                            for q, h in enumerate(state.hands)),
                sizes=tuple(len(h) for h in state.hands), stopped=state.stopped,
                current=state.current, result=state.result,
                deck=state.deck if teacher else None)


def determinize(v: View, rng: random.Random) -> State:
    if v.deck is not None:
        return State(rules=v.rules, deck=v.deck, hands=tuple(h or () for h in v.hands),
                     stopped=v.stopped, current=v.current, result=v.result)
    seen = {c for h in v.hands if h is not None for c in h}
    unseen = [c for c in range(1, 10) if c not in seen]
    rng.shuffle(unseen)
    hands = []
    for h, size in zip(v.hands, v.sizes, strict=True):
        if h is None:
            h, unseen = tuple(unseen[:size]), unseen[size:]
        hands.append(h)
    return State(rules=v.rules, deck=tuple(unseen[: v.deck_size]), hands=tuple(hands),
                 stopped=v.stopped, current=v.current, result=v.result)


def outcome(state: State) -> Outcome | None:
    return state.result


def standings(state: State) -> tuple[int | None, ...]:
    result = state.result
    if result is None:
        return tuple(None for _ in state.hands)
    return places(result.winners, [(s,) for s in result.scores])


def parse_action(text: str) -> Action:
    if not isinstance(text, str):
        raise InvalidAction(f"not an action: {text!r}")
    parts = text.split()
    if len(parts) == 2 and parts[0][:1] == "P" and parts[0][1:].isdigit():
        player = int(parts[0][1:])
        if parts[1] == "draw":
            return Draw(player=player)
        if parts[1] == "stop":
            return Stop(player=player)
    raise InvalidAction(f"{text!r} is not a Fifteen action (P0 draw, P0 stop)")


def info_revealed(before: State, after: State) -> bool:
    return before.deck != after.deck


def candidate_actions(state: State) -> tuple[Action, ...]:
    return tuple(a for p in range(state.rules.players) for a in (Draw(player=p), Stop(player=p)))


def check_invariants(state: State) -> list[str]:
    cards = sorted([*state.deck, *(c for h in state.hands for c in h)])
    return [] if cards == list(range(1, 10)) else [f"cards not each in one place: {cards}"]


def describe(state: State, action: Action, seat: int | None, after: State | None = None) -> str:
    return str(action)


def log_reader(state: State, action: Action, seat: int | None) -> int | None:
    return None  # a move's words hide nothing: every seat reads the teacher's


def preview(v: View, action: Action, world: State | None = None) -> Preview:
    check_own_move(v, action)  # the mover's own view only, as core asks of every game
    if isinstance(action, Draw):
        return Preview(chance=f"draws a hidden card ({v.deck_size} left); over {LIMIT} is bust")
    return Preview(certain=("you stop for good",))


Phase = Literal["play"]
