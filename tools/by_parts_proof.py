"""The certificate of an answer of tools/prove_by_parts.py, for `smallgo verify` (docs/proof.md).

The search's tree proves its answer from capped solves; this writes that proof as one bound
certificate (`bound black >= AIM`, or `bound black <= B` for a "no", B the highest score below
AIM), which `smallgo verify` checks with none of the search's code. From the question's position:

- at the prover's turn (Black for a yes, White for a no), the move of a proven child;
- at the other side's turn, every legal move of the line (`smallgo replay --json`, superko
  included), each followed by its tree: the child's in the search's tree where there is one; where
  the calls listed one move of a symmetry class, the image of that child's tree under the symmetry
  that takes it there (below); else a leaf's;
- at a leaf (a position a call or a --known solve decided, or a move its parent's call decided
  alone), the tree of one `smallgo solve --moves LINE --aim AIM --aim-only --proof F`: the claim
  of its certificate, its references (@K) renumbered from where it starts in this claim.

A symmetry s of the board whose every move of the line is a fixed point of s (or a pass) maps
every board of the line to itself (each play adds the stone s fixes; captures follow), so the
image under s of a proof after move m is a proof after s(m) with the same history, as the calls'
symmetry classes assume; the checker replays the image as it replays any line. Leaf certificates
are kept in the cache folder (`proofs/`), so that a second run writes the file with no solve.

The composed file rests on nothing of this script: a leaf or a symmetry put wrong makes the
checker reject it. Where a leaf's solve does not answer within its budget (a --known result from
a long run, say), no file is written: the error names the line.
"""
import json
import os
import subprocess

Letters = 'ABCDEFGHJKLMNOPQRSTUVWXYZ'  # AGA columns: no I
Wrap = 24  # tokens a line, as smallgo's writer


class ProofFailed(Exception):
    """No certificate: a leaf's solve did not answer, or answered against the tree."""


def symmetries(rows, cols):
    """The board's symmetries, each a function of (row, col), 0-based: the four of a rectangle,
    the eight of a square."""
    found = []
    for flip_r in (False, True):
        for flip_c in (False, True):
            for turn in ((False, True) if rows == cols else (False,)):
                def s(r, c, fr=flip_r, fc=flip_c, t=turn):
                    if t:
                        r, c = c, r
                    return (rows - 1 - r if fr else r), (cols - 1 - c if fc else c)
                found.append(s)
    return found


class Board:
    """AGA coordinates of a board and its symmetries, as move maps (one dict each)."""

    def __init__(self, name):
        rows, cols = (int(x) for x in name.lower().split('x'))
        self.points = [(r, c) for r in range(rows) for c in range(cols)]
        self.maps = []
        for s in symmetries(rows, cols):
            image = {'PASS': 'pass', 'pass': 'pass'}
            for r, c in self.points:
                image[self.aga(r, c)] = self.aga(*s(r, c))
            self.maps.append(image)
        self.identity = self.maps[0]

    @staticmethod
    def aga(r, c):
        return f'{Letters[c]}{r + 1}'


def compose(m1, m2):
    """The map m1 after m2 (a move moved by m2, then by m1)."""
    return {k: m1[v] for k, v in m2.items()}


def inverse(m):
    return {v: k for k, v in m.items()}


class Writer:
    """Tokens to the file, counting the claim's nodes as the checker numbers them (preorder: a
    leaf, a reference, a prover's move and a '[' each start one)."""

    def __init__(self, out):
        self.out, self.nodes, self.on_line = out, 0, 0

    def token(self, tok, node):
        self.nodes += node
        self.out.write(tok)
        self.on_line += 1
        if self.on_line == Wrap:
            self.out.write('\n')
            self.on_line = 0
        else:
            self.out.write(' ')

    def splice(self, tokens, image):
        """A leaf's claim tree, its moves moved by `image` and its references renumbered."""
        base, expect = self.nodes, ['node']
        for tok in tokens:
            if not expect:
                raise ProofFailed('a leaf certificate holds more than one tree')
            if expect.pop() == 'node':
                if tok.startswith('@'):
                    tok = f'@{int(tok[1:]) + base}'
                elif tok == '[':
                    expect.append('list')
                elif tok != '.':
                    tok = image[tok]
                    expect.append('node')  # the prover's move, then the node after it
                self.token(tok, True)
            elif tok == ']':
                self.token(tok, False)
            else:
                expect += ['list', 'node']  # an answer, then its node
                self.token(image[tok], False)
        if expect:
            raise ProofFailed('a leaf certificate\'s tree ends early')


