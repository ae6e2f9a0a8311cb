#!/usr/bin/env python3
"""The HTML report in a real browser: headless Chromium driven by Selenium
(Debian's chromium-driver and python3-selenium).

It writes a report with the real binary (the H200's committed roofs file and
its fifteen committed placements, one of them given level dots as
`place --analyze` writes them), opens it, and checks what a user sees: the
charts come before the tables under a table of contents; hovering a dot shows
its tooltip; filtering to one kernel leaves one dot and one row; a click on a
kernel shows its level dots; zooming enlarges the chart's marks; a click on a
header sorts the table. Exit 77 (ctest's skip) with the reason where Selenium,
Chromium or the driver is missing.

Usage: report_browser.py ROOFLINE SOURCE_DIR SCRATCH_DIR [--screenshot PNG]
(with --screenshot, also the page after the checks, the kernels filtered to
those above 5% of the time with one kernel's level dots shown).
"""
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

SKIP = 77


def skip(why):
    print("report browser test skipped: " + why)
    sys.exit(SKIP)


try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError as e:
    skip("no python3-selenium (%s)" % e)

DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
for path, package in ((DRIVER, "chromium-driver"), (CHROMIUM, "chromium")):
    if not os.access(path, os.X_OK):
        skip("%s not found (install %s)" % (path, package))

PREFIX = {"f": 1e-15, "p": 1e-12, "n": 1e-9, "u": 1e-6, "\u00b5": 1e-6, "m": 1e-3, "": 1, "k": 1e3, "M": 1e6, "G": 1e9, "T": 1e12}


def seconds(cell):
    """A time cell ("6.21 ms") in seconds."""
    number, unit = cell.split()
    return float(number) * PREFIX[unit[:-1]]


def with_levels(placement_file, out):
    """The placement with the level dots place --analyze adds: its AI at the
    bytes L2 and DRAM serve (fewer bytes farther out, so a higher AI)."""
    with open(placement_file) as f:
        doc = json.load(f)
    p = doc if "kernel" in doc else (doc["placements"][0] if isinstance(doc, dict) else doc[0])
    ops = p["flops"] if p["flops"] > 0 else p["intops"]
    levels = [{"level": name, "bytes": p["bytes"] / k, "ai": ops / (p["bytes"] / k)} for name, k in (("L2", 2), ("DRAM", 8))]
    p["analysis"] = {"levels": levels, "core_prediction": None, "findings": []}
    with open(out, "w") as f:
        json.dump(p, f)
    return p.get("label") or p["kernel"]


