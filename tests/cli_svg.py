#!/usr/bin/env python3
"""`smallgo solve --svg`: the file is well-formed XML with an <svg> root, and it shows what
`smallgo solve --json` of the same run says: each legal move's value on its point (with
--all-moves), the optimal moves ringed, the principal variation numbered (its first play on each
point on the board, the others in the caption), the pass's value in the caption. A stopped search
and a finished game still give a valid picture, with their bounds or score and no values.

Usage: cli_svg.py SMALLGO WORKDIR. Standard library only.
"""

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

SMALLGO, WORKDIR = sys.argv[1], sys.argv[2]
NS = {"svg": "http://www.w3.org/2000/svg"}
FAILURES = []


def check(condition, message):
    if not condition:
        FAILURES.append(message)
        print("FAIL:", message, flush=True)


def short(v):
    return "0" if v == 0 else ("B+" if v > 0 else "W+") + f"{abs(v):g}"


def run(name, args):
    """(JSON of the run, root of its SVG) for `smallgo solve ARGS --json --svg FILE`."""
    path = os.path.join(WORKDIR, f"svg_{name}.svg")
    if os.path.exists(path):
        os.remove(path)
    out = subprocess.run([SMALLGO, "solve", *args, "--threads", "1", "--hash", "16M", "--json", "--svg", path],
                         capture_output=True, text=True, check=True).stdout
    root = ET.parse(path).getroot()  # raises on malformed XML
    check(root.tag == "{http://www.w3.org/2000/svg}svg", f"{name}: root element {root.tag}")
    return json.loads(out), root


def captions(root):
    return [t.text for t in root.findall(".//svg:text[@class='caption']", NS)]


def values_case(name, args):
    j, root = run(name, args)
    shown = {t.get("data-move"): (t.text, float(t.get("data-value")))
             for t in root.findall(".//svg:text[@class='value']", NS)}
    want = {m: (short(v), v) for m, v in j["move_values"].items() if m != "pass"}
    check(shown == want, f"{name}: values shown {shown} != solve's {want}")
    check(len(root.findall(".//svg:circle[@class='disc best']", NS)) ==
          len([m for m in j["best_moves"] if m != "pass"]), f"{name}: optimal moves ringed")
    if "pass" in j["move_values"]:
        check(f"A pass: {short(j['move_values']['pass'])}" in captions(root), f"{name}: pass value {captions(root)}")
    # The principal variation: numbers on the board, and in the caption those that are not.
    numbers = {int(t.get("data-number")): t.get("data-move") for t in root.findall(".//svg:text[@class]", NS)
               if t.get("class").startswith("pv ")}
    for n, move in numbers.items():
        check(j["pv"][n - 1] == move, f"{name}: number {n} on {move}, the PV has {j['pv'][n - 1]}")
    prefix = "Principal variation, also: "
    elsewhere = [c[len(prefix):] for c in captions(root) if c.startswith(prefix)]
    listed = len(elsewhere[0].split(", ")) if elsewhere else 0
    check(len(numbers) + listed == len(j["pv"]), f"{name}: {len(numbers)} + {listed} numbers for {len(j['pv'])} moves")
    check(len(numbers) > 0 or all(m == "pass" for m in j["pv"]), f"{name}: no number drawn")


def main():
    values_case("3x3_c2_b2", ["3x3", "--moves", "C2", "B2", "--all-moves"])
    values_case("3x3_empty", ["3x3", "--all-moves"])
    values_case("2x3_aga", ["2x3", "--rules", "aga", "--all-moves"])
    values_case("1x5_simple", ["1x5", "--rules", "simple", "--moves", "B1", "--all-moves"])
    # Without --all-moves: no values, the PV still numbered.
    j, root = run("2x2", ["2x2"])
    check(not root.findall(".//svg:text[@class='value']", NS), "2x2 without --all-moves shows values")
    check(any(c.startswith("Value B+1") for c in captions(root)), f"2x2: caption {captions(root)}")
    # A stopped search: its bounds; a finished game: its score.
    j, root = run("4x4_stopped", ["4x4", "--max-nodes", "2000", "--all-moves"])
    check(any(c.startswith("Stopped (node limit)") for c in captions(root)), f"stopped: {captions(root)}")
    j, root = run("over", ["3x3", "--moves", "B2", "pass", "pass"])
    check(any(c.startswith("Final score") for c in captions(root)), f"game over: {captions(root)}")
    if FAILURES:
        print(f"{len(FAILURES)} failures")
        sys.exit(1)
    print("ok")


if __name__ == "__main__":
    main()
