"""Whom a character may attack and how surely, and what its turn still allows (rulebook: attacking,
cover, combined fire, a turn, attacks of opportunity): the rules the steps of a turn share.

`Targeting` is built from what a skirmish is played with (the cards, the board, the abilities in play) and
answers questions of a state; it reads no game.  It keeps the squares of the characters that give cover
in the states asked lately, as `Abilities.effects` does, because the computer asks about every square and
shot it weighs.
"""

from __future__ import annotations

from hothsim.kernel.squares import Square
from hothsim.kernel.values import replace
from hothsim.skirmish.abilities import STATES_KEPT, Abilities
from hothsim.skirmish.attacks import TargetView, legal_targets
from hothsim.skirmish.board import Board
from hothsim.skirmish.cards import Card
from hothsim.skirmish.state import Figure, GameState


def count_attack(s: GameState) -> GameState:
    """The acting character has made (or declared) one more attack this turn."""
    t = s.turn
    assert t is not None
    return replace(s, turn=replace(t, attacked=True, attacks=t.attacks + 1))


class Targeting:
    """The shared rules of attacking and moving in one game's states."""

    def __init__(self, cards: dict[str, Card], board: Board, ab: Abilities) -> None:
        self.cards = cards
        self.board = board
        self.ab = ab
        # The squares of the characters that give cover in one state (`_cover_masks`), kept as `effects` are.
        self._cover: dict[int, tuple[GameState, int, dict[str, int], bool]] = {}

    def chance_in(self, s: GameState, attacker: Figure, target: Figure, helpers: int = 0,
                  cover: bool | None = None) -> int:
        """The chance in percent that `attacker` hits `target` in state `s` (which may be one the game
        has not reached: the computer asks it of squares a figure could move to); `cover`, where the
        caller already knows it from the target's view (`targets`), is not worked out again."""
        if cover is None:
            adjacent = self.board.adjacent(s.open_doors, attacker.rect(), target.rect())
            cover = not adjacent and self.covered(s, attacker, target)
        bonus = sum(v for _, v in self.ab.attack_mods(s, attacker, target, helpers))
        need = sum(v for _, v in self.ab.defense_mods(s, attacker, target, cover)) - bonus
        hits = sum(1 for roll in range(2, 20) if roll >= need) + 1
        return hits * 5

    def enemies_of(self, s: GameState, fig: Figure) -> list[Figure]:
        """Enemies that count for targeting, nearest and adjacency (a Hologram never does)."""
        return [e for e in s.living() if e.side != fig.side and self.ab.targetable(e)]

    def covered(self, s: GameState, attacker: Figure, target: Figure) -> bool:
        """Cover of a target against an attacker: characters in between count, a Hologram does not."""
        every, each, apart = self._cover_masks(s)
        if apart and attacker.id != target.id:  # no two overlap: take the two out of the whole
            others = every & ~each.get(attacker.id, 0) & ~each.get(target.id, 0)
        else:  # the squares of the characters in between, one by one
            others = 0
            for fid, m in each.items():
                if fid != attacker.id and fid != target.id:
                    others |= m
        return self.board.sight(s.open_doors).has_cover(attacker.rect(), target.rect(), others)

    def _cover_masks(self, s: GameState) -> tuple[int, dict[str, int], bool]:
        """The squares of every character that could give cover in `s` (living, no Hologram) as one bit
        mask, each one's by figure, and whether no two of them share a square (one may, where an enemy is
        imagined stepping to a square: then one's squares cannot simply be taken out of the whole)."""
        kept = self._cover.get(id(s))
        if kept is not None and kept[0] is s:
            return kept[1], kept[2], kept[3]
        if len(self._cover) >= STATES_KEPT:
            self._cover.clear()
        mask = self.board.space_mask
        every, each, apart = 0, {}, True
        for f in s.figures:
            pos = f.pos  # on the map and not defeated: alive
            if pos is not None and not f.defeated and not self.ab.hologram(f):
                m = each[f.id] = mask(pos, f.size)
                apart = apart and not every & m
                every |= m
        self._cover[id(s)] = (s, every, each, apart)
        return every, each, apart

    def targets(self, s: GameState, fig: Figure, melee: bool | None = None) -> list[TargetView]:
        """Legal targets of the figure now (melee restriction unless told otherwise)."""
        melee = self.ab.melee(fig) if melee is None else melee
        return legal_targets(s, self.board, fig, self.enemies_of(s, fig), melee,
                             self.ab.ignores_nearest_rule(s, fig), lambda a, t: self.covered(s, a, t))

    def speed(self, fig: Figure) -> int:
        """Its speed (from the card's Speed entry; 6 otherwise)."""
        return self.cards[fig.card].speed

    def allowance(self, s: GameState, fig: Figure) -> int:
        """Squares the acting character may still move this turn (rulebook pp. 14-15 and the glossary)."""
        t = s.turn
        assert t is not None
        if fig.id in s.harpooned or t.spent:
            return 0
        speed = self.speed(fig)
        extra = 2 if t.force_move else 0
        if not t.attacked:
            return max(0, 2 * speed + extra - t.moved_before)
        if self.ab.printed(fig, "Heavy Weapon") or t.attacks >= 2:
            return 0
        if self.ab.printed(fig, "Mobile Attack") and t.moved_before <= speed + extra:
            return max(0, speed + extra - t.moved_before - t.moved_after)
        if t.moved_before == 0:
            return max(0, speed + extra - t.moved_after)
        return 0

    def may_attack(self, s: GameState, fig: Figure) -> bool:
        """Whether the acting character may still attack (or use an ability that replaces attacks)."""
        return self.ab.can_attack(s, fig) and self.turn_leaves_attack(s, fig)

    def turn_leaves_attack(self, s: GameState, fig: Figure) -> bool:
        """Whether what the acting character did this turn still leaves it an attack (moving, attacking,
        an ability used in place of the turn), whatever its card."""
        t = s.turn
        assert t is not None
        if t.replaced:
            return False
        speed, extra = self.speed(fig), (2 if t.force_move else 0)
        if t.attacked:
            # Double Attack: a second attack if it has not moved at all this turn.
            return (t.attacks == 1 and self.ab.printed(fig, "Double Attack") and t.moved_before == 0
                    and t.moved_after == 0)
        if self.ab.printed(fig, "Heavy Weapon"):
            return t.moved_before == 0
        limit = 2 * speed if self.ab.printed(fig, "Charging Fire") else speed
        return t.moved_before <= limit + extra

    def may_replace_attacks(self, s: GameState, fig: Figure) -> bool:
        """Abilities that replace attacks are used in place of the turn's attacks, before any."""
        return self.may_attack(s, fig) and s.turn is not None and not s.turn.attacked

    def opportunists(self, s: GameState) -> list[Figure]:
        """Enemies that may attack the mover now, as it is about to leave its square."""
        assert s.turn is not None
        mover = s.fig(s.turn.figure)
        return [e for e in self.threats_at(s, mover, mover.square) if e.id not in s.turn.declined]

    def may_threaten(self, s: GameState, e: Figure, mover: Figure) -> bool:
        """Whether enemy `e` may make an attack of opportunity on a walking `mover` this turn."""
        assert s.turn is not None
        return (e.side != mover.side and e.opportunity_turn != s.turn.number and self.ab.can_attack(s, e)
                and self.ab.move_kind(mover) == "walk" and self.ab.targetable(mover))

    def threats_at(self, s: GameState, mover: Figure, anchor: Square) -> list[Figure]:
        """Enemies that could make an attack of opportunity if the mover left this position (never
        against Flight or a Hologram)."""
        rect = (anchor[0], anchor[1], anchor[0] + mover.size, anchor[1] + mover.size)
        return [e for e in s.living() if self.may_threaten(s, e, mover)
                and self.board.adjacent(s.open_doors, rect, e.rect())]

    def threat_map(self, s: GameState, mover: Figure) -> dict[Square, frozenset[str]]:
        """For each position of the mover next to an enemy that may attack, the enemies it would provoke
        by leaving it (only positions touching an enemy's space can be adjacent to it)."""
        out: dict[Square, set[str]] = {}
        for e in s.living():
            if not self.may_threaten(s, e, mover):
                continue
            for anchor in self.board.positions_next_to(s.open_doors, e.rect(), mover.size):
                out.setdefault(anchor, set()).add(e.id)
        return {k: frozenset(v) for k, v in out.items()}

    def may_help(self, s: GameState, attacker: Figure, helper: Figure) -> bool:
        """Combined fire: no Melee Attack, deals damage, and Mounted Weapon only with Mounted Weapon."""
        if self.ab.melee(attacker) or self.ab.melee(helper) or not self.ab.can_attack(s, helper):
            return False
        if not self.ab.can_attack(s, attacker):
            return False
        return self.ab.printed(attacker, "Mounted Weapon") == self.ab.printed(helper, "Mounted Weapon")
