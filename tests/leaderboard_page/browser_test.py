#!/usr/bin/env python3
"""The leaderboard page in a real browser (Debian's chromium and chromium-driver through
python3-selenium, headless): load /, find every entry of the database in the table (the hostile name
shown as text, no alert), open an entry, open one of its games, step it from the start to its end with
the viewer's buttons and read the final counts, which must be the database's. Exit 77 (skipped)
without Chromium, its driver or Selenium.

    browser_test.py BUILD_DIR
    REVERSI_SCREENSHOT=docs/images/leaderboard.png browser_test.py BUILD_DIR   (also saves the page)
"""
import os
import shutil
import sqlite3
import sys
import tempfile

try:
    from selenium import webdriver
    from selenium.common.exceptions import NoAlertPresentException
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
except ImportError:
    # Debian's python3-selenium lives with Debian's python3, not a python3 of pyenv or a venv.
    if os.path.exists("/usr/bin/python3") and os.path.realpath(sys.executable) != os.path.realpath("/usr/bin/python3"):
        os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)
    print("skipped: python3-selenium is not installed")
    sys.exit(77)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from league_fixture import HOSTILE, Server, make_league, wait_until, check, failures  # noqa: E402

build = sys.argv[1]


def browser():
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver") or ("/usr/bin/chromedriver" if os.path.exists("/usr/bin/chromedriver") else None)
    if not chromium or not driver:
        print("skipped: chromium or chromedriver is not installed")
        sys.exit(77)
    for name in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"):
        os.environ.pop(name, None)  # Selenium talks to the driver on loopback, never through a proxy
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-proxy-server",
                 "--window-size=1100,760"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(driver), options=options)


def no_alert(driver, where):
    try:
        driver.switch_to.alert
        check(False, "an alert opened on " + where)
    except NoAlertPresentException:
        pass


def standings(driver, server, db):
    driver.get(server.url)
    names = [a.text for a in driver.find_elements(By.CSS_SELECTOR, "#standings tr.entry a.name")]
    expected = sorted(row[0] for row in db.execute("SELECT name FROM entries"))
    check(sorted(names) == expected, "every entry in the table: %r" % names)
    check(HOSTILE in names, "the hostile name is shown as its text")
    first = driver.find_element(By.CSS_SELECTOR, "#standings tbody tr")
    check(first.get_attribute("class") == "reference" and "reference" in first.text, "the reference row above rank 1")
    no_alert(driver, "/")
    if os.environ.get("REVERSI_SCREENSHOT"):
        driver.save_screenshot(os.environ["REVERSI_SCREENSHOT"])


def entry_and_game(driver, db):
    entry_id = db.execute("SELECT id FROM entries WHERE name = ?", (HOSTILE,)).fetchone()[0]
    driver.find_element(By.CSS_SELECTOR, "#standings tr.entry[data-id='%d'] a.name" % entry_id).click()
    check(driver.find_element(By.ID, "entry-name").text == HOSTILE, "the entry's page names it as text")
    games = driver.find_elements(By.CSS_SELECTOR, "#games tr.game a.game-link")
    count = db.execute("SELECT count(*) FROM games WHERE black = ?1 OR white = ?1", (entry_id,)).fetchone()[0]
    check(len(games) == count, "the entry's %d games listed (%d)" % (count, len(games)))
    no_alert(driver, "the entry's page")
    game_id = int(games[-1].text)
    games[-1].click()
    plies, black, white = db.execute("SELECT length(moves) / 2, black_discs, white_discs FROM games WHERE id = ?",
                                     (game_id,)).fetchone()

    def text(element_id):
        return driver.find_element(By.ID, element_id).text

    check(wait_until(lambda: text("plies") == str(plies), 5), "the viewer knows the game's %d moves" % plies)
    check((text("ply"), text("black-count"), text("white-count")) == ("0", "2", "2"), "the viewer starts at the start")
    for step in range(1, 4):
        driver.find_element(By.ID, "next").click()
        check(text("ply") == str(step), "next steps to move %d" % step)
        if step == 1:
            check(text("move").endswith(" by Black"), "the first move is Black's: %r" % text("move"))
    driver.find_element(By.ID, "prev").click()
    check(text("ply") == "2", "prev steps back")
    driver.find_element(By.ID, "last").click()
    check(text("ply") == str(plies), "last goes to the end")
    check((text("black-count"), text("white-count")) == (str(black), str(white)),
          "final counts %s-%s, the database's %d-%d" % (text("black-count"), text("white-count"), black, white))
    discs = len(driver.find_elements(By.CSS_SELECTOR, "#board .disc"))
    check(discs == black + white, "the board draws %d discs" % discs)
    no_alert(driver, "the game viewer")


def main():
    with tempfile.TemporaryDirectory() as directory:
        path = make_league(build, directory)
        server = Server(build, path)
        driver = browser()
        db = sqlite3.connect(path)
        try:
            standings(driver, server, db)
            entry_and_game(driver, db)
        finally:
            driver.quit()
            db.close()
            server.stop()
    print("%d failures" % len(failures))
    return 1 if failures else 0


sys.exit(main())
