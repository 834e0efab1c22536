"""Where the skirmish expert sets a figure up (docs/ai.md): its squad together, toward the enemy, out of the
sight of the enemies already set up, or, before any stands, of the enemy's set-up zone."""

from __future__ import annotations

from dataclasses import dataclass

from hothsim.kernel.engine import Side, other
from hothsim.kernel.sight import Sight
from hothsim.kernel.sightlines import Rect
from hothsim.kernel.squares import Square
from hothsim.kernel.values import replace
from hothsim.skirmish.actions import Action, Place
from hothsim.skirmish.game import SkirmishGame
from hothsim.skirmish.state import Figure


@dataclass(frozen=True)
class SetUpView:
    """What the figure being set up weighs: its allies' squares, the enemies standing, the squares it is
    drawn toward (the enemies', else a sample of their zone), and who may watch it (before any enemy
    stands, a sample of the squares of the enemy's zone)."""

    allies: list[Square]
    enemies: list[Figure]
    targets: list[Square]
    watchers: list[Rect]
    sight: Sight

    @staticmethod
    def of(game: SkirmishGame, fig: Figure, zone_sight: float) -> "SetUpView":
        """The view of `fig`'s set-up; `zone_sight` is how much the enemy zone's view weighs (0: unused)."""
        s = game.state
        allies = [f.pos for f in s.figures if f.side == fig.side and f.pos is not None]
        enemies = [f for f in s.figures if f.side != fig.side and f.pos is not None]
        targets = [f.pos for f in enemies if f.pos is not None] or zone_sample(game, other(fig.side))
        watchers: list[Rect] = [] if enemies or not zone_sight else [
            (x, y, x + 1, y + 1) for x, y in zone_sample(game, other(fig.side), 24)]
        return SetUpView(allies, enemies, targets, watchers, game.board.sight(s.open_doors))

    def score(self, fig: Figure, square: Square, zone_sight: float) -> float:
        """A square's worth: near the enemy, near the squad, seen by few enemies and little of their zone."""
        x, y = square
        far = min((abs(x - ex) + abs(y - ey) for ex, ey in self.targets), default=0)
        gap = min((max(abs(x - ax), abs(y - ay)) for ax, ay in self.allies), default=1)
        rect = replace(fig, pos=square).rect()
        seen = sum(1 for e in self.enemies if self.sight.can_see(e.rect(), rect))
        watchers = self.watchers
        in_view = sum(1 for w in watchers if self.sight.can_see(w, rect)) / len(watchers) if watchers else 0.0
        return -0.5 * far - 1.0 * max(0, gap - 2) - 3.0 * seen - zone_sight * in_view


def place_scores(game: SkirmishGame, legal: list[Action], zone_sight: float) -> list[tuple[float, Action]]:
    """Every set-up action with its score: one figure at a time (the same one whatever the listing order),
    every other figure's squares last."""
    places = [a for a in legal if isinstance(a, Place)]  # a set-up decision lists only these
    figure = min(a.figure for a in places)
    fig = game.state.fig(figure)
    view = SetUpView.of(game, fig, zone_sight)
    out: list[tuple[float, Action]] = [(view.score(fig, a.square, zone_sight), a) for a in places
                                       if a.figure == figure]
    return out + [(-1000.0, a) for a in places if a.figure != figure]


def zone_sample(game: SkirmishGame, side: Side, count: int = 8) -> list[Square]:
    """About `count` squares spread over a side's set-up zone (for set-up before any enemy stands)."""
    zone = game.setup.zones.get(side)
    return sorted(zone)[:: max(1, len(zone) // count)] if zone else []
