"""Option values from the command line: exactly `true`/`false` are booleans (issue 22 §4)."""
from __future__ import annotations

import pytest

from ludoteka.kernel import BadOption
from ludoteka.kernel.options import parse_option_value
from ludoteka.cli.main import main
from toy_game import GAME


@pytest.mark.parametrize("text,value", [("true", True), ("false", False), ("3", 3), ("-2", -2),
                                        ("one_cube", "one_cube")])
def test_documented_spellings_parse(text, value):
    parsed = parse_option_value(text)
    assert parsed == value and type(parsed) is type(value)


@pytest.mark.parametrize("text", ["yes", "no", "on", "off", "True", "FALSE", " true", "1x"])
def test_other_spellings_are_not_booleans(text):
    assert parse_option_value(text) == text


@pytest.mark.parametrize("text", ["yes", "on", "True", "1"])
def test_a_true_false_option_refuses_other_spellings_naming_true_and_false(text):
    with pytest.raises(BadOption, match="option 'roll' cannot be .*; allowed: false, true"):
        GAME.new_state(2, 1, {"roll": parse_option_value(text)})


def test_the_command_line_names_true_and_false(capsys):
    assert main(["simulate", "notre-dame", "--games", "1", "--option", "open_prestige=yes"]) == 2
    assert "option 'open_prestige' cannot be 'yes'; allowed: false, true" in capsys.readouterr().err
