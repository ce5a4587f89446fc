"""The table page says which rules the table plays: its rules revision and every resolved option,
by its translated name and value (never a raw option key, issue 23)."""
from __future__ import annotations

from browser_kit import start_table


def test_the_table_page_names_its_rules_revision_and_options(open_page, server):
    page = open_page()
    start_table(page, server.url, "kingsburg", ["you", "friend"], negative_vp=False)
    page.click("#rules summary")
    assert page.inner_text("#rules summary") == "Rules revision 2"
    tokens = page.inner_text("#rules li[data-option=one_token_per_season]")
    assert tokens.startswith("One +2 token per season: yes") and "one +2 token per season" in tokens
    assert page.inner_text("#rules li[data-option=negative_vp]").startswith("Negative victory points: no")
    assert "_" not in page.inner_text("#rules")


def test_an_empty_option_reads_as_its_default(open_page, server):
    """Messina's component data option is empty for the shipped set: it read 'Component data:'."""
    page = open_page()
    start_table(page, server.url, "messina-1347", ["you", "friend"])
    page.click("#rules summary")
    assert page.inner_text("#rules li[data-option=data]") == "Component data: default"
