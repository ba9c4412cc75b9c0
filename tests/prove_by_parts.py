#!/usr/bin/env python3
"""tools/prove_by_parts.py against `smallgo solve`: the proof-number search over capped calls must
answer "does Black reach AIM?" as the exact value says, at the value (yes) and just above it (no),
with Black and with White to move at the question, under tromp-taylor and aga (3x4 after B2, 3x4
and 3x4 after B2 under aga, 1x8 after B1), with calls that stop at their answer (the default,
--aim-only) and calls that go on (--full-calls). The budget of 4,096 nodes a call (the solver's
node limit is checked every 4,096 nodes) makes it expand trees of dozens to hundreds of calls
there. A second run of the same question reads every call from the cache, and a run with three
calls at once gives the same answer; --max-calls leaves a question open, with as many frontier
positions as its numbers; SIGTERM keeps only whole results; --known results, one a file or one a
line, are used and checked; a bad move is one line and exit code 1; children are expanded in the
calls' order of first moves. Each answer's composed certificate (--proof) is accepted by `smallgo
verify` with the answer's bound, and rejected broken.

Usage: prove_by_parts.py SMALLGO TOOL WORKDIR. Standard library only.
"""

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import time

SMALLGO, TOOL, WORKDIR = sys.argv[1], sys.argv[2], sys.argv[3]
CACHE = os.path.join(WORKDIR, "prove_by_parts_cache")
FAILURES = []


def check(condition, message):
    if not condition:
        FAILURES.append(message)
        print("FAIL:", message, flush=True)


def exact(board, rules, moves):
    cmd = [SMALLGO, "solve", board, "--rules", rules, "--threads", "1", "--hash", "64M", "--json"]
    d = json.loads(subprocess.run(cmd + (["--moves", *moves] if moves else []),
                                  capture_output=True, text=True, check=True).stdout)
    assert d["complete"], d
    return d["value"], d["to_move"]


def tool_command(board, rules, moves, aim, *extra):
    cmd = [sys.executable, TOOL, "--smallgo", SMALLGO, "--board", board, "--rules", rules,
           "--aim", f"{aim:g}", "--budget", "4096", "--hash", "4M", "--cache", CACHE, "--quiet",
           *extra]
    return cmd + (["--moves", *moves] if moves else [])


def stops_in_cache():
    """What stopped each call kept in the cache (solve's "stopped")."""
    stops = []
    for f in os.listdir(CACHE):
        with open(os.path.join(CACHE, f)) as fh:
            stops.append(json.load(fh)["stopped"])
    return stops


def ask(board, rules, moves, aim, *extra):
    r = subprocess.run(tool_command(board, rules, moves, aim, *extra), capture_output=True,
                       text=True, check=False)
    return r.returncode, (json.loads(r.stdout) if r.returncode == 0 else None), r.stderr


def verify(path):
    r = subprocess.run([SMALLGO, "verify", path, "--json"], capture_output=True, text=True,
                       check=False)
    return r.returncode, (json.loads(r.stdout) if r.returncode == 0 else None), r.stderr


