#!/usr/bin/env python3
"""Proof-number search over capped `smallgo solve` calls: does Black reach AIM after MOVES?

For a question too large for one search (1x12's ko fights, docs/results.md, 2026-12-06 and later),
this asks smallgo many smaller ones. Each node of the tree is one position of the game, and its
evaluation is one call `smallgo solve BOARD --moves PATH --aim AIM --aim-only --max-nodes BUDGET
--json`: the call asks only whether Black reaches AIM, of every first move, and stops once that is
answered (a call that went on towards the value spent most of its budget after the answer). A
node is proven where the call's lower bound reaches AIM and disproven where its upper bound is
below it; otherwise its children are the first moves whose bounds still straddle AIM (one of each
symmetry class, as the call lists them, in its order: central points first, the pass last). With
Black to move one child reaching AIM proves the node; with White to move every child must. Every
call proves bounds of the real game after its own moves, with their whole history, so the answer
composed from them is as exact as each call.

Proof and disproof numbers are those of proof-number search (L. V. Allis, "Searching for solutions
in games and artificial intelligence", 1994): 1 and 1 at a node not yet evaluated, and each step
evaluates the most-proving node. With --jobs N, N calls run at once: a node whose call is in
flight counts as proven while the next is chosen, so the other nodes its proof needs come next,
and where that leaves none, as disproven (the "virtual win" and "virtual loss" of job-level
proof-number search: I-C. Wu et al., "Job-level proof-number search for Connect6", 2010). The
calls' results are kept in a cache folder, one JSON file per position and question, so a stopped
run (Ctrl-C, SIGTERM, --max-calls) goes on where it stopped; calls cut short are not kept. A cached
result is a proof whatever binary made it; the same tree of calls comes again only from the same
binary (node counts differ between builds) and with --jobs 1 (with more, the order in which calls
end decides what comes next).

Results of other runs (`smallgo solve --moves ... --json` of the same board, preset and komi, of
any size, such as long runs with large tables) may be given with --known, one a file or one a
line (so the calls of a cache, gathered into one file, carry a search to another machine): a node
at one of their positions takes their bounds, intersected with its call's where the cache holds
one, and makes no call of its own. Their bounds are proofs too, whatever run found them.

Prints progress to stderr and one JSON object to stdout: the answer ("yes", "no" or "open"), the
calls made and read from the cache, the nodes taken from --known, the calls' nodes, the most
calls in flight at once, the nodes proven and disproven, the proof and disproof numbers of the
question, the deepest node evaluated, and the frontier: the positions not yet evaluated whose
proof (or disproof) would answer it, as many as the proof (disproof) number, at most 50 of each,
as the moves after MOVES. Exit code 0 with any answer; 1 where a call fails (its message is
printed); 2 for bad arguments or a --known file of another board, preset or komi. Moves are AGA
coordinates (D1) or pass.
"""
import argparse
import hashlib
import json
import os
import signal
import subprocess
import sys
import time

INF = 10**9  # a proof or disproof number where that side has lost: the node is decided
STUCK = INF // 2  # where no call can change it: open, with nothing left to expand
MaxShown = 50  # the most frontier nodes printed


class CallFailed(Exception):
    pass


class Interrupted(Exception):
    """Ctrl-C or SIGTERM during a call: its result is cut short, so it is not kept."""


