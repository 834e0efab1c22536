"""Named variants of Assault on Hoth's decks (`--variant NAME`): a scenario names each, `hothsim list` shows
them, a game opened with one plays with its decks and says so in its record, and a game opened without
one is the shipped game, its record unchanged."""

from __future__ import annotations

from collections import Counter

import pytest

from hothsim import load_game, open_game
from hothsim.cli import main
from hothsim.data.catalog import Catalog
from hothsim.data.errors import DataError
from hothsim.kernel.options import OptionError

SHIPPED = Catalog.installed().root / "scenarios" / "assault-on-hoth.toml"


def deck(game, which: str) -> Counter:
    cards = game.setup.rules.action_cards if which == "actions" else game.setup.rules.event_cards
    return Counter(c.id for c in cards)


def test_the_even_variant_plays_with_its_decks_and_says_so_in_the_record():
    shipped, even = open_game("assault-on-hoth", seed=4), open_game("assault-on-hoth", seed=4,
                                                                      options={"variant": "even"})
    changed = {cid: n for cid, n in deck(even, "actions").items() if deck(shipped, "actions")[cid] != n}
    changed |= {cid: n for cid, n in deck(even, "events").items() if deck(shipped, "events")[cid] != n}
    import tomllib

    scenario = tomllib.loads(SHIPPED.read_text(encoding="utf-8"))["assault"]["variants"]["even"]
    assert changed == {**scenario.get("actions", {}), **scenario.get("events", {})}
    assert "variant=even" in even.record.header.options and "variant" not in shipped.record.header.options
    assert even.objective().endswith("Decks: the even variant.") and "variant" not in shipped.objective()
    for action in even.legal_actions()[:1]:
        even.apply(action)
    again = load_game(even.record.to_text())
    assert deck(again, "actions") == deck(even, "actions") and again.state == even.state


def test_hothsim_list_offers_the_variant_and_refuses_one_it_does_not_name(capsys):
    assert main(["list"]) == 0
    listed = capsys.readouterr().out
    assert "--variant standard|even (default standard)" in listed
    with pytest.raises(OptionError, match="variant"):
        open_game("assault-on-hoth", options={"variant": "lopsided"})
    assert main(["match", "assault-on-hoth", "--variant", "lopsided", "--rebel", "random", "--imperial",
                 "random"]) == 2
    assert "variant" in capsys.readouterr().err


@pytest.mark.parametrize("variant, field, says", [
    ('actions = { no-such-card = 2 }', "actions", "no card 'no-such-card'"),
    ('events = { transports-away = 4 }', "events", "fewer Transports Away! cards than the 5"),
    ('', "variants", "at least one card"),
])
def test_a_variant_that_breaks_the_rules_is_refused_naming_the_file_entry_and_field(tmp_path, variant, field,
                                                                                       says):
    text = SHIPPED.read_text(encoding="utf-8")
    text = text[:text.index("[assault.variants.")] + f'[assault.variants.odd]\nabout = "x"\nmeasured = "x"\n{variant}\n'
    path = tmp_path / "odd.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as caught:
        open_game(path, catalog=Catalog.installed())
    message = str(caught.value)
    assert str(path) in message and says in message
    assert field in message


def test_a_variant_keeps_the_shipped_order_of_the_kinds_of_cards():
    rules = open_game("assault-on-hoth").setup.rules
    varied = rules.with_copies({"walkers-move": 1, "towers-fire": 3}, {"transports-away": 7})
    kinds = list(dict.fromkeys(c.id for c in rules.action_cards))
    assert list(dict.fromkeys(c.id for c in varied.action_cards)) == kinds
    assert Counter(c.id for c in varied.action_cards)["towers-fire"] == 3
    assert len(varied.event_cards) == len(rules.event_cards) + 1
