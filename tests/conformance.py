"""Seeded random playthroughs with invariant checks (OpenSpiel's random-simulation test, for hothsim).

Importable by worker processes: `play_checked(scenario, seed)` plays one game to the end choosing
uniformly among the legal actions, checks the invariants after every decision, and replays the record.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache

from hothsim.data.catalog import Catalog
from hothsim.games import load_game, open_game
from hothsim.kernel.engine import IllegalAction

MAX_DECISIONS = 50_000


def choose(rnd: random.Random, actions: list):
    """A random legal action: first a kind of action (move, attack, Force, end...), then one of that kind.

    Uniform over all actions would almost always pick one of the hundreds of moves; picking the kind first
    exercises attacks, abilities and reactions as often as moving, and still only ever plays legal actions.
    """
    kinds: dict[str, list] = {}
    for a in actions:
        kinds.setdefault(type(a).__name__, []).append(a)
    kind = rnd.choice(sorted(kinds))
    return rnd.choice(kinds[kind])


def play_typed(game, line: str) -> bool:
    """Apply a line as a player typed it; True if it was played.  A refusal (bad notation included) must
    be an IllegalAction naming the rule, and must leave the game and its record unchanged."""
    before = (game.state, game.record)
    legal = game.legal_actions()
    try:
        game.apply_notation(line)
    except IllegalAction as e:
        assert e.rule and e.message
        assert (game.state, game.record) == before, "a refusal changed the game"
        return False
    # Played: it was one of the legal choices (a move or a Walker's walk may be spelled by another path).
    action = type(game).parse_action(line)
    assert action in legal or type(action).__name__ in ("Move", "Walk"), f"{line!r} was played but not legal"
    return True


def check_assault_invariants(game) -> None:
    """Assault on Hoth: one unit per hex, decks that conserve their cards, markers within bounds."""
    s = game.state
    rules = game.rules
    seen: dict = {}
    for u in s.units:
        if u.where == "map":
            assert u.hex is not None and game.terrain.terrain.get(u.hex) is not None, u
            assert u.hex not in seen, f"{u.id} and {seen.get(u.hex)} share a hex"
            seen[u.hex] = u.id
        else:
            assert u.hex is None or u.where != "destroyed", u
        if u.type == "walker":
            assert 0 <= u.blaster <= 2 and 0 <= u.legs <= 2 and 0 <= u.body <= 2, u
            if u.alive:
                assert len(s.carried(u.id)) <= rules.movement.walker_capacity, u
                if u.body >= 2:
                    assert not s.carried(u.id), f"{u.id} carries troops after its second body hit"
        if u.type == "speeder":
            assert 0 <= u.body <= 1, u
        if u.where == "aboard":
            w = s.unit(u.aboard)
            assert w.type == "walker" and w.where in ("map", "reserve"), u  # reserve: arriving, not yet placed
        if u.where == "base":
            assert rules.units[u.type].trooper and u.side == "rebel", u
        if rules.units[u.type].is_walker and u.where == "map":
            assert game.terrain.terrain[u.hex] != "cliff" and u.hex not in game.terrain.walker_barred, u
    assert 0 <= s.force <= rules.luke_force and s.luke_armor >= 0
    assert 0 <= s.transports <= game.setup.transports_to_win
    deck = s.action_deck
    assert len(set(deck)) == len(deck) and set(deck) <= set(range(len(rules.action_cards)))
    pile = Counter(s.event_deck + s.events_drawn)
    assert set(pile) <= set(range(len(rules.event_cards)))
    if s.stage != "setup":
        assert set(pile) == set(range(len(rules.event_cards))), "an Event card went missing"
    for idx, n in pile.items():  # only a Transports Away! shuffled back in is counted twice
        assert n == 1 or (n == 2 and rules.event_cards[idx].effect == "transports"), idx


def check_invariants(game) -> None:
    """One character per square, hit points and Force within bounds, defeated means off the map.

    A mover paused mid-move (for an attack of opportunity) may stand over an ally it is passing."""
    if not hasattr(game.state, "figures"):
        return check_assault_invariants(game)
    s = game.state
    seen: set = set()
    passing = s.turn.figure if s.turn is not None and s.turn.path_left else None
    if passing:
        mover = s.fig(passing)
        for f in s.living():
            if f.id != passing and set(f.space()) & set(mover.space()):
                assert f.side == mover.side, f"{passing} stands on an enemy"
    for f in s.figures:
        card = game.setup.cards[f.card]
        assert 0 <= f.hp <= card.hp, f
        assert 0 <= f.force <= card.force, f
        assert f.defeated == (f.hp == 0), f
        if f.defeated:
            assert f.pos is None, f
        for sq in () if f.id == passing else f.space():
            assert sq not in seen, f"two characters on {sq}"
            seen.add(sq)


def play_checked(scenario: str, seed: int, catalog: Catalog | None = None) -> dict:
    """Play one random game with checks; returns a summary (raises AssertionError on a broken rule)."""
    catalog = catalog or Catalog.installed()
    game = open_game(scenario, seed=seed, catalog=catalog)
    rnd = random.Random(seed)
    activations: Counter = Counter()
    steps = 0
    while not game.is_over:
        actions = game.legal_actions()
        assert actions, "a pending decision with no legal action"
        assert actions == game.legal_actions(), "legal actions must be deterministic"
        if steps % 97 == 0:
            twin = game.clone()
            assert twin.state == game.state and twin.legal_actions() == actions
        action = choose(rnd, actions)
        acting = getattr(game.state, "acted", None)
        if acting is not None and type(action).__name__ in ("Move", "Walk", "Fire", "Harpoon"):
            assert action.unit not in acting, f"{action.unit} acts twice in one action round"
        events = game.apply(action)
        for e in events:
            if e.kind == "activate":
                who = e.text.split()[0]
                activations[(game.state.round, who)] += 1
                assert activations[(game.state.round, who)] == 1, f"{who} activated twice in round {game.state.round}"
        check_invariants(game)
        steps += 1
        assert steps < MAX_DECISIONS, "the game did not end"
    text = game.record.to_text()
    again = load_game(text, catalog=catalog)
    assert again.record.to_text() == text, "the record does not replay to the identical record"
    assert again.state == game.state
    return {"seed": seed, "winner": game.winner, "rounds": game.state.round, "decisions": steps,
            "reason": game.state.end_reason, "turns": getattr(game.state, "turn", 0)}


@lru_cache(maxsize=1)
def worker_catalog() -> Catalog:
    """One catalog per worker process, so every game it plays shares the maps' geometry caches."""
    return Catalog.installed()


def play_many(scenario: str, seeds: list[int]) -> list[dict]:
    """Play several games in this process, sharing one catalog's geometry caches."""
    return [play_checked(scenario, seed, worker_catalog()) for seed in seeds]
