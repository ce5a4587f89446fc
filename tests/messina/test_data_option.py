"""The `data=DIR` option: a game played with an owner's data directory, and a corrupt one refused."""
import shutil

import pytest

from ludoteka.kernel import BadOption
from ludoteka.registry import game
from ludoteka.boardgames.messina.data.loader import DATA_DIR

GAME = game("messina-1347")


def copy_data(tmp_path):
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    return target


def test_a_copied_data_directory_plays_like_the_shipped_one(tmp_path):
    """An owner's directory with the same values gives the same game."""
    directory = copy_data(tmp_path)
    a = GAME.new_state(3, 5)
    b = GAME.new_state(3, 5, {"data": str(directory)})
    for _ in range(60):
        assert a.legal_keys() == b.legal_keys()
        key = a.legal_keys()[0]
        a.apply(key)
        b.apply(key)
    assert a.score == b.score


def test_changed_values_change_the_game(tmp_path):
    """MS-31.8: the points of a repopulated hex come from the data file, not the code."""
    directory = copy_data(tmp_path)
    path = directory / "city_hexes.toml"
    path.write_text(path.read_text().replace("points = 4", "points = 44", 1))
    state = GAME.new_state(3, 5, {"data": str(directory)})
    assert 44 in [h.points for h in state.data.hexes]


def test_a_corrupt_data_directory_is_a_clear_error_before_the_game(tmp_path):
    directory = copy_data(tmp_path)
    path = directory / "ships.toml"
    path.write_text(path.read_text().replace('goods = "gems"', 'goods = "gold"', 1))
    with pytest.raises(BadOption) as err:
        GAME.new_state(3, 5, {"data": str(directory)})
    assert "ships.toml" in str(err.value)


def test_a_missing_directory_is_a_clear_error(tmp_path):
    with pytest.raises(BadOption) as err:
        GAME.new_state(3, 5, {"data": str(tmp_path / "nowhere")})
    assert "nowhere" in str(err.value)


@pytest.mark.parametrize("directory,reason", [("\x00", "embedded null byte"), ("a" * 5000, "too long"),
                                              ("/" + "a/" * 3000, "too long")],
                         ids=["nul", "long-name", "long-path"])
def test_a_path_the_system_cannot_look_up_is_a_bad_option(directory, reason):
    """Issue 22 §4: a NUL character or a 5,000-character path is a BadOption naming the option,
    not a ValueError or an OSError; the error quotes a short prefix of the path only."""
    with pytest.raises(BadOption, match=f"option 'data'.*not a usable path.*{reason}") as info:
        GAME.new_state(2, 1, {"data": directory})
    assert len(str(info.value)) < 200
    assert GAME.validate_data(directory)[3] == [str(info.value).split("option 'data': ", 1)[1]]


def test_an_unreadable_data_file_is_a_bad_option(tmp_path):
    """A data file that exists but cannot be read (here: a directory in its place) is named."""
    directory = copy_data(tmp_path)
    (directory / "ships.toml").unlink()
    (directory / "ships.toml").mkdir()
    with pytest.raises(BadOption, match="ships.toml cannot be read"):
        GAME.new_state(2, 1, {"data": str(directory)})
