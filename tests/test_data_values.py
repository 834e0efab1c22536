"""The data files' typed values (`hothsim.data.values`): one frozen class for each pydantic model of
`hothsim.data.schemas`, the same fields, and the JSON road of the warm start that reads them back without
pydantic giving the very values validation gave."""

from __future__ import annotations

import dataclasses
import json

import pytest

from hothsim.data import schemas, values
from hothsim.data.catalog import Catalog
from hothsim.data.values import ScenarioData, decode, encode
from hothsim.opening import read_assault_rules, read_skirmish_rules

MODELS = [m for m in vars(schemas).values() if isinstance(m, type) and issubclass(m, schemas.BaseModel)
          and m is not schemas.BaseModel]


def test_every_schema_model_has_a_frozen_value_class_of_its_name_with_its_fields():
    assert len(MODELS) > 20
    # A model that is only a base of others (its fields come with them) needs no class of its own.
    bases = {"MapFile", "Sourced"}
    for model in MODELS:
        if model.__name__ in bases:
            continue
        kind = getattr(values, model.__name__, None)
        assert kind is not None and dataclasses.is_dataclass(kind), model.__name__
        assert kind.__dataclass_params__.frozen, model.__name__
        assert [f.name for f in dataclasses.fields(kind)] == list(model.model_fields), model.__name__


def test_every_shipped_file_comes_back_from_json_as_the_same_values():
    catalog = Catalog.installed()
    rules = [read_skirmish_rules(catalog), read_assault_rules(catalog)]
    for scenario in catalog.scenarios():
        doc, _, _ = catalog.map_document_for(catalog.scenario_path(scenario.id), scenario.map)
        data = ScenarioData(scenario, doc, rules[0] if scenario.game == "skirmish" else rules[1])
        back = decode(ScenarioData, json.loads(json.dumps(encode(data))))
        assert back == data and type(back.map) is type(doc) and type(back.rules) is type(data.rules)
    card = rules[0].cards["luke"]
    assert card.cost.value > 0 and isinstance(card.abilities, tuple)  # lists are tuples: nothing to change


def test_json_that_does_not_hold_the_values_is_refused_by_name():
    stat = {"source": "rulebook", "why": "", "value": 3}
    assert decode(values.Stat, stat) == values.Stat("rulebook", "", 3)
    with pytest.raises(ValueError, match="Stat: the fields are"):
        decode(values.Stat, {**stat, "extra": 1})
    with pytest.raises(ValueError, match="Stat: the fields are"):
        decode(values.Stat, {"source": "rulebook", "value": 3})
    with pytest.raises(ValueError, match=r"Stat.value: '3' is not a int"):
        decode(values.Stat, {**stat, "value": "3"})
    with pytest.raises(ValueError, match="Stat.source: 'guessed' is not one of"):
        decode(values.Stat, {**stat, "source": "guessed"})
    with pytest.raises(ValueError, match=r"Stat.value: True is not a int"):
        decode(values.Stat, {**stat, "value": True})  # a truth value is no number here
