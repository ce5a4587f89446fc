"""The rules help of every game (issue 23 §5): the same sections in all four languages, every
decision kind explained by exactly one section, the current phase found from the pending
decision, clear errors for bad files and languages, and the server's endpoint."""
from __future__ import annotations

import json
import re

import httpx
import pytest
from server_kit import Server
from toy_game import ToyGame, play_random

from ludoteka import registry
from ludoteka.kernel import BadOption, DataError
from ludoteka.kernel.rules_help import section_for

LANGUAGES = ("en", "cs", "de", "pl")
GAMES = registry.games()


def decision_kinds(name: str) -> set[str]:
    """The class names of every decision kind of game `name` (walking its FLOW)."""
    game = registry.game(name)
    flow = type(game.new_state(game.min_players if game.min_players > 1 else 2, 1)).FLOW
    return {type(kind).__name__ for kind in flow.kinds.values() if kind.decision}


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_help_in_four_languages_with_the_same_sections(name):
    game = registry.game(name)
    english = game.rules_help("en")
    assert english["lang"] == "en" and len(english["sections"]) >= 4
    for lang in LANGUAGES:
        help_data = game.rules_help(lang)
        assert help_data["lang"] == lang, f"{name} has no {lang} help file"
        assert [s["id"] for s in help_data["sections"]] == [s["id"] for s in english["sections"]]
        assert [s["decisions"] for s in help_data["sections"]] == [s["decisions"] for s in english["sections"]]
        texts = [help_data["title"], help_data["goal"], help_data["rounds"]] + [
            s[k] for s in help_data["sections"] for k in ("title", "text")]
        for text in texts:
            assert not re.search(r"<\w|&\w+;", text), f"{name}/{lang}: markup in plain text: {text[:60]}"
        if lang != "en":          # translated, not copied: no section text equals the English one
            for mine, theirs in zip(help_data["sections"], english["sections"]):
                assert mine["text"] != theirs["text"], f"{name}/{lang}: section {mine['id']} is English"


@pytest.mark.parametrize("name", GAMES)
def test_every_decision_kind_is_explained_by_exactly_one_section(name):
    kinds = decision_kinds(name)
    sections = registry.game(name).rules_help("en")["sections"]
    named = [kind for s in sections for kind in s["decisions"]]
    assert sorted(set(named) - kinds) == [], f"{name}: sections name kinds its FLOW does not have"
    assert sorted(kinds - set(named)) == [], f"{name}: decision kinds no section explains"
    twice = sorted({k for k in named if named.count(k) > 1})
    assert twice == [], f"{name}: kinds in several sections: {twice}"


@pytest.mark.rule("ND-3.2", "ND-5.2", "KB-4.2", "KB-5.4", "MS-7.6", "MS-8.1")
@pytest.mark.parametrize("name, players, first", [
    ("notre-dame", 3, "draft"),            # the round starts with the draft (phase 2)
    ("kingsburg", 3, "kings_aid"),         # year 1, phase 1: everyone takes a good
    ("messina-1347", 2, "turn"),           # round I: send a lieutenant
])
def test_the_pending_decision_opens_its_phase(name, players, first):
    game = registry.game(name)
    state = game.new_state(players, 7)
    kind = state.decision_kind()
    assert kind in decision_kinds(name)
    for lang in LANGUAGES:
        assert section_for(game.rules_help(lang), kind) == first


def test_decision_kind_names_the_top_frame_and_is_none_at_the_end():
    state = ToyGame().new_state(2, 3)
    assert state.decision_kind() == type(state.top()[0]).__name__
    play_random(state, 5)
    assert state.is_terminal() and state.decision_kind() is None


def test_a_language_without_a_file_gets_english_and_a_bad_code_is_refused():
    game = registry.game("kingsburg")
    assert game.rules_help("fr")["lang"] == "en"
    assert game.rules_help("fr")["title"] == game.rules_help("en")["title"]
    for bad in ("EN", "../en", "e", "english", "", None, 3):
        with pytest.raises(BadOption, match="language"):
            game.rules_help(bad)
    assert ToyGame().rules_help("en") == {}           # a game without help files


@pytest.mark.parametrize("content, problem", [
    ("{not json", "not valid UTF-8 JSON"),
    ("[]", "must hold a JSON object"),
    (json.dumps({"title": "T", "goal": "G", "rounds": "R", "sections": []}), "'sections' must be a non-empty list"),
    (json.dumps({"title": "T", "goal": "", "rounds": "R", "sections": [{}]}), "'goal' must be a non-empty string"),
    (json.dumps({"title": "T", "goal": "G", "rounds": "R",
                 "sections": [{"id": "a", "title": "A", "text": "x", "decisions": "Turn"}]}),
     "'decisions' must be a list"),
    (json.dumps({"title": "T", "goal": "G", "rounds": "R",
                 "sections": [{"id": "a", "title": "A", "text": "x"}, {"id": "a", "title": "B", "text": "y"}]}),
     "the id 'a' is used twice"),
])
def test_a_corrupt_help_file_is_a_clear_data_error(tmp_path, content, problem):
    (tmp_path / "en.json").write_text(content, encoding="utf-8")

    class Helped(ToyGame):
        def help_directory(self):
            return tmp_path

    with pytest.raises(DataError, match=re.escape(problem)) as error:
        Helped().rules_help("cs")
    assert str(tmp_path / "en.json") in str(error.value)


def test_the_server_serves_the_help_and_the_frame_names_the_decision(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    server = Server(f"sqlite:///{tmp_path / 'help.sqlite3'}", tmp_path / "server.log").start()
    http = httpx.Client(timeout=30)            # a busy machine (a parallel test run) answers slowly
    try:
        url = server.url + "/api/games/notre-dame/help"
        answer = http.get(url, params={"lang": "cs"})
        assert answer.status_code == 200
        assert answer.json()["lang"] == "cs" and answer.json()["title"].startswith("Notre Dame")
        assert http.get(url).json()["lang"] == "en"
        assert http.get(url, params={"lang": "xx"}).json()["lang"] == "en"
        bad = http.get(url, params={"lang": "../x"})
        assert bad.status_code == 422 and "language" in bad.json()["error"]
        unknown = http.get(server.url + "/api/games/chess/help")
        assert unknown.status_code == 404 and "unknown game" in unknown.json()["error"]
        made = http.post(server.url + "/api/tables", json={"game": "notre-dame", "players": 3,
                                                            "seats": ["human", "human", "human"]})
        assert made.status_code == 201, made.text
        table = made.json()
        token = table["seats"][0]["token"]
        frame = http.get(f"{server.url}/api/tables/{table['id']}",
                          headers={"Authorization": f"Bearer {token}"}).json()
        assert frame["decision"] == "DraftPick"
    finally:
        http.close()
        server.stop()
