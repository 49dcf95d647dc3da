"""Touring's rule switches refuse bad settings with a message naming the setting, the bad value
and the rule."""

from __future__ import annotations

import pytest

from touring_widgets.touring import Rules

FLAGS = {
    "teams": "T-TEAMS",
    "useful_only": "T-USEFUL",
    "attack_before_go": "T-DELAY",
    "stack_stops": "T-STOP",
    "go_after_remedy": "T-REMEDY",
    "loss_face_up": "T-LOSS",
}


def message(**settings) -> str:
    with pytest.raises(ValueError) as err:
        Rules(**settings)
    return str(err.value)


def test_T_SHORT_a_setting_other_than_true_false_or_none_is_refused_showing_it():
    assert message(short_trip="yes") == "Rules.short_trip must be True, False or None, not 'yes' (T-SHORT)"
    assert message(short_trip=1) == "Rules.short_trip must be True, False or None, not 1 (T-SHORT)"


def test_T_SHORT_a_long_bad_setting_is_shown_cut_to_40_characters():
    shown = repr("x" * 100)[:40]
    assert (
        message(short_trip="x" * 100)
        == f"Rules.short_trip must be True, False or None, not {shown} (T-SHORT)"
    )


@pytest.mark.parametrize("flag", FLAGS)
def test_each_on_off_switch_refuses_anything_but_true_or_false_citing_its_rule(flag):
    rule = FLAGS[flag]
    assert message(**{flag: "yes"}) == f"Rules.{flag} must be True or False, not 'yes' ({rule})"
    assert message(**{flag: None}) == f"Rules.{flag} must be True or False, not None ({rule})"


@pytest.mark.parametrize("delay", ["burning_oil", "broken_spring", "brake_adjustment"])
def test_T_LOSS_a_mileage_delay_value_must_be_a_mileage_card_value(delay):
    assert message(**{delay: 100}) == f"Rules.{delay} must be one of 25, 35, 50, 75, not 100 (T-LOSS)"
    assert message(**{delay: 50.0}) == f"Rules.{delay} must be one of 25, 35, 50, 75, not 50.0 (T-LOSS)"
    shown = repr("9" * 100)[:40]
    assert (
        message(**{delay: "9" * 100}) == f"Rules.{delay} must be one of 25, 35, 50, 75, not {shown} (T-LOSS)"
    )


@pytest.mark.parametrize("delay", ["burning_oil", "broken_spring", "brake_adjustment"])
@pytest.mark.parametrize("value", [25, 35, 50, 75])
def test_T_LOSS_every_mileage_value_is_a_valid_setting(delay, value):
    rules = Rules(**{delay: value})
    assert rules.loss_value(delay) == f"m{value}"
