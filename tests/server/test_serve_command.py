"""`ludoteka serve`: what it prints, and bad arguments."""
from __future__ import annotations

import httpx

from ludoteka.cli.main import main
from server_kit import create


def test_serve_prints_its_url_and_the_invite_link_opens_the_browser_client(start_server, sqlite_url):
    server = start_server(sqlite_url)
    assert f"ludoteka server on {server.url} (database {sqlite_url})" in server.log().splitlines()[0]
    table = create(server.url, "kingsburg", ["human", "ai"])
    link = table["seats"][0]["join_url"]
    assert link.startswith(f"{server.url}/play/{table['id']}#") and table["seats"][1]["agent"] == "ismcts"
    page = httpx.get(link.split("#")[0])
    assert page.status_code == 200 and '<script type="module" src="/static/app.js">' in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]   # nothing from elsewhere
    assert httpx.get(f"{server.url}/static/app.js").status_code == 200
    assert httpx.get(f"{server.url}/static/../pyproject.toml").status_code == 404


def test_a_database_url_of_another_kind_is_a_usage_error(capsys):
    assert main(["serve", "--database", "mysql://localhost/x"]) == 2
    assert "--database must be sqlite:///PATH or postgresql://" in capsys.readouterr().err


def test_an_ai_level_names_an_agent_spec(start_server, sqlite_url):
    server = start_server(sqlite_url)
    table = create(server.url, "kingsburg", ["ai:easy", "ai:hard", "ai:random", "ai:ismcts:iterations=50"])
    from ludoteka.ai.levels import LEVELS
    assert [s["agent"] for s in table["seats"]] == ["greedy", LEVELS["hard"], "random",
                                                     "ismcts:iterations=50"]
