"""What opens setting a figure up, activating it, attacking with it (and at whom), spending its Force in
its turn (extra movement, Force Grip, Lightsaber Sweep, Use the Force) and using an ability as an action,
as gates (`kernel/gates.py`): the legal-action generators list these actions only past every gate, and a
refusal names the first gate shut, in the order a player would check them."""

from __future__ import annotations

from hothsim.kernel.gates import Gate, passes
from hothsim.skirmish.actions import ABILITY_WORDS, POWER_WORDS
from hothsim.skirmish.force_points import force_ready
from hothsim.skirmish.state import Figure, GameState
from hothsim.skirmish.targeting import Targeting

#: Setting a figure up (rulebook: setup): its side's turn to set up, and the figure not yet on the map.
PLACING: tuple[Gate, ...] = (
    Gate(lambda s, fig: fig.side == s.setup_side, lambda s, fig: ("setup", f"{s.setup_side} sets up now")),
    Gate(lambda s, fig: fig.pos is None and not fig.defeated,
         lambda s, fig: ("setup", f"{fig.id} is already set up")),
)

#: Activating a figure (rulebook: rounds and phases): its side's phase, once a round, while it stands.
ACTIVATING: tuple[Gate, ...] = (
    Gate(lambda s, fig: fig.side == s.phase_side,
         lambda s, fig: ("rounds and phases", f"{s.phase_side} activates now")),
    Gate(lambda s, fig: not fig.activated,
         lambda s, fig: ("rounds and phases", f"{fig.id} has already activated this round")),
    Gate(lambda s, fig: fig.alive, lambda s, fig: ("rounds and phases", f"{fig.id} cannot activate")),
)


def _attack_spent(t: Targeting, s: GameState, fig: Figure) -> tuple[str, str]:
    assert s.turn is not None
    if s.turn.attacked:
        return "a turn", f"{fig.id} has already attacked this turn"
    return "a turn", f"{fig.id} moved too far to attack this turn"


#: Attacking at all in the acting character's turn (rulebook: a turn, Fragile): it deals damage and is not
#: below its Fragile number, and what it did this turn still leaves an attack.  Its targets are then the
#: targeting rules' (`Targeting.targets`).
ATTACKING: tuple[Gate, ...] = (
    Gate(lambda t, s, fig: t.ab.can_attack(s, fig),
         lambda t, s, fig: ("fragile" if t.ab.number(fig, "Fragile") else "attacking", f"{fig.id} cannot attack now")),
    Gate(lambda t, s, fig: t.turn_leaves_attack(s, fig), _attack_spent),
)


def _not_offered(t: Targeting, s: GameState, fig: Figure, target: Figure) -> tuple[str, str]:
    """Why an enemy in sight is not among the figure's targets."""
    if any(t.board.adjacent(s.open_doors, fig.rect(), e.rect()) for e in t.enemies_of(s, fig)):
        return "adjacent enemies", f"an enemy is adjacent to {fig.id}, so only adjacent enemies may be chosen"
    if t.ab.melee(fig):
        return "melee attack", f"{fig.id} may attack only adjacent enemies"
    return "cover", f"{target.id} has cover and is not the nearest enemy"


#: The character an attack is made on (rulebook: choosing a target), in the order a player checks it: an
#: enemy, standing and one that may be targeted, in line of sight, and one the targeting rules offer
#: (`Targeting.targets`: adjacent enemies only when there are any, and otherwise the nearest enemy or one
#: without cover).  The listing of attacks asks the last, which holds only where the others do
#: (tests/test_gates.py checks it for every character at every turn of seeded games).
TARGETS: tuple[Gate, ...] = (
    Gate(lambda t, s, fig, target: target.side != fig.side,
         lambda t, s, fig, target: ("attacking allied characters", "a character cannot attack an ally")),
    Gate(lambda t, s, fig, target: target.alive and t.ab.targetable(target),
         lambda t, s, fig, target: ("legal target", f"{target.id} is not a legal target")),
    Gate(lambda t, s, fig, target: t.board.sight(s.open_doors).can_see(fig.rect(), target.rect()),
         lambda t, s, fig, target: ("line of sight", f"{fig.id} cannot see {target.id}")),
    Gate(lambda t, s, fig, target: any(v.target == target.id for v in t.targets(s, fig)), _not_offered),
)


def _movement_unbought(s: GameState, fig: Figure) -> bool:
    turn = s.turn
    assert turn is not None
    return not turn.force_move and fig.id not in s.harpooned and (not turn.attacked or turn.moved_before == 0)


