#!/usr/bin/env python3
"""The page of `smallgo serve` in a real browser: headless Chromium driven by Selenium through
chromedriver (Debian's chromium, chromium-driver and python3-selenium). It opens the page, plays
B2 on 3x3 by clicking the board, reads the values the board shows, and checks them against the
JSON API's /api/solve for the same game; then plays on with the page's buttons (the next move of
the principal variation, undo, redo, start again) and checks again; last, starts a 5x5 game (the
server takes it with --max-points 25), waits for the progress of its solve and cancels it.

Usage: serve_browser.py SMALLGO CHROMEDRIVER [SCREENSHOT.png]; with SCREENSHOT, a picture of the
page after a few moves is saved there (docs/serve.png is one).
"""

import json
import subprocess
import sys
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

SMALLGO, CHROMEDRIVER = sys.argv[1], sys.argv[2]
SCREENSHOT = sys.argv[3] if len(sys.argv) > 3 else None
FAILURES = []


def check(condition, message):
    if not condition:
        FAILURES.append(message)
        print("FAIL:", message, flush=True)


def short(v):
    """A value as the board writes it: B+9, W+0.5, 0."""
    if v == 0:
        return "0"
    text = f"{abs(v):g}"
    return ("B+" if v > 0 else "W+") + text


def api_solve(base, moves):
    body = json.dumps({"board": "3x3", "rules": "tromp-taylor", "moves": moves}).encode()
    req = urllib.request.Request(base + "/api/solve", data=body, method="POST")
    with urllib.request.urlopen(req, timeout=120) as r:
        return json.loads(r.read())


# What the page shows, read in one go in the page (elements read one by one could be replaced in
# between by the page's next drawing).
SNAPSHOT = """
const all = (q) => Array.from(document.querySelectorAll(q));
return {
  state: document.body.dataset.state,
  moves: all("#moves li").map((li) => li.textContent.split(" ").pop()),
  values: Object.fromEntries(all("#board text.value").map((t) => [t.dataset.move, t.textContent])),
  black: all("#board circle.stone.black").length,
  white: all("#board circle.stone.white").length,
  pv: document.getElementById("pv").textContent.split(" "),
};
"""


def wait_solved(driver, moves):
    """Waits until the page shows the game of `moves`, solved; returns what it shows."""
    def ready(d):
        shown = d.execute_script(SNAPSHOT)
        return shown if shown["state"] == "solved" and shown["moves"] == moves else False
    return WebDriverWait(driver, 60).until(ready)


def compare(driver, base, moves):
    shown = wait_solved(driver, moves)
    want = api_solve(base, moves)
    expected = {m: short(v) for m, v in want["move_values"].items() if m != "pass"}
    check(shown["values"] == expected, f"after {moves}: the board shows {shown['values']}, the API says {expected}")
    check((shown["black"], shown["white"]) == (len(want["black"]), len(want["white"])),
          f"after {moves}: {shown['black']} black and {shown['white']} white stones drawn, the API has "
          f"{want['black']} {want['white']}")
    pv = shown["pv"]
    check(pv == want["pv"] or (pv and pv[0] in want["best_moves"]), f"after {moves}: PV shown {pv}")
    return want, shown


def main():
    server = subprocess.Popen([SMALLGO, "serve", "--port", "0", "--threads", "1", "--hash", "16M",
                               "--max-points", "25"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    base = server.stdout.readline().split()[2].rstrip("/")
    options = webdriver.ChromeOptions()
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1100,760", "--hide-scrollbars"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        driver.get(base + "/")
        compare(driver, base, [])
        driver.find_element(By.CSS_SELECTOR, '#board rect.point[data-move="B2"]').click()
        want, shown = compare(driver, base, ["B2"])
        check(len(shown["values"]) == 8, f"B2 on 3x3: {len(shown['values'])} values shown, not 8")
        # The next move of the principal variation, twice, by the page's button.
        moves = ["B2"]
        for _ in range(2):
            moves.append(want["pv"][0])
            driver.find_element(By.ID, "pv-step").click()
            want, _ = compare(driver, base, moves)
        driver.find_element(By.ID, "undo").click()
        moves.pop()
        compare(driver, base, moves)
        driver.find_element(By.ID, "redo").click()
        moves.append(want["moves"][-1])
        compare(driver, base, moves)
        # A new game where the values differ: C2 (not the best point), then B2.
        driver.find_element(By.ID, "restart").click()
        compare(driver, base, [])
        for moves in (["C2"], ["C2", "B2"]):
            driver.find_element(By.CSS_SELECTOR, f'#board rect.point[data-move="{moves[-1]}"]').click()
            want, shown = compare(driver, base, moves)
        check(len(set(shown["values"].values())) > 1, f"after C2 B2 the values are all equal: {shown['values']}")
        if SCREENSHOT:
            driver.save_screenshot(SCREENSHOT)
        # A long solve (the empty 5x5 board: no search finishes it in seconds) shows its progress
        # and stops on Cancel.
        Select(driver.find_element(By.ID, "board-size")).select_by_value("5x5")
        driver.find_element(By.ID, "new-game").click()
        WebDriverWait(driver, 60).until(
            lambda d: "nodes" in d.find_element(By.ID, "progress").text and
            d.find_element(By.TAG_NAME, "body").get_attribute("data-state") == "solving")
        driver.find_element(By.ID, "cancel").click()
        WebDriverWait(driver, 30).until(
            lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-state") == "stopped")
        value = driver.find_element(By.ID, "value").text
        check(value.startswith("Not solved (cancelled)"), f"5x5 cancelled: the page says {value!r}")
    finally:
        driver.quit()
        server.terminate()
        server.wait(timeout=20)
    if FAILURES:
        print(f"{len(FAILURES)} failures")
        sys.exit(1)
    print("ok")


if __name__ == "__main__":
    main()
