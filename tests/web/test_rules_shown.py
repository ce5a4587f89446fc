"""The table page says which rules the table plays: its rules revision and every resolved option,
by its translated name and value (never a raw option key, issue 23)."""
from __future__ import annotations

from browser_kit import start_table


def test_the_table_page_names_its_rules_revision_and_options(open_page, server):
    page = open_page()
    start_table(page, server.url, "kingsburg", ["you", "friend"], negative_vp=False)
    page.click("#rules summary")
    assert page.inner_text("#rules summary") == "This table's rules and options (revision 2)"
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


def test_the_reconstructed_data_banner_opens_once_then_keeps_to_its_title(open_page, server):
    """The banner that says which component data is reconstructed opens in full the first time a
    wide browser shows it, then keeps to its title (a browser audit: 75 px of every desktop
    page); the title is always there, and a player who opens it again finds it open next time."""
    page = open_page()
    start_table(page, server.url, "messina-1347", ["you", "friend"])
    banner = page.locator("#reconstructed")
    assert banner.get_attribute("open") is not None
    page.reload()
    page.wait_for_selector("#reconstructed")
    assert banner.get_attribute("open") is None
    assert "Reconstructed" in page.inner_text("#reconstructed summary")
    page.click("#reconstructed summary")
    # the details element's "toggle" comes as a task after the click: a reload before it would
    # leave the page without the choice (seen once in CI)
    page.wait_for_function("localStorage.getItem('ludoteka.banner.reconstructed') === 'open'")
    page.reload()
    page.wait_for_selector("#reconstructed")
    assert banner.get_attribute("open") is not None