class Caller:
    """Runs and caches the solver calls of one question."""

    def __init__(self, args, stop, known):
        self.args = args
        self.stop = stop  # non-empty once a signal asked to stop
        self.known = known  # moves -> a solve's JSON (--known)
        self.start = tuple(args.moves)
        self.calls = self.cached = self.nodes = self.used_known = 0
        self.most_at_once = 0  # the most calls in flight together (--jobs)
        self.deepest = 0
        os.makedirs(args.cache, exist_ok=True)

    def path_of(self, moves):
        """The cache file of the call at this position."""
        return self.cache_file(self.args.budget, '' if self.args.full_calls else '.aim-only',
                               moves)

    def proof_path_of(self, moves):
        """The cache file of the leaf certificate at this position (tools/by_parts_proof.py)."""
        return self.cache_file(self.args.proof_budget, '.proof', moves, 'proofs')

    def cache_file(self, budget, kind, moves, folder=''):
        a = self.args
        extra = '_'.join(x.lstrip('-') for x in a.solve_args)
        question = f'{a.board}.{a.rules}.aim{a.aim:g}.{budget}.{a.hash}{kind}' + (
            f'.{extra}' if extra else '')
        return os.path.join(a.cache, folder, file_name(question, '_'.join(moves) or 'root'))

    def lookup(self, moves):
        """The solve JSON of this position without a call: --known's if given (with the cached
        call's bounds, if any, intersected), else the cached call's; None where a call must be
        made."""
        path = self.path_of(moves)
        known = self.known.get(key(moves))
        d = None
        if os.path.exists(path):
            with open(path) as f:
                d = json.load(f)
            self.cached += 1
            self.nodes += d['nodes']
        if known is None:
            return d
        self.used_known += 1
        return known if d is None else merge(d, known)

    def took(self, moves):
        """Counts a result taken at this position (for the deepest one)."""
        self.deepest = max(self.deepest, len(moves) - len(self.start))

    def launch(self, moves):
        """Starts the call of this position; its output goes to a file beside the cache's."""
        a = self.args
        cmd = solve_command(a, moves, a.hash, a.budget)
        path = self.path_of(moves)
        call = Call(path, cmd)
        try:
            with open(call.scratch('out'), 'w') as out, open(call.scratch('err'), 'w') as err:
                call.process = subprocess.Popen(cmd, stdout=out, stderr=err)
        except OSError as e:
            discard(call)
            raise CallFailed(f'{e.filename or a.smallgo}: {e.strerror}') from None
        return call

    def finish(self, call):
        """The result of a call that has exited, now in the cache."""
        try:
            with open(call.scratch('err')) as f:
                err = f.read().strip()
            if call.process.returncode != 0:
                code = call.process.returncode
                raise CallFailed(err or f'{" ".join(call.cmd)}: exit code {code}')
            try:
                with open(call.scratch('out')) as f:
                    d = json.load(f)
            except ValueError as e:
                raise CallFailed(f'{" ".join(call.cmd)}: not a solve\'s JSON ({e})') from None
        finally:
            discard(call)
        with open(call.scratch('tmp'), 'w') as f:  # one line, so that a cache gathers into
            json.dump(d, f)                          # JSON lines by concatenation
            f.write('\n')
        os.replace(call.scratch('tmp'), call.path)
        self.calls += 1
        self.nodes += d['nodes']
        return d


# Bytes of a cache file's name: file systems allow 255, and a call's scratch files add up to 12
# (`.PID.out`), so every name a run could ever write is at most this long and keeps its form.
MaxName = 243


def file_name(question, tag):
    """A cache file's name: the question and the moves, where that fits; else the question, the
    first moves and a digest of them all, so that deep lines (1x12's pass 60 moves) still have one.
    A name that fits is the one earlier runs gave, so their caches are read as before."""
    name = f'{question}.{tag}.json'
    if len(name.encode()) <= MaxName:
        return name
    digest = hashlib.sha256(tag.encode()).hexdigest()[:32]
    keep = MaxName - len(f'{question}..~{digest}.json'.encode())
    return f'{question}.{tag[:max(keep, 0)]}~{digest}.json'


def solve_command(args, moves, hash_size, max_nodes):
    """The command line of one call of the question's solver at the position after moves."""
    cmd = [args.smallgo, 'solve', args.board, '--rules', args.rules, '--aim', f'{args.aim:g}',
           '--threads', '1', '--hash', hash_size, '--max-nodes', str(max_nodes), '--json']
    if not args.full_calls:
        cmd.append('--aim-only')
    if moves:
        cmd += ['--moves', *moves]
    return cmd + args.solve_args


class Call:
    """A call in flight: its process, its cache path and its command."""

    def __init__(self, path, cmd):
        self.process, self.path, self.cmd = None, path, cmd

    def scratch(self, kind):
        """A file of this call's own beside its cache file: named by this process, so that two
        runs sharing a cache folder never write the same one."""
        return f'{self.path}.{os.getpid()}.{kind}'