class Composer:
    def __init__(self, args, komi, yes, log, leaf_path):
        """args: prove_by_parts's; komi: the question's; yes: the answer; log: progress lines;
        leaf_path(moves): the cache file of the leaf certificate after those moves."""
        self.args, self.log, self.leaf_path = args, log, leaf_path
        self.board = Board(args.board)
        self.yes = yes
        aim_x2 = round(2 * args.aim)
        komi_x2 = round(2 * komi)
        if yes:
            bound_x2 = aim_x2
        else:  # the highest score below the aim: whole points minus the komi
            bound_x2 = aim_x2 - 1
            if (bound_x2 - komi_x2) % 2:
                bound_x2 -= 1
        self.op = '>=' if yes else '<='
        self.bound = f'{bound_x2 / 2:g}'
        self.komi = f'{komi:g}'
        self.leaves = self.solves = self.images = 0

    def proves(self, node):
        """Whether the tree proves the answer at node (not evaluated nodes do not)."""
        return node.pn == 0 if self.yes else node.dn == 0

    def legal(self, line):
        """The legal moves after line, under its whole history."""
        a = self.args
        cmd = [a.smallgo, 'replay', a.board, '--rules', a.rules, '--komi', self.komi, '--json',
               *line]
        r = subprocess.run(cmd, capture_output=True, text=True, check=False)
        if r.returncode != 0:
            raise ProofFailed(r.stderr.strip() or f'{" ".join(cmd)}: exit code {r.returncode}')
        return json.loads(r.stdout)['legal']

    def leaf_tree(self, line):
        """The claim tree of the leaf certificate after line (the tree's own frame), made by one
        solve if the cache has none."""
        a = self.args
        path = self.leaf_path(line)
        if not os.path.exists(path):
            os.makedirs(os.path.dirname(path), exist_ok=True)
            temporary = f'{path}.{os.getpid()}.tmp'
            # The answer's bound first; where its writer fails (a weaker bound than the value
            # lets the prover choose moves into lines the other side prolongs: on 1x8 after B1
            # G1 D1 F1, "at most 3" passed 20 million nodes where the value's claims took
            # 21,887), the value's certificate, whose claim on the answer's side is used.
            why = ''
            for only in (['--aim-only'], []):
                cmd = [a.smallgo, 'solve', a.board, '--rules', a.rules, '--aim', f'{a.aim:g}',
                       *only, '--threads', '1', '--hash', a.hash, '--max-nodes',
                       str(a.proof_budget), '--json', '--proof', temporary]
                cmd += (['--moves', *line] if line else []) + a.solve_args
                r = subprocess.run(cmd, capture_output=True, text=True, check=False)
                self.solves += 1
                if r.returncode == 0 and os.path.exists(temporary):
                    break
                why = r.stderr.strip() or f'not answered in {a.proof_budget} nodes'
            else:
                where = ' '.join(line) or 'the start'
                raise ProofFailed(f'no leaf certificate after {where}: {why}')
            os.replace(temporary, path)
        with open(path) as f:
            tokens = f.read().split()
        # The claim that matches the answer: a finished game's certificate states its value
        # with a claim either way.
        for i in range(len(tokens) - 3):
            if tokens[i] == 'claim' and tokens[i + 2] == self.op:
                have, need = float(tokens[i + 3]), float(self.bound)
                if (have >= need) if self.yes else (have <= need):
                    end = tokens.index('end', i)
                    return tokens[i + 4:end]
        raise ProofFailed(f'the leaf certificate after {" ".join(line) or "the start"} proves '
                          f'no claim black {self.op} {self.bound} ({path})')

    def node(self, w, node, tree_line, image):
        """Writes the tree after tree_line (the search tree's frame; the file's line is its
        image), where node is the search's node there, or None for a leaf."""
        if node is None or not node.kids:
            self.leaves += 1
            return w.splice(self.leaf_tree(list(tree_line)), image)
        if not self.proves(node):
            raise ProofFailed(f'the tree does not prove the answer after {" ".join(tree_line)}')
        prover_to_move = node.black == self.yes
        if prover_to_move:
            kid = next(k for k in node.kids if self.proves(k))
            w.token(image[kid.moves[-1]], True)
            return self.node(w, kid, kid.moves, image)
        w.token('[', True)
        kids = {k.moves[-1]: k for k in node.kids}
        # The symmetries that fix every move of the line (so every board of it).
        fixing = [s for s in self.board.maps if all(s[m] == m for m in tree_line)]
        back = inverse(image)
        for move in self.legal([image[m] for m in tree_line]):
            w.token(move, False)
            own = back[move]
            kid, through = kids.get(own), self.board.identity
            if kid is None:
                for s in fixing:
                    if inverse(s)[own] in kids:  # own is the image under s of a listed child
                        kid, through = kids[inverse(s)[own]], s
                        break
            if kid is not None:
                self.images += through is not self.board.identity
                self.node(w, kid, kid.moves, compose(image, through))
            else:
                self.leaves += 1
                w.splice(self.leaf_tree(list(tree_line) + [own]), image)
        w.token(']', False)

    def write(self, root, path):
        """The certificate of the answer at root to path (renamed into place when complete)."""
        a = self.args
        temporary = f'{path}.partial'
        moves = ' '.join(m.upper() if m.lower() != 'pass' else 'pass' for m in a.moves)
        try:
            with open(temporary, 'w') as out:
                out.write(f'smallgo-proof 1\nboard {a.board}\nrules {a.rules}\nkomi {self.komi}\n'
                          f'moves{" " + moves if moves else ""}\n'
                          f'bound black {self.op} {self.bound}\n'
                          f'claim black {self.op} {self.bound}\n')
                w = Writer(out)
                self.node(w, root, tuple(root.moves), self.board.identity)
                out.write('\nend\n')
            os.replace(temporary, path)
        except BaseException:
            if os.path.exists(temporary):
                os.remove(temporary)
            raise
        self.log(f'certificate {path}: {self.leaves} leaves, {self.solves} new leaf solves, '
                 f'{self.images} subtrees written as a symmetric image')
        return {'file': path, 'bound': f'{self.op} {self.bound}', 'leaves': self.leaves,
                'leaf_solves': self.solves, 'images': self.images}
