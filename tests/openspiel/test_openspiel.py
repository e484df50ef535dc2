"""marketlib.openspiel (issue 33, point 1): both games, every mode and player count, as
OpenSpiel Python games. OpenSpiel's own check (``random_sim_test``) for every registration, with
and without serialization; the observations leak nothing a seat cannot see; every legal action
has an id that decodes back to it, and the numbering is stable; OpenSpiel's ``ISMCTSBot`` plays
a whole game with marketlib's ``determinize`` as its resampler. Bounded: about 15 s of CPU."""

from __future__ import annotations

import hashlib
import random
import subprocess
import sys

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import marketlib.openspiel as mo  # noqa: E402
from marketlib import bansan, monsoon  # noqa: E402
from marketlib.bots import RandomBot  # noqa: E402
from marketlib.openspiel.encoding import encoding as encoding_of  # noqa: E402

REGISTRATIONS = (
    [f"python_marketlib_monsoon(players={n})" for n in range(2, 6)]
    + ["python_marketlib_monsoon(players=3,seal_target=30)"]
    + [f"python_marketlib_bansan(players={n},mode={m})"
       for m in ("standard", "kenduri") for n in range(2, 6)]
    + ["python_marketlib_bansan(mode=sendiri)", "python_marketlib_bansan(mode=sendiri,hard=true)"]
)


@pytest.mark.parametrize("spec", REGISTRATIONS)
def test_random_sim_test_passes(spec: str) -> None:
    game = pyspiel.load_game(spec)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_parameters_reach_the_rules() -> None:
    game = pyspiel.load_game("python_marketlib_bansan(players=4,mode=kenduri)")
    assert game.num_players() == 4 and game.spec.rules.mode == "kenduri"
    solo = pyspiel.load_game("python_marketlib_bansan(mode=sendiri,hard=true)")
    assert solo.num_players() == 1 and solo.spec.rules.solo_target == 4
    long = pyspiel.load_game("python_marketlib_monsoon(players=3,seal_target=30)")
    assert long.spec.rules.seal_target == 30 and long.max_chance_outcomes() == mo.DEALS
    assert pyspiel.load_game("python_marketlib_monsoon(deals=7)").max_chance_outcomes() == 7


def test_import_marketlib_stays_light() -> None:
    code = "import sys, marketlib; assert 'pyspiel' not in sys.modules, 'pyspiel imported'"
    subprocess.run([sys.executable, "-c", code], check=True)


def _played(spec: str, seed: int, steps: int) -> mo.MarketlibState:
    """A state ``steps`` random decisions after deal ``seed`` (or the end, if sooner)."""
    game = pyspiel.load_game(spec)
    state = game.new_initial_state()
    state.apply_action(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state  # type: ignore[no-any-return]


@pytest.mark.parametrize(("spec", "steps"), [
    ("python_marketlib_monsoon(players=3)", 40),
    ("python_marketlib_bansan(players=3)", 40),
    ("python_marketlib_bansan(players=4,mode=kenduri)", 60),
    ("python_marketlib_bansan(mode=sendiri)", 30),
])
def test_the_observation_leaks_nothing_hidden(spec: str, steps: int) -> None:
    """Two states that differ only in what seat ``p`` cannot see (the deck order, other seats'
    hidden cards and money, the reshuffle key and so the seed's later draws) give ``p`` the
    same observation and information state, string and tensor."""
    state = _played(spec, seed=5, steps=steps)
    game = state.get_game()
    for seat in range(game.num_players()):
        other = mo.resample(state, seat, random.Random(seat))
        assert other.inner != state.inner  # something hidden differs
        assert other.observation_string(seat) == state.observation_string(seat)
        assert other.information_state_string(seat) == state.information_state_string(seat)
        assert np.array_equal(other.observation_tensor(seat), state.observation_tensor(seat))
        assert np.array_equal(other.information_state_tensor(seat),
                              state.information_state_tensor(seat))
    # ... and the observation does say something: it changes as the game goes on.
    later = _played(spec, seed=5, steps=steps + 10)
    assert not np.array_equal(later.observation_tensor(0), state.observation_tensor(0))


@pytest.mark.parametrize(("game", "rules"), [
    (monsoon, monsoon.Rules(players=4)),
    (bansan, bansan.Rules(players=5)),
    (bansan, bansan.Rules(players=3, mode="kenduri")),
    (bansan, bansan.Rules(players=1, mode="sendiri", hard=True)),
])
def test_every_legal_action_has_an_id_that_decodes_back(game: object, rules: object) -> None:
    encoding = encoding_of(game, rules)  # type: ignore[arg-type]
    for seed in range(2):
        state = game.setup(rules, seed)  # type: ignore[attr-defined]
        rng = random.Random(seed)
        while game.outcome(state) is None:  # type: ignore[attr-defined]
            legal = game.legal_actions(state)  # type: ignore[attr-defined]
            by_id = encoding.legal(game, state)
            assert len(by_id) == len(legal)  # no two actions share an id
            for action in legal:
                action_id = encoding.encode(state, action)
                assert 0 <= action_id < len(encoding) and by_id[action_id] == action
                assert encoding.text(action_id).split()[0] == type(action).__struct_config__.tag
            state = game.apply(state, rng.choice(legal))  # type: ignore[attr-defined]


def test_free_form_proposals_have_no_id() -> None:
    state = bansan.setup(bansan.Rules(players=2), 1)
    encoding = encoding_of(bansan, bansan.Rules(players=2))
    with pytest.raises(ValueError, match="free-form proposals"):
        encoding.encode(state, bansan.ProposeTrade(player=0, to=1, pay=1))


def test_the_numbering_is_stable() -> None:
    """The ids are documented (marketlib.openspiel.encoding); a change to them breaks every
    stored policy and network, so it must be deliberate: update these digests with the docs."""
    for game, rules, size, first, digest in [
        (monsoon, monsoon.Rules(), 303, ("steal", "MG-01"), "MONSOON"),
        (bansan, bansan.Rules(), 8262, ("return_list", "SL-01"), "BANSAN"),
    ]:
        encoding = encoding_of(game, rules)
        assert len(encoding) == size and encoding.keys[0] == first
        text = "\n".join(encoding.text(i) for i in range(len(encoding)))
        assert hashlib.sha256(text.encode()).hexdigest()[:16] == DIGESTS[digest]


DIGESTS = {"MONSOON": "10902804f8ee26a8", "BANSAN": "81b219d4a2ebc5c6"}


def test_openspiel_ismcts_plays_with_determinize_as_resampler() -> None:
    from open_spiel.python.algorithms import evaluate_bots

    game = pyspiel.load_game("python_marketlib_monsoon(players=2)")
    bot = mo.spiel_ismcts(game, simulations=5, seed=0)
    worlds = []
    resampler = bot._resampler_cb

    def counted(state: mo.MarketlibState, player: int) -> mo.MarketlibState:
        world = resampler(state, player)
        assert world.information_state_string(player) == state.information_state_string(player)
        worlds.append(world)
        return world  # type: ignore[no-any-return]

    bot.set_resampler(counted)
    returns = evaluate_bots.evaluate_bots(
        game.new_initial_state(), [bot, mo.MarketlibBot(RandomBot(), seed=1)],
        np.random.RandomState(1))
    assert sorted(returns) in ([0.0, 1.0], [0.5, 0.5]) and worlds