def discard(call):
    """Removes a call's output files (after reading them, or for a call stopped early)."""
    for kind in ('out', 'err'):
        try:
            os.remove(call.scratch(kind))
        except OSError:  # never made (a failed launch), or already gone
            pass


def key(moves):
    """A list of moves as --known files and the command line may spell it (d1, D1, PASS)."""
    return tuple(m.upper() for m in moves)


def merge(call, known):
    """The bounds of two solves of one position, each a proof: their intersection."""
    if call['komi'] != known['komi'] or call['to_move'] != known['to_move']:
        where = ' '.join(known.get('moves', [])) or 'the start'
        raise CallFailed(f'--known: komi or side to move differs at {where}')
    d = dict(call)
    d['lower'] = max(call['lower'], known['lower'])
    d['upper'] = min(call['upper'], known['upper'])
    moves = dict(call['first_moves'])
    for m, (lo, hi) in known['first_moves'].items():
        if m in moves:
            moves[m] = [max(moves[m][0], lo), min(moves[m][1], hi)]
    d['first_moves'] = moves
    return d


def well_formed(d, board, rules, komi):
    """Whether d is a solve of this board, preset and komi, with what the search reads of it."""
    number = (int, float)
    try:
        return (isinstance(d, dict) and d['board'] == board and d['rules'] == rules
                and d['komi'] == komi and d['to_move'] in ('Black', 'White')
                and isinstance(d['lower'], number) and isinstance(d['upper'], number)
                and isinstance(d.get('moves', []), list)
                and all(isinstance(m, str) for m in d.get('moves', []))
                and isinstance(d['first_moves'], dict)
                and all(isinstance(b, list) and len(b) == 2
                        and all(isinstance(x, number) for x in b)
                        for b in d['first_moves'].values()))
    except KeyError:
        return False


def read_known(files, board, rules, komi):
    """--known: each file one `smallgo solve --json` object of this board, preset and komi, or
    one such object a line (JSON lines: a run's cache, its files put one after another)."""
    known = {}
    for name in files:
        try:
            with open(name) as f:
                text = f.read()
            try:
                solves = [json.loads(text)]
            except ValueError:  # not one object: one a line
                solves = [json.loads(line) for line in text.splitlines() if line.strip()]
        except (OSError, ValueError) as e:
            raise CallFailed(f'--known {name}: {e}') from None
        if not solves:
            raise CallFailed(f'--known {name}: no solve in it')
        for d in solves:
            if not well_formed(d, board, rules, komi):
                raise CallFailed(f'--known {name}: not a solve of {board} under {rules} with '
                                 f'komi {komi:g} (one JSON object a file, or one a line)')
            moves = key(d.get('moves', []))
            known[moves] = merge(known[moves], d) if moves in known else d
    return known


def question_komi(args):
    """The komi of the question's calls, as smallgo takes it from the preset and the options
    after --: asked of one call of a few thousand nodes, so that --known solves of another komi
    are refused rather than taken."""
    # At the question's position, which the calls must be able to search anyway.
    cmd = solve_command(args, args.moves, '16M', 1)
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, check=False)
        if r.returncode != 0:
            raise CallFailed(r.stderr.strip() or f'{" ".join(cmd)}: exit code {r.returncode}')
        return json.loads(r.stdout)['komi']
    except OSError as e:
        raise CallFailed(f'{args.smallgo}: {e.strerror}') from None
    except (ValueError, KeyError) as e:
        raise CallFailed(f'{" ".join(cmd)}: not a solve\'s JSON ({e})') from None


