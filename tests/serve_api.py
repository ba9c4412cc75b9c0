#!/usr/bin/env python3
"""The JSON API of `smallgo serve` over real HTTP, against `smallgo solve --json` as the oracle.

Usage: serve_api.py SMALLGO CASE, where CASE is one of
  values      values, optimal moves and principal variations on 2x2 and 3x3 under several
              presets equal those of `smallgo solve --moves ... --all-moves --json`; play and
              undo give the positions of the move lists; the ko marks agree with `smallgo replay`
  bad         malformed JSON, bad boards, unknown presets, bad komi, illegal moves: 400 with a
              JSON error; an oversized body 413; the server still answers afterwards
  concurrent  50 clients play random games for a bounded time: the answers for a position agree
              between clients, with each other (a move's value is the value after it) and with
              `smallgo solve`; the server stays up
  limits      a solve past its time limit and a cancelled one stop with their bounds; progress
  signals     SIGTERM and SIGINT during a solve stop the server cleanly (exit status 0)
  memory      a server whose --hash does not fit under a limit on its memory answers every solve
              with 503 and a line naming --hash, and goes on serving (not under a sanitizer)
(The long solves are of the empty 5x5 board, which no search finishes in seconds.)
Each case starts its own server on a free port (--port 0) and stops it with SIGTERM. Standard
library only.
"""

import json
import os
import random
import resource
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

SMALLGO = sys.argv[1]
FAILURES = []


def check(condition, message):
    if not condition:
        FAILURES.append(message)
        print("FAIL:", message, flush=True)


class Server:
    def __init__(self, *extra, hash_size="16M", address_space=None):
        """address_space: a limit in bytes on the server's virtual memory (RLIMIT_AS)."""
        def limit():
            # Every thread's stack (serve starts 64) counts against the address space: 8 MB each.
            resource.setrlimit(resource.RLIMIT_STACK, (8 << 20, 8 << 20))
            resource.setrlimit(resource.RLIMIT_AS, (address_space, address_space))
        self.proc = subprocess.Popen(
            [SMALLGO, "serve", "--port", "0", "--threads", "1", "--hash", hash_size, *extra],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            preexec_fn=None if address_space is None else limit)
        line = self.proc.stdout.readline()
        if "http://127.0.0.1:" not in line:
            raise SystemExit("serve did not start: " + line + self.proc.stderr.read())
        self.base = line.split()[2].rstrip("/")

    def request(self, path, body=None, raw=None):
        """(status, decoded JSON or text) of GET path, or of POST with body (JSON) or raw bytes."""
        data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
        req = urllib.request.Request(self.base + path, data=data, method="GET" if data is None else "POST")
        try:
            with urllib.request.urlopen(req, timeout=120) as r:
                status, text, kind = r.status, r.read().decode(), r.headers.get("Content-Type", "")
        except urllib.error.HTTPError as e:
            status, text, kind = e.code, e.read().decode(), e.headers.get("Content-Type", "")
        except OSError as e:  # refused, reset, closed early
            return None, str(e)
        return status, json.loads(text) if kind.startswith("application/json") else text

    def stop(self, sig=signal.SIGTERM):
        self.proc.send_signal(sig)
        try:
            code = self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            code = None
        err = self.proc.stderr.read()
        return code, err


