"""Special abilities, Force powers and commander effects, hooked into the named steps of the rules.

Each step of the rules asks this module one question; the answer comes from the cards' abilities and
the commander effects in play:

- who counts as what (trooper, living, has a lightsaber, a Hologram) and which abilities a figure has,
  printed or granted by a commander (`Abilities.has`);
- movement: which kind of mover a figure is (`move_kind`), its speed;
- target choice: who may be chosen and whether the nearest-enemy rule applies (`targetable`,
  `ignores_nearest_rule`);
- the attack roll: bonuses to Attack and to Defense, each with its reason (`attack_mods`,
  `defense_mods`);
- damage: bonus damage, critical hits and Damage Reduction (`damage_of`, `reduce_damage`).

A new card is a data entry plus, at most, one small rule here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from hothsim.skirmish.state import Figure, GameState

if TYPE_CHECKING:  # pragma: no cover
    from hothsim.skirmish.board import Board
    from hothsim.skirmish.cards import Card

LIGHTSABER_POWERS = ("Lightsaber Deflect", "Lightsaber Riposte", "Lightsaber Sweep")
SPOTTER_RANGE = 6  # "combines fire against a target within 6 squares"
#: States whose answers a game keeps at once (`Abilities.effects`, `SkirmishGame.covered`'s cover squares):
#: a search's copy of a game asks about the position, each square it weighs and each enemy's step, and
#: then moves on.
STATES_KEPT = 64


@dataclass(frozen=True)
class Effect:
    """A commander effect reaching a figure: who grants it and what it is."""

    commander: str
    card: str
    kind: str
    stat: str | None
    value: int | None
    ability: str | None


class Abilities:
    """Answers the rules' questions about abilities for one game (abilities may be switched off)."""

    def __init__(self, cards: "dict[str, Card]", board: "Board", on: bool) -> None:
        self.cards = cards
        self.board = board
        self.on = on
        # `effects` of the states asked lately, by state (kept, so its id is not reused) and figure: the
        # computer asks them of every figure for every square and shot it weighs.
        self._effects: dict[int, tuple[GameState, dict[Figure, tuple[Effect, ...]]]] = {}

    # ---------------------------------------------------------------- who is what

    def card(self, f: Figure) -> "Card":
        """The figure's stat card."""
        return self.cards[f.card]

    def printed(self, f: Figure, name: str) -> bool:
        """Whether the card prints the ability (and abilities are in play)."""
        return self.on and self.card(f).has(name)

    def has(self, s: GameState, f: Figure, name: str) -> bool:
        """Printed on the card, or granted by a commander effect reaching the figure."""
        if not self.on:
            return False
        if self.card(f).has(name):
            return True
        return any(e.kind == "grant" and e.ability == name for e in self.effects(s, f))

    def number(self, f: Figure, name: str) -> int:
        """The number of a printed ability such as `Splash 10` (0 when absent)."""
        if not self.on:
            return 0
        nums = self.card(f).numbers(name)
        return min(nums) if nums else 0

    def power(self, f: Figure, name: str) -> bool:
        """Whether the figure has this Force power (and abilities are in play)."""
        return self.on and name in self.card(f).force_powers

    def hologram(self, f: Figure) -> bool:
        """Holograms cannot be targeted, damaged or give cover."""
        return self.printed(f, "Hologram")

    def trooper(self, f: Figure) -> bool:
        """A character with 'trooper' in its name."""
        return "trooper" in self.card(f).name.lower()

    def living(self, f: Figure) -> bool:
        """No Mounted Weapon (and no Droids in this pack)."""
        return not self.card(f).has("Mounted Weapon")

    def melee(self, f: Figure) -> bool:
        """Its attacks are melee attacks."""
        return self.printed(f, "Melee Attack")

    def with_lightsaber(self, f: Figure) -> bool:
        """The Lightsaber ability or a Force power named Lightsaber..."""
        return self.printed(f, "Lightsaber") or any(self.power(f, p) for p in LIGHTSABER_POWERS)

    def can_attack(self, s: GameState, f: Figure) -> bool:
        """Deals damage, is no Hologram, and is not below its Fragile number."""
        if not f.alive or self.card(f).damage <= 0 or self.hologram(f):
            return False
        fragile = self.number(f, "Fragile")
        return not (fragile and f.hp < fragile)

    # ---------------------------------------------------------------- commander effects

    def effects(self, s: GameState, f: Figure) -> list[Effect]:
        """Commander effects reaching a follower (glossary: "a character in your squad who does not have a
        commander effect"): same squad, the kind of follower the card names (troopers, or only characters
        that are not Unique), within range (counted around walls, no line of sight needed); never a
        Hologram; duplicates count once."""
        if not self.on or not f.alive or self.card(f).commander is not None or self.hologram(f):
            return []
        kept = self._effects.get(id(s))
        if kept is None or kept[0] is not s:
            if len(self._effects) >= STATES_KEPT:
                self._effects.clear()
            kept = self._effects[id(s)] = (s, {})
        hit = kept[1].get(f)
        if hit is None:
            hit = kept[1][f] = self._reaching(s, f)
        return list(hit)

    def _reaching(self, s: GameState, f: Figure) -> tuple[Effect, ...]:
        """`effects`, worked out."""
        out: dict[str, Effect] = {}
        for c in s.living(f.side):
            ce = self.card(c).commander
            if ce is None or c.id == f.id or c.card in out:
                continue
            if ce.followers == "trooper" and not self.trooper(f):
                continue
            if ce.followers == "non-unique" and self.printed(f, "Unique"):
                continue
            if ce.range is not None:
                if self.board.range_within(s.open_doors, c.space(), f.space(), ce.range) is None:
                    continue
            out[c.card] = Effect(c.id, c.card, ce.kind, ce.stat, ce.value, ce.ability)
        return tuple(out.values())

    def commander_bonus(self, s: GameState, f: Figure, stat: str) -> tuple[str, int] | None:
        """The highest commander bonus to a statistic, with whose it is."""
        best = None
        for e in self.effects(s, f):
            if e.kind == "bonus" and e.stat == stat and e.value and (best is None or e.value > best[1]):
                best = (f"{e.commander} commands", e.value)
        return best

    # ---------------------------------------------------------------- movement

    def move_kind(self, f: Figure) -> str:
        """'ghost' (Hologram: through everything), 'flight', or 'walk'."""
        if self.hologram(f):
            return "ghost"
        if self.printed(f, "Flight"):
            return "flight"
        return "walk"

    # ---------------------------------------------------------------- targets

    def targetable(self, f: Figure) -> bool:
        """Whether an enemy may be chosen as a target (or counts as the nearest enemy, or adjacent)."""
        return f.alive and not self.hologram(f)

    def ignores_nearest_rule(self, s: GameState, f: Figure) -> bool:
        """Accurate Shot: a covered enemy may be targeted even when it is not the nearest."""
        return self.has(s, f, "Accurate Shot")

    # ---------------------------------------------------------------- attack roll

    def attack_mods(self, s: GameState, attacker: Figure, target: Figure, helpers: int) -> list[tuple[str, int]]:
        """Everything added to the d20: Attack, combined fire, abilities, the best commander bonus."""
        mods = [("Attack", self.card(attacker).attack)]
        if helpers:
            mods.append(("combined fire", 4 * helpers))
        if not target.activated and self.has(s, attacker, "Cunning Attack"):
            mods.append(("Cunning Attack", 4))
        ce = self.commander_bonus(s, attacker, "attack")
        if ce:
            mods.append(ce)
        return mods

    def defense_mods(self, s: GameState, attacker: Figure, target: Figure, cover: bool) -> list[tuple[str, int]]:
        """The Defense to beat: the card's, cover, the best commander bonus, Flanking Attack."""
        mods = [("Defense", self.card(target).defense)]
        if cover:
            mods.append(("cover", 4))
        ce = self.commander_bonus(s, target, "defense")
        if ce:
            mods.append(ce)
        if self.printed(attacker, "Mounted Weapon"):
            for flanker, victim, rnd in s.flanked:
                if victim == target.id and rnd == s.round and flanker != attacker.id:
                    f = s.fig(flanker)
                    if f.side == attacker.side:
                        mods.append(("flanked", -4))
                        break
        return mods

    # ---------------------------------------------------------------- damage

    def damage_of(self, s: GameState, attacker: Figure, target: Figure, critical: bool,
                  adjacent: bool, helpers: tuple[str, ...] = ()) -> list[tuple[str, int]]:
        """The damage of a hit, part by part; a critical hit doubles it (not against a Droid).  A helper
        with Spotter within 6 squares of the target adds its bonus (the best one, they do not stack)."""
        parts = [("Damage", self.card(attacker).damage)]
        spotters = [self.number(s.fig(h), "Spotter") for h in helpers
                    if s.fig(h).alive and self.number(s.fig(h), "Spotter")
                    and self.board.range_within(s.open_doors, s.fig(h).space(), target.space(), SPOTTER_RANGE)
                    is not None]
        if spotters:
            parts.append(("Spotter", max(spotters)))
        if not target.activated and self.has(s, attacker, "Cunning Attack"):
            parts.append(("Cunning Attack", 10))
        if not target.activated and self.has(s, attacker, "Advantageous Attack"):
            parts.append(("Advantageous Attack", 10))
        if adjacent and self.printed(attacker, "Lightsaber"):
            parts.append(("Lightsaber", 10))
        if critical:
            parts.append(("critical hit", sum(v for _, v in parts)))
        return parts

    def reduce_damage(self, target: Figure, amount: int, attacker: Figure | None, adjacent: bool) -> tuple[int, str]:
        """Damage Reduction (not against an adjacent attacker with a lightsaber); returns what is left."""
        dr = self.number(target, "Damage Reduction")
        if not dr:
            return amount, ""
        if attacker is not None and adjacent and self.with_lightsaber(attacker):
            return amount, " (Damage Reduction ignored: adjacent lightsaber)"
        return max(0, amount - dr), f" (-{dr} Damage Reduction)"