class Node:
    def __init__(self, moves):
        self.moves = moves
        self.kids = None  # None: not evaluated yet
        self.black = None
        self.settled = False  # decided by its own call
        self.pn = self.dn = 1
        self.running = False  # its call is in flight (--jobs)

    def apply(self, d, aim, log, start):
        """Takes the solve JSON d of this position: proven, disproven, or open with children."""
        self.black = d['to_move'] == 'Black'
        lo, hi = d['lower'], d['upper']
        bounds = list(d['first_moves'].values())
        if bounds:
            # The node's value is the best of its first moves' (the call lists one of each
            # symmetry class of the legal moves, as this search's children assume): each call
            # already says so, but two solves merged (--known) may each have narrowed other moves.
            best = max if self.black else min
            lo, hi = max(lo, best(b[0] for b in bounds)), min(hi, best(b[1] for b in bounds))
        path = ' '.join(self.moves[len(start):]) or '(start)'
        if lo >= aim:
            self.kids, self.pn, self.dn, self.settled = [], 0, INF, True
            log(f'{path}: yes, [{lo:g}, {hi:g}]')
            return
        if hi < aim:
            self.kids, self.pn, self.dn, self.settled = [], INF, 0, True
            log(f'{path}: no, [{lo:g}, {hi:g}]')
            return
        # In the call's order (central points first, the pass last) where it gives one: the
        # first child is expanded first where numbers tie. Calls of older builds (and --known
        # files from them) give none: then in the object's order, the points' names.
        bounds = d['first_moves']
        order = d.get('first_moves_order') or []
        if sorted(order) != sorted(bounds):
            order = list(bounds)
        opens = [m for m in order if bounds[m][0] < aim <= bounds[m][1]]
        self.kids = [Node(self.moves + (m,)) for m in opens]
        side = 'Black' if self.black else 'White'
        log(f'{path}: open, [{lo:g}, {hi:g}], {side} to move, open moves: {" ".join(opens)}')
        if not self.kids:  # open, yet every listed move decided: nothing to expand
            self.pn = self.dn = STUCK
        self.update()

    def update(self):
        if not self.kids:
            return
        pns = [k.pn for k in self.kids]
        dns = [k.dn for k in self.kids]
        if self.black:
            self.pn, self.dn = min(pns), capped_sum(dns)
        else:
            self.pn, self.dn = capped_sum(pns), min(dns)

    def decided(self):
        """Proven, disproven, or stuck both ways: nothing to evaluate below it."""
        return self.pn == 0 or self.dn == 0 or (self.pn >= STUCK and self.dn >= STUCK)


def capped_sum(numbers):
    """The sum of the children's numbers at a node that needs them all: INF where one is (that
    side has lost), else at most STUCK, so that stuck children never add up to a lost side."""
    return INF if INF in numbers else min(sum(numbers), STUCK)


def refresh(node, running):
    """Recomputes the numbers below node, each leaf whose call is in flight counted as `running`
    says: 'unknown' (1 and 1, as it is), 'win' (proven) or 'loss' (disproven)."""
    if node.running:
        node.pn, node.dn = {'unknown': (1, 1), 'win': (0, INF), 'loss': (INF, 0)}[running]
        return
    if node.kids is None:  # not evaluated
        node.pn = node.dn = 1
        return
    if not node.kids:  # decided by its own call, or open with nothing to expand
        return
    for k in node.kids:
        refresh(k, running)
    node.update()


def select(node):
    """The most-proving node below node that is neither evaluated nor in flight; None where
    there is none. Ties go to the first child, as the calls list the moves."""
    if node.running:
        return None
    if node.kids is None:
        return node
    live = [k for k in node.kids if not k.decided()]
    for k in sorted(live, key=(lambda k: k.pn) if node.black else (lambda k: k.dn)):
        leaf = select(k)
        if leaf is not None:
            return leaf
    return None


def next_leaf(root):
    """The node to evaluate next. With calls in flight, they are first taken as proven (job-level
    proof-number search's virtual win: the other nodes their proof needs come next), and where
    that leaves nothing, as disproven (the next-best way to a proof). None: nothing to start."""
    for running in ('win', 'loss'):
        refresh(root, running)
        if not root.decided():
            leaf = select(root)
            if leaf is not None:
                return leaf
    return None


def take(node, d, caller, aim, log):
    """Takes the result d at node, then at once every child's whose result needs no call (the
    cache or --known), and theirs in turn, so that the numbers count all that is known before
    the next call is chosen (on a fresh cache there are none: the tree is the one made without
    it). The numbers above node are left for refresh()."""
    caller.took(node.moves)
    node.apply(d, aim, log, caller.start)
    for k in node.kids:
        if k.kids is None and not k.running:
            known = caller.lookup(k.moves)
            if known is not None:
                take(k, known, caller, aim, log)