def cli_solve(board, rules, moves):
    out = subprocess.run([SMALLGO, "solve", board, "--rules", rules, "--threads", "1", "--hash", "16M",
                          "--all-moves", "--json", *(["--moves", *moves] if moves else [])],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def replay_score(server, game, line):
    """The game's result after `line` from the game's moves, through the server's rules."""
    status, p = server.request("/api/position", {**game, "moves": game["moves"] + line})
    return p["result"] if status == 200 and p["game_over"] else None


def compare_solve(server, board, rules, moves, answer, compare_pv):
    where = f"{board} {rules} {moves}"
    want = cli_solve(board, rules, moves)
    for key in ("to_move", "game_over", "complete", "value", "best_moves", "undecided_moves", "move_values"):
        check(answer.get(key) == want.get(key), f"{where}: {key} {answer.get(key)} != solve's {want.get(key)}")
    if compare_pv:
        check(answer["pv"] == want["pv"], f"{where}: pv {answer['pv']} != solve's {want['pv']}")
    # A principal variation from a kept table may differ from a fresh search's; it must still be
    # an optimal game: its first move optimal, and it ends at the value.
    game = {"board": board, "rules": rules, "moves": moves}
    if not answer["game_over"]:
        check(answer["pv"] and answer["pv"][0] in answer["best_moves"], f"{where}: pv starts off the optimal moves")
        check(replay_score(server, game, answer["pv"]) == answer["value"], f"{where}: pv does not end at the value")
    check(sorted(answer["legal"]) == sorted(want["move_values"].keys()) or answer["game_over"],
          f"{where}: legal moves {answer['legal']} != solve's {sorted(want['move_values'])}")


def case_values():
    server = Server()
    games = {
        "2x2": [[], ["A1"], ["A1", "B2"], ["A1", "B2", "pass"], ["B1", "pass", "A2"], ["A1", "pass", "pass"]],
        "3x3": [["B2"], [], ["B2", "A1"], ["B2", "B1", "C1", "A2"], ["A1", "B2", "B1", "C1"],
                ["B2", "C2", "B3", "C1", "pass", "pass"]],
    }
    first = True
    for rules in ("tromp-taylor", "simple", "aga"):
        for board, lines in games.items():
            for moves in lines:
                status, answer = server.request("/api/solve", {"board": board, "rules": rules, "moves": moves})
                check(status == 200, f"solve {board} {rules} {moves}: status {status} {answer}")
                if status == 200:
                    # The first solve of a fresh server searches with empty tables, as the
                    # command does, so even its principal variation is the same.
                    compare_solve(server, board, rules, moves, answer, compare_pv=first)
                    first = False
    # play is position with one more move; undo is position with one move less.
    game = {"board": "3x3", "rules": "tromp-taylor", "moves": []}
    before = server.request("/api/position", game)[1]
    for move in ("B2", "A1", "B1", "pass"):
        status, after = server.request("/api/play", {**game, "move": move})
        check(status == 200, f"play {move}: status {status}")
        check(after == server.request("/api/position", {**game, "moves": game["moves"] + [move]})[1],
              f"play {move} differs from position with it")
        check(after["moves"] == game["moves"] + [move], f"play {move}: moves {after['moves']}")
        undone = server.request("/api/position", game)[1]
        check(undone == before, f"undo of {move} does not give the earlier position")
        game["moves"].append(move)
        before = after
    # The SGF of a game replays, through `smallgo replay FILE.sgf`, to the same moves and rules.
    for body in ({"board": "3x3", "rules": "aga", "moves": ["B2", "A1", "pass", "C3"]},
                 {"board": "2x3", "rules": "simple", "komi": 2.5, "moves": ["A1", "B2", "pass", "pass"]}):
        status, text = server.request("/api/sgf", body)
        check(status == 200 and text.startswith("(;FF[4]"), f"sgf of {body}: {status} {text[:80]}")
        path = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"serve_api_{os.getpid()}.sgf")
        with open(path, "w") as f:
            f.write(text)
        r = subprocess.run([SMALLGO, "replay", path], capture_output=True, text=True)
        os.remove(path)
        played = [line.split()[-1] for line in r.stdout.splitlines() if line[:1].isdigit() and ". " in line]
        check(r.returncode == 0 and played == body["moves"], f"replay of the SGF of {body}: {played} {r.stderr}")
        check(f"komi {body.get('komi', 5.5 if body['rules'] == 'aga' else 0):g}" in r.stdout,
              f"replay of the SGF of {body}: komi lost: {r.stdout.splitlines()[0]}")
    # Ko marks: random games until some position has one; each marked point is refused by
    # `smallgo replay` as ko or superko, and the other empty points are legal or refused otherwise.
    rng = random.Random(7)
    seen = 0
    for _ in range(400):
        board, rules = rng.choice(["2x2", "2x3", "3x3"]), rng.choice(["simple", "tromp-taylor", "aga"])
        moves = []
        for _ in range(30):
            status, p = server.request("/api/position", {"board": board, "rules": rules, "moves": moves})
            if p["game_over"]:
                break
            for point in p["ko"]:
                seen += 1
                r = subprocess.run([SMALLGO, "replay", board, "--rules", rules, *moves, point],
                                   capture_output=True, text=True)
                check(r.returncode == 2 and "ko)" in r.stderr, f"{board} {rules} {moves} {point}: {r.stderr}")
            moves.append(rng.choice(p["legal"]))
        if seen >= 5:
            break
    check(seen >= 5, f"only {seen} ko marks met in random games")
    return server