def main():
    roofline, source, scratch = sys.argv[1], sys.argv[2], sys.argv[3]
    screenshot = sys.argv[sys.argv.index("--screenshot") + 1] if "--screenshot" in sys.argv else None
    os.makedirs(scratch, exist_ok=True)
    placed = sorted(glob.glob(os.path.join(source, "roofs/place/nvidia-h200/*.json")))
    levelled_file = os.path.join(scratch, "nbody.levels.json")
    levelled = with_levels(os.path.join(source, "roofs/place/nvidia-h200/nbody.json"), levelled_file)
    placed = [p for p in placed if not p.endswith("/nbody.json")] + [levelled_file]
    report = os.path.join(scratch, "report.html")
    subprocess.run([roofline, "report", os.path.join(source, "roofs/nvidia-h200.json"), "--dots", *placed, "-o", report],
                   check=True)

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for a in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--force-device-scale-factor=1",
              "--window-size=1500,1100", "--user-data-dir=" + tempfile.mkdtemp(dir=scratch)):
        options.add_argument(a)
    browser = webdriver.Chrome(service=Service(DRIVER), options=options)
    wait = WebDriverWait(browser, 60)
    failures = []

    def check(ok, what):
        print(("ok     " if ok else "FAILED ") + what)
        if not ok:
            failures.append(what)

    try:
        browser.get("file://" + os.path.abspath(report))
        kernels = json.loads(browser.find_element(By.ID, "kernels").get_attribute("textContent"))
        check(len(kernels) == len(placed), "the page lists the %d placed kernels" % len(placed))

        # Charts before tables, under a table of contents.
        order = browser.execute_script(
            "const f = document.querySelector('figure.chart'), t = document.querySelector('main table');"
            "return [!!document.querySelector('#toc a[href]'), !!(f.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING)];")
        check(order[0], "a table of contents")
        check(order[1], "the charts come before the tables")

        carm = browser.find_element(By.CSS_SELECTOR, "figure.chart")
        dot_of = {k["label"]: k["dot"] for k in kernels}
        triad = dot_of["triad"]

        def dot(figure, index):
            return figure.find_element(By.CSS_SELECTOR, 'g.kernel[data-dot="%d"] circle.dot' % index)

        # Hover a dot: the tooltip names the kernel and its performance.
        ActionChains(browser).move_to_element(dot(carm, triad)).perform()
        tip = browser.find_element(By.ID, "tip")
        wait.until(lambda b: tip.is_displayed())
        check(tip.text.startswith("triad") and "FLOP/s" in tip.text, "hovering triad's dot shows its tooltip: " + tip.text.splitlines()[0])
        # And a roof's.
        roof = carm.find_element(By.CSS_SELECTOR, "line.roof.compute")
        ActionChains(browser).move_to_element(roof).perform()
        wait.until(lambda b: "FLOP/s" in tip.text and not tip.text.startswith("triad"))
        check("median of" in tip.text, "hovering a roof shows its tooltip: " + tip.text.splitlines()[0])

        # Filter to one kernel: one dot on the CARM, one row in the table.
        name = browser.find_element(By.ID, "filter-name")
        name.send_keys("triad")
        wait.until(lambda b: b.find_element(By.ID, "filter-count").text.startswith("1 of"))
        shown_dots = [e for e in carm.find_elements(By.CSS_SELECTOR, "g.kernel") if e.is_displayed()]
        rows = [r for r in browser.find_elements(By.CSS_SELECTOR, "tr[data-dot]") if r.is_displayed()]
        check(len(shown_dots) == 1 and shown_dots[0].get_attribute("data-dot") == str(triad), "filtered to triad, one dot shows")
        check(len(rows) == 1 and rows[0].text.startswith("triad"), "filtered to triad, one table row shows")
        name.send_keys(Keys.CONTROL, "a")
        name.send_keys(Keys.BACKSPACE)  # typed, so the page hears it (clear() sends no input event)
        wait.until(lambda b: b.find_element(By.ID, "filter-count").text.startswith("%d of" % len(placed)))

        # The level dots of one kernel, on demand.
        levels = carm.find_element(By.CSS_SELECTOR, 'g.levels[data-dot="%d"]' % dot_of[levelled])
        check(not levels.is_displayed(), "level dots hidden at first")
        row = browser.find_element(By.CSS_SELECTOR, 'tr[data-dot="%d"]' % dot_of[levelled])
        browser.execute_script("arguments[0].scrollIntoView()", row)
        row.click()
        wait.until(lambda b: levels.is_displayed())
        check(len(levels.find_elements(By.CSS_SELECTOR, "circle.level-dot")) == 2, "a click on nbody's row shows its two level dots")

        # Zoom: the chart's marks get bigger, and back.
        browser.execute_script("arguments[0].scrollIntoView()", carm)
        before = dot(carm, triad).size["width"]
        svg = carm.find_element(By.TAG_NAME, "svg")
        full = svg.get_dom_attribute("viewBox")
        carm.find_element(By.CSS_SELECTOR, ".zoom-in").click()
        wait.until(lambda b: svg.get_dom_attribute("viewBox") != full)
        after = dot(carm, triad).size["width"]
        check(after > 1.8 * before, "zoom in: triad's dot %.1f -> %.1f pixels wide" % (before, after))
        # Pan by dragging: the view moves.
        zoomed = svg.get_dom_attribute("viewBox")
        ActionChains(browser).move_to_element(svg).click_and_hold().move_by_offset(-120, 40).release().perform()
        check(svg.get_dom_attribute("viewBox") != zoomed, "dragging pans the zoomed chart: " + svg.get_dom_attribute("viewBox"))
        carm.find_element(By.CSS_SELECTOR, ".zoom-reset").click()
        check(svg.get_dom_attribute("viewBox") == full, "reset shows the whole chart again")

        # Sort the placed kernels by time, both ways.
        table = browser.find_element(By.CSS_SELECTOR, "tr[data-dot]").find_element(By.XPATH, "ancestor::table")
        heads = [h.text for h in table.find_elements(By.CSS_SELECTOR, "thead th")]
        column = heads.index("time")
        head = table.find_elements(By.CSS_SELECTOR, "thead th")[column]
        for order_name, expect in (("ascending", sorted), ("descending", lambda v: sorted(v, reverse=True))):
            browser.execute_script("arguments[0].scrollIntoView()", head)
            head.click()
            wait.until(lambda b: head.get_attribute("aria-sort") == order_name)
            times = [seconds(r.find_elements(By.TAG_NAME, "td")[column].text) for r in table.find_elements(By.CSS_SELECTOR, "tbody tr")]
            check(times == expect(times) and len(set(times)) > 1, "sorted by time, %s: %s ... %s" % (order_name, times[0], times[-1]))

        if screenshot:
            share = browser.find_element(By.ID, "filter-share")
            share.send_keys(Keys.CONTROL, "a")
            share.send_keys("5")
            browser.execute_script("window.scrollTo(0, 0)")
            browser.save_screenshot(screenshot)
    finally:
        browser.quit()
    if failures:
        print("%d checks failed" % len(failures))
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