def search(root, caller, args, stop, log):
    """Evaluates the most-proving nodes, up to --jobs calls at once, until the question is
    decided, --max-calls calls were made, or a signal asks to stop. Leaves the true numbers."""
    running = []

    def settle(leaf, d):
        take(leaf, d, caller, args.aim, log)
        refresh(root, 'unknown')
        log(f'   proof number {root.pn}, disproof number {root.dn}')

    try:
        while not stop:
            while len(running) < args.jobs and not stop:
                if args.max_calls and caller.calls + len(running) >= args.max_calls:
                    break
                leaf = next_leaf(root)
                if leaf is None:
                    break
                d = caller.lookup(leaf.moves)
                if d is None:
                    running.append((leaf, caller.launch(leaf.moves)))
                    leaf.running = True
                    caller.most_at_once = max(caller.most_at_once, len(running))
                    continue
                settle(leaf, d)
            refresh(root, 'unknown')  # next_leaf() left virtual numbers
            if not running or root.decided():  # decided: the calls still in flight are not needed
                break
            pause = 0.001  # short calls answer at once, long ones are polled 20 times a second
            while not stop and all(call.process.poll() is None for _, call in running):
                time.sleep(pause)
                pause = min(2 * pause, 0.05)
            if stop:
                break
            done = next(i for i, (_, call) in enumerate(running) if call.process.poll() is not None)
            leaf, call = running.pop(done)
            leaf.running = False
            settle(leaf, caller.finish(call))
    finally:
        # Calls still in flight (a signal, a failed call, a decided question) are stopped; their
        # results, cut short, are not kept.
        for leaf, call in running:
            if call.process.poll() is None:
                call.process.terminate()
            try:
                call.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                call.process.kill()
                call.process.wait()
            discard(call)
            leaf.running = False
        refresh(root, 'unknown')
    if stop:
        raise Interrupted()


def count(node, pn):
    """Nodes whose own call decided them with this proof number (0: yes, INF: no)."""
    if node.kids is None:
        return 0
    return int(node.settled and node.pn == pn) + sum(count(k, pn) for k in node.kids)