def case_bad():
    server = Server()
    ok = {"board": "3x3"}
    bad_bodies = [b"{", b"", b"[1,2", b"nul", b"[]", b"3", b'"3x3"', b"[" * 100 + b"]" * 100,
                  b'{"board": "3x3", "moves": ' + b"[" * 40 + b"]" * 40 + b"}"]
    for raw in bad_bodies:
        for path in ("/api/position", "/api/play", "/api/solve", "/api/sgf", "/api/cancel"):
            status, answer = server.request(path, raw=raw)
            check(status == 400 and isinstance(answer, dict) and answer.get("error"),
                  f"{path} {raw[:30]!r}: {status} {answer}")
    bad_games = [{}, {"board": 3}, {"board": "5x5"}, {"board": "0x3"}, {"board": "abc"}, {"board": "1x17"},
                 {**ok, "rules": "nosuch"}, {**ok, "rules": 5}, {**ok, "komi": 0.3}, {**ok, "komi": "a"},
                 {**ok, "komi": 1000}, {**ok, "moves": "B2"}, {**ok, "moves": ["Z9"]}, {**ok, "moves": [1]},
                 {**ok, "moves": ["B2", "B2"]}, {**ok, "moves": ["pass"] * 600},
                 {"board": "2x2", "moves": ["A1", "B2", "A1"]}]
    for game in bad_games:
        for path in ("/api/position", "/api/solve", "/api/sgf"):
            status, answer = server.request(path, game)
            check(status == 400 and isinstance(answer, dict) and answer.get("error"),
                  f"{path} {str(game)[:60]}: {status} {answer}")
    for body in ({**ok, "moves": ["B2"], "move": "B2"}, {**ok, "moves": ["B2"]}, {**ok, "move": "K9"},
                 {**ok, "move": None}, {**ok, "moves": ["pass", "pass"], "move": "A1"}):
        status, answer = server.request("/api/play", body)
        check(status == 400 and answer.get("error"), f"play {body}: {status} {answer}")
    status, answer = server.request("/api/play", {**ok, "moves": ["B2"], "move": "B2"})
    check("illegal (occupied)" in answer.get("error", ""), f"occupied move: {answer}")
    for body in ({**ok, "token": "bad token!"}, {**ok, "token": "x" * 65}, {**ok, "token": 3},
                 {**ok, "seconds": -1}, {**ok, "seconds": "1"}):
        status, answer = server.request("/api/solve", body)
        check(status == 400 and answer.get("error"), f"solve {body}: {status} {answer}")
    for path in ("/api/progress", "/api/progress?token=", "/api/progress?token=a%20b"):
        status, answer = server.request(path)
        check(status == 400 and answer.get("error"), f"{path}: {status} {answer}")
    status, answer = server.request("/api/cancel", {})
    check(status == 400 and answer.get("error"), f"cancel without token: {status} {answer}")
    status, answer = server.request("/api/position", raw=b'{"board": "3x3", "pad": "' + b"x" * 70000 + b'"}')
    check(status == 413 and answer.get("error"), f"oversized body: {status} {answer}")
    # A server on 127.0.0.1 answers only requests for a loopback name (DNS rebinding).
    req = urllib.request.Request(server.base + "/api/presets", headers={"Host": "example.com"})
    try:
        urllib.request.urlopen(req, timeout=30)
        check(False, "a request for example.com was answered")
    except urllib.error.HTTPError as e:
        check(e.code == 403 and json.loads(e.read()).get("error"), f"Host example.com: {e.code}")
    status, answer = server.request("/api/nosuch")
    check(status == 404 and answer.get("error"), f"unknown path: {status} {answer}")
    status, answer = server.request("/api/presets")
    check(status == 200 and answer["max_points"] == 16, f"server after bad requests: {status}")
    status, answer = server.request("/api/solve", {"board": "2x2"})
    check(status == 200 and answer["value"] == 1, f"2x2 after bad requests: {status} {answer}")
    return server