#: Buying 2 more squares of movement with a Force point (rulebook: Force powers): a Force point to spend,
#: none spent this turn, and the extra squares not bought yet, the figure not harpooned, and bought before
#: the move they extend (after attacking only if it has not moved).
BUYING_MOVEMENT: tuple[Gate, ...] = (
    Gate(lambda s, fig: fig.force >= 1, lambda s, fig: ("force points", f"{fig.id} has no Force points")),
    Gate(lambda s, fig: force_ready(s, fig),
         lambda s, fig: ("force points", f"{fig.id} has already spent Force this turn")),
    Gate(_movement_unbought, lambda s, fig: ("force points", "extra movement must be bought before the move it "
                                                             "extends, not after attacking")),
)


def _in_the_turn(t: Targeting, s: GameState, fig: Figure, power: str) -> bool:
    """Use the Force makes one of the turn's attacks; Force Grip and Lightsaber Sweep are used instead of
    them, before any (a reaction's power is never used in a turn)."""
    if s.turn is None or power in ("deflect", "riposte"):
        return False
    return passes(ATTACKING, t, s, fig) if power == "use" else t.may_replace_attacks(s, fig)


def _not_in_the_turn(t: Targeting, s: GameState, fig: Figure, power: str) -> tuple[str, str]:
    name = POWER_WORDS.get(power, power)
    if power in ("grip", "sweep") and s.turn is not None and s.turn.attacked:
        return "replaces attacks", f"{name} is used instead of attacking, and {fig.id} has attacked"
    return "legal target", f"{name} cannot be used that way now"


#: A Force power in the acting character's turn (rulebook: Force powers), by its word in the notation
#: (`grip`, `sweep`, `use`): the card has it, the Force points to spend this turn (3 for Use the Force),
#: and a place for it in the turn.  Its targets are then the power's own.
FORCE_POWERS: tuple[Gate, ...] = (
    Gate(lambda t, s, fig, power: t.ab.power(fig, POWER_WORDS.get(power, power)),
         lambda t, s, fig, power: ("force powers", f"{fig.id} does not have {POWER_WORDS.get(power, power)}")),
    Gate(lambda t, s, fig, power: force_ready(s, fig, 3 if power == "use" else 1),
         lambda t, s, fig, power: ("force points", f"{fig.id} lacks the Force points, or has already spent Force "
                                                   "this turn")),
    Gate(_in_the_turn, _not_in_the_turn),
)


#: The abilities used as actions, by their word in the game's notation, and the card's name for each (Heal
#: and Harpoon Gun are actions of their own; the others are `UseAbility`'s words, `actions.ABILITY_WORDS`).
ACTION_ABILITIES = {"heal": "Heal", "harpoon": "Harpoon Gun", **ABILITY_WORDS}


def _untouched(s: GameState) -> bool:
    """Nothing done yet in the turn: no move, no attack, no movement bought."""
    t = s.turn
    assert t is not None
    return not (t.attacked or t.moved_before or t.moved_after or t.force_move)


def _ability_placed(t: Targeting, s: GameState, fig: Figure, ability: str) -> bool:
    """Fire Support Mission is used instead of the whole turn, before anything else in it; the others
    instead of the turn's attacks, before any."""
    return _untouched(s) if ability == "fire-support" else t.may_replace_attacks(s, fig)


def _ability_misplaced(t: Targeting, s: GameState, fig: Figure, ability: str) -> tuple[str, str]:
    name = ACTION_ABILITIES[ability]
    assert s.turn is not None
    if ability == "fire-support":
        return "replaces the turn", f"{name} is used instead of the whole turn, before moving or attacking"
    if s.turn.attacked:
        return "replaces attacks", f"{name} is used instead of attacking, and {fig.id} has attacked"
    return "replaces attacks", f"{name} is used instead of attacking, and {fig.id} may not attack now"


#: An ability used as an action in the acting character's turn (rulebook: special abilities), by its word
#: (`heal`, `harpoon`, `grenades`, `repair`, `fire-support`): its card has the ability (asked first: most
#: characters have none of them), it is the one taking its turn, and the turn leaves it a place (instead of
#: the attacks, or of the whole turn).  The characters it may be used on are then the ability's own
#: (`powers.ABILITY_TARGETS`).
ABILITIES: tuple[Gate, ...] = (
    Gate(lambda t, s, fig, ability: t.ab.printed(fig, ACTION_ABILITIES[ability]),
         lambda t, s, fig, ability: ("special abilities", f"{fig.id} does not have {ACTION_ABILITIES[ability]}")),
    Gate(lambda t, s, fig, ability: s.turn is not None and s.turn.figure == fig.id,
         lambda t, s, fig, ability: ("activation", f"it is {s.turn.figure}'s turn" if s.turn is not None
                                     else f"{ACTION_ABILITIES[ability]} is used in a character's turn")),
    Gate(_ability_placed, _ability_misplaced),
)