def corruptions(path, yes, value):
    """Broken copies of a composed certificate: (how, path). Its header bound a point beyond
    the claim's; the first answer of the other side dropped with its subtree; the tree cut."""
    with open(path) as f:
        text = f.read()
    header = f"bound black {'>=' if yes else '<='} {value:g}\n"
    beyond = f"bound black {'>=' if yes else '<='} {value + (1 if yes else -1):g}\n"
    tokens = text.split()
    start = tokens.index("claim") + 4
    cuts = [("with a bound beyond its claim", text.replace(header, beyond)),
            ("cut short", " ".join(tokens[:start + (len(tokens) - start) // 2]))]
    if "[" in tokens[start:]:
        i = tokens.index("[", start)
        j, depth = i + 2, 0  # the first answer's subtree: up to its leaf at its own level
        while not (depth == 0 and (tokens[j] in (".", "]") or tokens[j].startswith("@"))):
            depth += tokens[j] == "["
            depth -= tokens[j] == "]"
            j += 1
        cuts.append(("without the first answer", " ".join(tokens[:i + 1] + tokens[j + 1:])))
    out = []
    for n, (how, broken) in enumerate(cuts):
        name = f"{path}.broken{n}"
        with open(name, "w") as f:
            f.write(broken)
        out.append((how, name))
    return out


shutil.rmtree(CACHE, ignore_errors=True)
questions = [("3x4", "tromp-taylor", ["B2"]), ("3x4", "aga", []), ("3x4", "aga", ["B2"]),
             ("1x8", "tromp-taylor", ["B1"])]
expanded = {"Black": 0, "White": 0}
certified = composed = images = 0  # certificates written, of more than one leaf, images used
most_at_once = 0
answered_calls = 0  # calls stopped by --aim-only's answer
for board, rules, moves in questions:
    value, to_move = exact(board, rules, moves)
    for aim, want in ((value, "yes"), (value + 1, "no")):
        shutil.rmtree(CACHE, ignore_errors=True)  # a tree of its own, not one cached before
        rc, out, err = ask(board, rules, moves, aim)
        name = f"{board} {rules} after {' '.join(moves) or 'nothing'}, aim {aim:g}"
        check(rc == 0, f"{name}: exit code {rc}, {err.strip()}")
        if rc != 0:
            continue
        check(out["answer"] == want, f"{name}: {out['answer']}, the value {value:g} says {want}")
        check(out["proof_frontier" if want == "yes" else "disproof_frontier"] == [],
              f"{name}: a frontier left after the answer: {out}")
        check(out["cached"] == 0 and out["calls"] >= 1, f"{name}: {out}")
        print(f"{name}: {out['answer']} in {out['calls']} calls, {out['nodes']} nodes, "
              f"deepest {out['deepest']}", flush=True)
        if out["calls"] >= 10:
            expanded[to_move] += 1
        answered_calls += stops_in_cache().count("aim answered")
        # Again: every call from the cache, the same answer and tree.
        rc2, again, _ = ask(board, rules, moves, aim)
        check(rc2 == 0 and again["calls"] == 0 and again["cached"] == out["calls"]
              and again["answer"] == out["answer"] and again["nodes"] == out["nodes"],
              f"{name}: the cached run gave {again}")
        # The answer's certificate (the cached tree, leaves solved with --proof): `smallgo
        # verify` accepts it, proving the answer's bound, and rejects it broken.
        proof = os.path.join(WORKDIR, "prove_by_parts.proof")
        if os.path.exists(proof):
            os.remove(proof)
        rc5, written, err5 = ask(board, rules, moves, aim, "--proof", proof,
                                  "--proof-budget", "1000000")
        bound = f"{'>=' if want == 'yes' else '<='} {value:g}"
        if (board, aim) == ("1x8", 4):
            # The writer cannot write "at most 3" after B1 G1 E1 (nor 1x8's value, docs/proof.md:
            # lines the other side prolongs): one line, exit code 1, and no file.
            check(rc5 == 1 and err5.count("\n") == 1 and "no leaf certificate after B1 " in err5
                  and "no certificate written" in err5 and not os.path.exists(proof)
                  and not os.path.exists(proof + ".partial"),
                  f"{name}, --proof: exit code {rc5}, {err5.strip()}")
        else:
            check(rc5 == 0 and written["calls"] == 0 and written["proof"]["bound"] == bound,
                  f"{name}, --proof: exit code {rc5}, {written}, {err5.strip()}")
        if rc5 == 0:
            certified += 1
            images += written["proof"]["images"]
            if written["proof"]["leaves"] >= 2:
                composed += 1
            rc6, checked, err6 = verify(proof)
            check(rc6 == 0 and checked["bound"] == bound and "value" not in checked
                  and checked["moves"] == [m.upper() for m in moves],
                  f"{name}: verify of the composed certificate: {rc6} {checked} {err6.strip()}")
            for how, broken in corruptions(proof, want == "yes", value):
                rc7, _, err7 = verify(broken)
                check(rc7 == 1 and "rejected" in err7,
                      f"{name}: the certificate {how} was accepted: {rc7} {err7.strip()}")
        # Three calls at once, in a tree of their own: another order, the same answer.
        shutil.rmtree(CACHE, ignore_errors=True)
        rc3, par, err3 = ask(board, rules, moves, aim, "--jobs", "3")
        check(rc3 == 0 and par["answer"] == want and par["cached"] == 0 and par["calls"] >= 1,
              f"{name}, --jobs 3: exit code {rc3}, {par}, {err3.strip()}")
        if rc3 == 0:
            check(out["most_at_once"] == 1 and 1 <= par["most_at_once"] <= 3,
                  f"{name}: calls at once {out['most_at_once']} and {par['most_at_once']}")
            most_at_once = max(most_at_once, par["most_at_once"])
        # Calls that go on towards the value once the aim is answered: the same answer, and no
        # call stopped by an answer.
        shutil.rmtree(CACHE, ignore_errors=True)
        rc4, full, err4 = ask(board, rules, moves, aim, "--full-calls")
        check(rc4 == 0 and full["answer"] == want and "aim answered" not in stops_in_cache(),
              f"{name}, --full-calls: exit code {rc4}, {full}, {err4.strip()}")
        if rc4 == 0:
            print(f"{name}, --full-calls: {full['answer']} in {full['calls']} calls, "
                  f"{full['nodes']} nodes", flush=True)
# Every answer certified, some by trees of several leaves, some through symmetric images.
check(certified == 2 * len(questions) - 1 and composed >= 4 and images >= 1,
      f"certificates: {certified} written, {composed} of several leaves, {images} images")
# The trees must be real searches, under both sides to move at the question.
check(expanded["Black"] >= 2 and expanded["White"] >= 1, f"too few trees expanded: {expanded}")
check(most_at_once >= 2, f"--jobs 3 never had two calls in flight: {most_at_once}")
check(answered_calls >= 8, f"only {answered_calls} calls stopped at their answer (--aim-only)")

# The calls list their first moves in the root's order (first_moves_order: every move of
# first_moves once, the pass last), and the tree expands them in it: with two calls, the second
# is the first move of that order.
shutil.rmtree(CACHE, ignore_errors=True)
root = json.loads(subprocess.run(
    [SMALLGO, "solve", "3x4", "--moves", "B2", "--aim", "4", "--aim-only", "--threads", "1",
     "--hash", "4M", "--max-nodes", "4096", "--json"], capture_output=True, text=True,
    check=True).stdout)
order = root["first_moves_order"]
check(sorted(order) == sorted(root["first_moves"]) and order[-1] == "pass"
      and order != sorted(order), f"first_moves_order {order} of {root['first_moves']}")
rc, out, err = ask("3x4", "tromp-taylor", ["B2"], 4, "--max-calls", "2")
made = sorted(f for f in os.listdir(CACHE) if f.endswith(".json"))
check(rc == 0 and len(made) == 2 and any(f.endswith(f".B2_{order[0]}.json") for f in made),
      f"two calls after B2: {made}, the order {order}")

# --max-calls stops a question open; its calls stay cached.
shutil.rmtree(CACHE, ignore_errors=True)
for jobs in ("1", "2"):
    shutil.rmtree(CACHE, ignore_errors=True)
    rc, out, err = ask("3x4", "aga", [], -0.5, "--max-calls", "3", "--jobs", jobs)
    check(rc == 0 and out["answer"] == "open" and out["calls"] == 3,
          f"--max-calls 3, --jobs {jobs}: {rc} {out} {err}")
    # The frontier: as many positions as the numbers count, each a line below the question.
    if rc == 0:
        for side, number in (("proof", "proof_number"), ("disproof", "disproof_number")):
            leaves = out[f"{side}_frontier"]
            check(len(leaves) == min(out[number], 50) and all(leaves)
                  and len(set(leaves)) == len(leaves),
                  f"--max-calls 3, --jobs {jobs}: {side} frontier {leaves}, {number} {out[number]}")

# SIGTERM with two calls in flight: the question stays open (its numbers those of the calls that
# ended, not of the ones stopped), only whole results stay in the cache, and a run after it goes
# on to the answer. (A run that ends before the signal must have the answer.)
shutil.rmtree(CACHE, ignore_errors=True)
tool = subprocess.Popen(tool_command("1x8", "tromp-taylor", ["B1"], 3, "--jobs", "2"),
                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
time.sleep(0.5)
tool.terminate()
stdout, stderr = tool.communicate()
stopped = json.loads(stdout) if tool.returncode == 0 else None
check(stopped is not None and (stopped["answer"] == "yes" or (
    stopped["answer"] == "open" and stopped["proof_number"] > 0
    and stopped["disproof_number"] > 0)),
      f"stopped by SIGTERM: {tool.returncode} {stdout} {stderr}")
left = sorted(os.listdir(CACHE)) if os.path.isdir(CACHE) else []
check(all(f.endswith(".json") for f in left), f"scratch files left in the cache: {left}")
for f in left:
    with open(os.path.join(CACHE, f)) as fh:
        check("lower" in json.load(fh), f"a cut-short result kept: {f}")
rc, out, err = ask("1x8", "tromp-taylor", ["B1"], 3, "--jobs", "2")
# (With two jobs the tree differs from run to run, so it need not read every kept result; the
# root's is read first, and is kept whenever anything is.)
check(rc == 0 and out["answer"] == "yes" and (out["cached"] >= 1 or not left),
      f"after SIGTERM, {len(left)} results cached: {rc} {out} {err}")
print(f"SIGTERM after 0.5 s: {stopped and stopped['answer']}, {len(left)} calls kept", flush=True)

# --known: a whole solve of the question's position answers it with no call; a capped solve of
# it (its bounds narrowed, its first moves' too) still leads to the exact answer; a solve of
# another board is refused with one line.
def solve_json(board, moves, *extra):
    cmd = [SMALLGO, "solve", board, "--threads", "1", "--hash", "4M", "--json", *extra]
    r = subprocess.run(cmd + (["--moves", *moves] if moves else []), capture_output=True,
                       text=True, check=True)
    name = os.path.join(WORKDIR, f"prove_by_parts_known_{board}_{len(moves)}_{len(extra)}.json")
    with open(name, "w") as f:
        f.write(r.stdout)
    return name, json.loads(r.stdout)


whole, _ = solve_json("3x4", ["B2"])
for aim, want in ((4, "yes"), (5, "no")):
    shutil.rmtree(CACHE, ignore_errors=True)
    rc, out, err = ask("3x4", "tromp-taylor", ["B2"], aim, "--known", whole)
    check(rc == 0 and out["answer"] == want and out["calls"] == 0 and out["known"] == 1,
          f"--known a whole solve, aim {aim}: {rc} {out} {err}")
# The first cap (in steps of 20,480 nodes) that proves a first move's bound but not the value.
for cap in range(4096, 2_000_000, 4096):
    capped, d = solve_json("3x4", ["B2"], "--max-nodes", str(cap), "--aim", "5")
    if d["complete"] or any(lo > -12 or hi < 12 for lo, hi in d["first_moves"].values()):
        break
check(not d["complete"], f"no cap of 3x4 after B2 proves a first move's bound short of the value")
for aim, want in ((4, "yes"), (5, "no")):
    shutil.rmtree(CACHE, ignore_errors=True)
    rc, out, err = ask("3x4", "tromp-taylor", ["B2"], aim, "--known", capped)
    check(rc == 0 and out["answer"] == want and out["known"] >= 1,
          f"--known a capped solve, aim {aim}: {rc} {out} {err}")
# The same two solves as JSON lines, one a line: the question answered with no call.
lines = os.path.join(WORKDIR, "prove_by_parts_known.jsonl")
with open(lines, "w") as f:
    for name in (capped, whole):
        with open(name) as g:
            f.write(json.dumps(json.load(g)) + "\n")
for aim, want in ((4, "yes"), (5, "no")):
    shutil.rmtree(CACHE, ignore_errors=True)
    rc, out, err = ask("3x4", "tromp-taylor", ["B2"], aim, "--known", lines)
    check(rc == 0 and out["answer"] == want and out["calls"] == 0 and out["known"] == 1,
          f"--known as JSON lines, aim {aim}: {rc} {out} {err}")
with open(lines, "a") as f:
    f.write('{"board": "3x4", "rules": "tromp-taylor"\n')
rc, out, err = ask("3x4", "tromp-taylor", ["B2"], 4, "--known", lines)
check(rc == 2 and len(err.strip().splitlines()) == 1 and "prove_by_parts_known.jsonl" in err,
      f"--known with a broken line: {rc} {err!r}")
# A solve whose own bounds were left wide answers through its first moves' (the node's value is
# their best): here with no call.
with open(whole) as f:
    wide = json.load(f)
wide["lower"], wide["upper"] = -12, 12
wide_name = os.path.join(WORKDIR, "prove_by_parts_known_wide.json")
with open(wide_name, "w") as f:
    json.dump(wide, f)
for aim, want in ((4, "yes"), (5, "no")):
    shutil.rmtree(CACHE, ignore_errors=True)
    rc, out, err = ask("3x4", "tromp-taylor", ["B2"], aim, "--known", wide_name)
    check(rc == 0 and out["answer"] == want and out["calls"] == 0,
          f"--known with wide bounds, aim {aim}: {rc} {out} {err}")
# Another komi, and an empty file: refused with one line.
komi1, _ = solve_json("3x4", ["B2"], "--komi", "1")
rc, out, err = ask("3x4", "tromp-taylor", ["B2"], 4, "--known", komi1)
check(rc == 2 and len(err.strip().splitlines()) == 1 and "komi" in err,
      f"--known of another komi: {rc} {err!r}")
empty = os.path.join(WORKDIR, "prove_by_parts_known_empty.json")
open(empty, "w").close()
rc, out, err = ask("3x4", "tromp-taylor", ["B2"], 4, "--known", empty)
check(rc == 2 and len(err.strip().splitlines()) == 1, f"--known of an empty file: {rc} {err!r}")
other, _ = solve_json("2x3", [])
rc, out, err = ask("3x4", "tromp-taylor", [], 4, "--known", other)
check(rc == 2 and len(err.strip().splitlines()) == 1 and "not a solve of 3x4" in err,
      f"--known of another board: {rc} {err!r}")

# A bad move: smallgo's one line, exit code 1, with one job or two.
for jobs in ("1", "2"):
    rc, out, err = ask("3x4", "tromp-taylor", ["Z9"], 1, "--jobs", jobs)
    check(rc == 1 and len(err.strip().splitlines()) == 1 and "Z9" in err,
          f"bad move, --jobs {jobs}: {rc} {err!r}")
rc, out, err = ask("3x4", "tromp-taylor", [], 1, "--jobs", "0")
check(rc == 2 and "--jobs" in err, f"--jobs 0: {rc} {err!r}")

# Cache names of deep lines (1x12's passed 60 moves, past the 255 bytes of a file's name): at
# most 243 bytes (with a scratch suffix, 255), one per line of moves, the old form where it fits.
spec = importlib.util.spec_from_file_location("prove_by_parts", TOOL)
tool_module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(tool_module)
question = "1x12.tromp-taylor.aim2.4000000.256M.aim-only.proofs-per-position_1"
check(tool_module.file_name(question, "D1_G1") == f"{question}.D1_G1.json",
      "a short line's cache name changed form")
deep = ["_".join(["D1", "G1", "L1", "B1"] * 20 + [last]) for last in ("E1", "F1")]
names = [tool_module.file_name(question, tag) for tag in deep]
check(all(len(n.encode()) <= 243 and n.endswith(".json") for n in names)  # 255 - scratch
      and names[0] != names[1] and names[0] == tool_module.file_name(question, deep[0]),
      f"deep lines' cache names: {names}")

shutil.rmtree(CACHE, ignore_errors=True)
if FAILURES:
    print(f"{len(FAILURES)} failures")
    sys.exit(1)
print("all passed")