def case_concurrent(clients=50, seconds=6.0):
    server = Server()
    answers = {}  # (board, rules, moves) -> (value, move_values, best_moves)
    lock = threading.Lock()
    counts = {"requests": 0, "errors": 0}
    deadline = time.monotonic() + seconds

    def client(seed):
        rng = random.Random(seed)
        while time.monotonic() < deadline:
            board, rules = rng.choice([("2x2", "tromp-taylor"), ("2x2", "simple"), ("3x3", "tromp-taylor"),
                                       ("2x3", "aga")])
            moves, expected = [], None
            while time.monotonic() < deadline:
                status, a = server.request("/api/solve", {"board": board, "rules": rules, "moves": moves})
                with lock:
                    counts["requests"] += 1
                if status != 200 or not a["complete"]:
                    with lock:
                        counts["errors"] += 1
                    check(False, f"client {seed}: {board} {rules} {moves}: {status} {a}")
                    return
                key = (board, rules, tuple(moves))
                mine = (a["value"], a["move_values"], a["best_moves"])
                with lock:
                    other = answers.setdefault(key, mine)
                check(other == mine, f"{key}: {mine} != {other}")
                # The value after a move is the value the move was given one request earlier.
                check(expected is None or a["value"] == expected, f"{key}: value {a['value']} != {expected}")
                if a["game_over"]:
                    break
                values = a["move_values"]
                best = max(values.values()) if a["to_move"] == "Black" else min(values.values())
                check(a["value"] == best, f"{key}: value {a['value']} is not the best move value {best}")
                check(sorted(a["best_moves"]) == sorted(m for m, v in values.items() if v == best),
                      f"{key}: best moves {a['best_moves']}")
                move = rng.choice(sorted(values))
                expected = values[move]
                moves = moves + [move]

    threads = [threading.Thread(target=client, args=(seed,)) for seed in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print(f"{clients} clients, {seconds} s: {counts['requests']} solves, {len(answers)} positions", flush=True)
    check(counts["requests"] >= clients, "too few requests answered")
    status, _ = server.request("/api/presets")
    check(status == 200, "server down after the clients")
    # The independent oracle on a sample of the positions met.
    rng = random.Random(1)
    for key in rng.sample(sorted(answers), min(12, len(answers))):
        board, rules, moves = key
        want = cli_solve(board, rules, list(moves))
        value, values, best = answers[key]
        check(value == want["value"] and values == want.get("move_values", {}) and best == want["best_moves"],
              f"{key}: server {answers[key]} != solve {want['value']} {want.get('move_values')}")
    return server


# A solve that cannot finish: the empty 5x5 board (the server takes it with --max-points 25).
LONG = {"board": "5x5"}


def case_limits():
    server = Server("--solve-time", "30", "--max-points", "25")
    start = time.monotonic()
    status, a = server.request("/api/solve", {**LONG, "seconds": 1})
    took = time.monotonic() - start
    check(status == 200 and a["complete"] is False and a["stopped"] == "time limit" and a["value"] is None,
          f"5x5 in 1 s: {status} {str(a)[:200]}")
    check(-25 <= a["lower"] <= a["upper"] <= 25, f"bounds {a['lower']} {a['upper']}")
    check(took < 10, f"a 1 s solve took {took:.1f} s")
    result = {}
    worker = threading.Thread(target=lambda: result.update(
        answer=server.request("/api/solve", {**LONG, "moves": ["A1"], "token": "job-1"})))
    worker.start()
    running = None
    for _ in range(100):
        status, running = server.request("/api/progress?token=job-1")
        if running.get("running") and running.get("nodes", 0) > 0:
            break
        time.sleep(0.1)
    check(running and running.get("running") and running["seconds"] > 0, f"progress: {running}")
    status, busy = server.request("/api/solve", {"board": "2x2", "token": "job-1"})
    check(status == 400, f"a second solve with a running token: {status}")
    status, c = server.request("/api/cancel", {"token": "job-1"})
    check(status == 200 and c == {"cancelled": True}, f"cancel: {status} {c}")
    worker.join(timeout=20)
    status, a = result.get("answer", (None, {}))
    check(status == 200 and a.get("stopped") == "cancelled", f"cancelled solve: {status} {str(a)[:200]}")
    check(server.request("/api/progress?token=job-1")[1] == {"running": False}, "progress after the end")
    check(server.request("/api/cancel", {"token": "job-1"})[1] == {"cancelled": False}, "cancel after the end")
    return server


def case_signals():
    for sig, name in ((signal.SIGTERM, "terminated"), (signal.SIGINT, "interrupted")):
        server = Server("--max-points", "25")
        result = {}
        worker = threading.Thread(target=lambda: result.update(
            answer=server.request("/api/solve", LONG)))
        worker.start()
        time.sleep(1.5)
        start = time.monotonic()
        code, err = server.stop(sig)
        check(code == 0, f"{name}: exit status {code}")
        check(f"stopped ({name})" in err, f"{name}: stderr {err!r}")
        check(time.monotonic() - start < 10, f"{name}: took {time.monotonic() - start:.1f} s")
        worker.join(timeout=20)
        status, a = result.get("answer", (None, None))
        check(status == 200 and a["stopped"] == "server stopping", f"{name}: the solve got {status}")
    return None


def case_memory():
    # 8 GB of tables under a 3 GB limit: the tables' mapping fails at the first solve of a board.
    # A machine of less than 8.5 GB refuses --hash 8G at the start: nothing to test there.
    with open("/proc/meminfo") as f:
        total_kb = int(next(line for line in f if line.startswith("MemTotal")).split()[1])
    if total_kb < 8_500_000:
        print("skipped: less than 8.5 GB of memory", flush=True)
        sys.exit(77)
    server = Server(hash_size="8G", address_space=3 << 30)
    for attempt in range(2):  # the second finds no half-made table (GameTables) and fails alike
        status, a = server.request("/api/solve", {"board": "3x3", "moves": ["B2"]})
        check(status == 503, f"solve {attempt}: status {status}, expected 503")
        error = a.get("error", "") if isinstance(a, dict) else ""
        check(error.startswith("out of memory with --hash 8 GB"), f"solve {attempt}: error {error!r}")
    status, p = server.request("/api/position", {"board": "3x3", "moves": ["B2"]})
    check(status == 200 and p.get("to_move") == "White", f"position after the failures: {status} {p}")
    return server


def main():
    case = sys.argv[2]
    server = {"values": case_values, "bad": case_bad, "concurrent": case_concurrent,
              "limits": case_limits, "signals": case_signals, "memory": case_memory}[case]()
    if server:
        code, err = server.stop()
        check(code == 0, f"exit status {code} after SIGTERM: {err}")
    if FAILURES:
        print(f"{len(FAILURES)} failures", flush=True)
        sys.exit(1)
    print("ok", flush=True)


if __name__ == "__main__":
    main()