def frontier(node, proving, out):
    """Appends the nodes not yet evaluated whose proof (proving) or disproof would decide node
    as its numbers count them: at a node of the side that needs one child, that child's with the
    least number; at the other side's, every child's not yet decided that way. As many as the
    node's proof or disproof number, where that is below STUCK."""
    number = node.pn if proving else node.dn
    if number == 0 or number >= STUCK:
        return
    if node.kids is None:
        out.append(node)
        return
    kids = [k for k in node.kids if (k.pn if proving else k.dn) != 0]
    if node.black == proving:  # one child suffices
        kids = [min(kids, key=(lambda k: k.pn) if proving else (lambda k: k.dn))]
    for k in kids:
        frontier(k, proving, out)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('--smallgo', required=True, help='the smallgo binary')
    p.add_argument('--board', required=True, help='the board, as smallgo solve takes it (1x12)')
    p.add_argument('--rules', default='tromp-taylor', help='the preset (default: tromp-taylor)')
    p.add_argument('--aim', type=float, required=True,
                   help='the question: does Black reach at least this score (after komi)?')
    p.add_argument('--moves', nargs='*', default=[], help='the moves before the position asked')
    # The defaults are those that decided the most 1x12 positions per second of calls
    # (results.md, 2026-12-07 (third session)): with --aim-only, 4 million nodes answer 118 of
    # the 134 calls that 40 million answered, and a table of 2G answers more than 256M or 1G.
    p.add_argument('--budget', type=int, default=4_000_000,
                   help='--max-nodes of each call (default: 4000000)')
    p.add_argument('--hash', default='2G', help='--hash of each call (default: 2G)')
    p.add_argument('--cache', required=True, help='folder of the calls\' results')
    p.add_argument('--jobs', type=int, default=1,
                   help='calls at once, one thread each (default: 1)')
    p.add_argument('--max-calls', type=int, default=0,
                   help='stop after this many new calls (default 0: no limit)')
    p.add_argument('--known', nargs='*', default=[],
                   help='results of other solves of this board (solve --moves ... --json), one '
                   'a file or one a line')
    p.add_argument('--full-calls', action='store_true',
                   help='calls without --aim-only: once the aim is answered they go on towards '
                   'the value, within the budget (the calls before 2026-12-07)')
    p.add_argument('--proof', metavar='FILE',
                   help='once answered, write its certificate for `smallgo verify` to FILE '
                   '(tools/by_parts_proof.py; default: none)')
    p.add_argument('--proof-budget', type=int, default=0,
                   help='--max-nodes of each leaf\'s `solve --proof` (default: 16 times --budget)')
    p.add_argument('--quiet', action='store_true', help='no progress on stderr')
    p.add_argument('solve_args', nargs=argparse.REMAINDER,
                   help='after --, more options for every call (--proofs-per-position 1)')
    args = p.parse_args()
    if args.solve_args[:1] == ['--']:
        args.solve_args = args.solve_args[1:]
    if args.budget <= 0 or args.jobs <= 0 or args.max_calls < 0 or args.proof_budget < 0:
        p.error('--budget and --jobs must be positive and --max-calls and --proof-budget not '
                'negative')
    args.proof_budget = args.proof_budget or 16 * args.budget

    def log(line):
        if not args.quiet:
            print(time.strftime('%H:%M:%S ') + line, file=sys.stderr, flush=True)

    stop = []
    signal.signal(signal.SIGINT, lambda *_: stop.append(True))
    signal.signal(signal.SIGTERM, lambda *_: stop.append(True))
    known, komi = {}, None
    if args.known or args.proof:
        try:
            komi = question_komi(args)
        except CallFailed as e:
            print(f'prove_by_parts: {e}', file=sys.stderr)
            return 1
    if args.known:
        try:
            known = read_known(args.known, args.board, args.rules, komi)
        except CallFailed as e:
            print(f'prove_by_parts: {e}', file=sys.stderr)
            return 2
    caller = Caller(args, stop, known)
    root = Node(tuple(args.moves))
    try:
        search(root, caller, args, stop, log)
    except CallFailed as e:
        print(f'prove_by_parts: {e}', file=sys.stderr)
        return 1
    except OSError as e:  # the cache folder: full, removed, not writable
        print(f'prove_by_parts: {e.filename or args.cache}: {e.strerror}', file=sys.stderr)
        return 1
    except Interrupted:
        log('stopped; the calls made so far are in the cache')
    answer = 'yes' if root.pn == 0 else 'no' if root.dn == 0 else 'open'
    shown = {}
    for proving, name in ((True, 'proof_frontier'), (False, 'disproof_frontier')):
        leaves = []
        frontier(root, proving, leaves)
        shown[name] = [' '.join(k.moves[len(caller.start):]) or '(start)'
                       for k in leaves[:MaxShown]]
    result = {
        'board': args.board, 'rules': args.rules, 'moves': list(args.moves), 'aim': args.aim,
        'answer': answer, 'calls': caller.calls, 'cached': caller.cached,
        'known': caller.used_known, 'nodes': caller.nodes, 'most_at_once': caller.most_at_once,
        'proven': count(root, 0), 'disproven': count(root, INF),
        'proof_number': min(root.pn, INF), 'disproof_number': min(root.dn, INF),
        'deepest': caller.deepest, **shown,
    }
    failed = None
    if args.proof and answer != 'open' and not stop:
        from by_parts_proof import Composer, ProofFailed  # beside this file
        try:
            result['proof'] = Composer(args, komi, answer == 'yes', log,
                                       caller.proof_path_of).write(root, args.proof)
        except ProofFailed as e:
            failed = f'--proof: {e}; no certificate written'
        except OSError as e:
            failed = f'--proof: {e.filename or args.proof}: {e.strerror}; no certificate written'
    print(json.dumps(result))
    if failed:
        print(f'prove_by_parts: {failed}', file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
