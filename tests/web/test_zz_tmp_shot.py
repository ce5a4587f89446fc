from browser_kit import start_table, wait_turn, click_option, settled

def test_shot(open_page, server):
    page = open_page(390, 844)
    start_table(page, server.url, "kingsburg", ["you", "ai_easy", "ai_easy"])
    for step in range(6):
        assert wait_turn(page) == "act"
        click_option(page, 1)
    wait_turn(page)
    page.screenshot(path="/tmp/kb_phone_full.png", full_page=True)
    page.evaluate("document.querySelector('.board').scrollIntoView()")
    settled(page)
    page.screenshot(path="/tmp/kb_phone.png")
