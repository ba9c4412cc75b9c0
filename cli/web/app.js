// The page of `smallgo serve`. The game is kept here (board, rules, komi, the moves and the moves
// undone) and sent whole with each request; the server answers with the position, the board drawn
// as SVG and, from /api/solve, every legal move's exact value (docs/web.md). body's data-state
// says what the page is doing ("ready", "solving", "solved", "stopped", "error"), for the tests.
"use strict";

const state = { board: "3x3", rules: "tromp-taylor", komi: 0, moves: [], undone: [] };
let presets = [];
let generation = 0;   // bumped by every change of position: late answers are dropped
let solveToken = null;
let lastSolve = null;

const $ = (id) => document.getElementById(id);

function game() {
  return { board: state.board, rules: state.rules, komi: state.komi, moves: state.moves };
}

async function api(path, body) {
  const response = await fetch("/api/" + path, body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const text = await response.text();
  let data;
  try { data = JSON.parse(text); } catch (e) { data = { text }; }
  if (!response.ok) throw new Error(data.error || "HTTP " + response.status);
  return data;
}

function setState(s) { document.body.dataset.state = s; }
function showError(message) { $("error").textContent = message || ""; }

function valueWords(v) {
  if (v === 0) return "a draw (0)";
  return (v > 0 ? "Black" : "White") + " wins by " + Math.abs(v) + " (" + (v > 0 ? "B+" : "W+") + Math.abs(v) + ")";
}

function shortValue(v) { return v === 0 ? "0" : (v > 0 ? "B+" : "W+") + Math.abs(v); }

// Puts the server's picture in place, half as large again as drawn (within the window).
function showBoard(svgText) {
  $("board").innerHTML = svgText;
  const svg = $("board").querySelector("svg");
  if (svg) svg.style.width = Math.min(svg.width.baseVal.value * 1.5, window.innerWidth * 0.9) + "px";
}

function renderPosition(p) {
  showBoard(p.svg);
  const moves = $("moves");
  moves.textContent = "";
  p.moves.forEach((m, i) => {
    const li = document.createElement("li");
    li.textContent = (i % 2 === 0 ? "Black " : "White ") + m;
    moves.appendChild(li);
  });
  $("status").textContent = p.game_over
    ? "The game is over: " + valueWords(p.result) + "."
    : p.to_move + " to move" + (p.ko.length ? "; the ko rule forbids " + p.ko.join(", ") : "") + ".";
  $("pass").disabled = p.game_over;
  $("undo").disabled = state.moves.length === 0;
  $("redo").disabled = state.undone.length === 0;
  $("pass").textContent = "Pass";
  $("value").textContent = p.game_over ? valueWords(p.result) : "–";
  $("pv").textContent = "–";
  $("pv-step").disabled = true;
  lastSolve = null;
}

function renderSolve(s) {
  lastSolve = s;
  if (s.svg) showBoard(s.svg);
  if (s.complete) {
    $("value").textContent = valueWords(s.value) + "; optimal for " + s.to_move + ": " + s.best_moves.join(" ");
    $("pv").textContent = s.pv.length ? s.pv.join(" ") : "(none: the game is over)";
    $("pv-step").disabled = s.pv.length === 0;
    if ("pass" in s.move_values) $("pass").textContent = "Pass (" + shortValue(s.move_values.pass) + ")";
  } else if (s.value !== null) {
    $("value").textContent = valueWords(s.value) + "; stopped (" + s.stopped + ") before every move was decided";
  } else {
    $("value").textContent = "Not solved (" + s.stopped + "): between " + shortValue(s.lower) + " and " + shortValue(s.upper);
  }
}

async function refresh() {
  const mine = ++generation;
  await cancelSolve();
  showError("");
  setState("loading");
  let p;
  try {
    p = await api("position", game());
  } catch (e) {
    if (mine === generation) { showError(e.message); setState("error"); }
    return;
  }
  if (mine !== generation) return;
  renderPosition(p);
  if (p.game_over || !$("show-values").checked) { setState("ready"); return; }
  await solve(mine);
}

async function solve(mine) {
  const token = "t" + Math.random().toString(36).slice(2) + Date.now().toString(36);
  solveToken = token;
  setState("solving");
  $("solving").hidden = false;
  $("progress").textContent = "Solving…";
  const timer = setInterval(async () => {
    try {
      const g = await api("progress?token=" + token);
      if (g.running && solveToken === token)
        $("progress").textContent = "Solving… " + g.seconds.toFixed(1) + " s, depth " + g.depth +
          ", " + g.nodes.toLocaleString() + " nodes" + (g.move ? ", at " + g.move : "");
    } catch (e) { /* the answer of the solve itself says what went wrong */ }
  }, 300);
  try {
    const s = await api("solve", { ...game(), token });
    if (mine === generation) { renderSolve(s); setState(s.complete ? "solved" : "stopped"); }
  } catch (e) {
    if (mine === generation) { showError(e.message); setState("error"); }
  } finally {
    clearInterval(timer);
    if (solveToken === token) { solveToken = null; $("solving").hidden = true; }
  }
}

async function cancelSolve() {
  if (!solveToken) return;
  const token = solveToken;
  solveToken = null;
  $("solving").hidden = true;
  try { await api("cancel", { token }); } catch (e) { /* it may have ended already */ }
}

async function play(move) {
  showError("");
  try {
    await api("play", { ...game(), move });
  } catch (e) {
    showError(e.message);
    return;
  }
  state.moves.push(move);
  if (state.undone.length && state.undone[state.undone.length - 1] === move) state.undone.pop();
  else state.undone = [];
  await refresh();
}

function newGame() {
  state.board = $("board-size").value;
  state.rules = $("rules").value;
  const k = Number($("komi").value);
  state.komi = Number.isFinite(k) ? k : 0;
  state.moves = [];
  state.undone = [];
  refresh();
}

async function download() {
  const response = await fetch("/api/sgf", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(game()),
  });
  if (!response.ok) { showError("SGF: HTTP " + response.status); return; }
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = "smallgo-" + state.board + ".sgf";
  document.body.appendChild(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

async function start() {
  const info = await api("presets");
  presets = info.presets;
  for (const p of presets) {
    const o = document.createElement("option");
    o.value = p.name;
    o.textContent = p.name + " (" + p.summary + ")";
    $("rules").appendChild(o);
  }
  for (let r = 1; r <= info.max_points; ++r)
    for (let c = r; r * c <= info.max_points; ++c) {
      const o = document.createElement("option");
      o.value = o.textContent = r + "x" + c;
      if (r * c > 12) o.textContent += " (slow)";
      $("board-size").appendChild(o);
    }
  $("board-size").value = state.board;
  $("rules").value = state.rules;
  $("rules").addEventListener("change", () => {
    const p = presets.find((q) => q.name === $("rules").value);
    if (p) $("komi").value = p.komi;
  });
  $("new-game").addEventListener("click", newGame);
  $("board").addEventListener("click", (e) => {
    const point = e.target.closest("[data-move]");
    if (point) play(point.dataset.move);
  });
  $("pass").addEventListener("click", () => play("pass"));
  $("undo").addEventListener("click", () => {
    if (!state.moves.length) return;
    state.undone.push(state.moves.pop());
    refresh();
  });
  $("redo").addEventListener("click", () => {
    if (state.undone.length) play(state.undone[state.undone.length - 1]);
  });
  $("restart").addEventListener("click", () => { state.moves = []; state.undone = []; refresh(); });
  $("pv-step").addEventListener("click", () => { if (lastSolve && lastSolve.pv.length) play(lastSolve.pv[0]); });
  $("cancel").addEventListener("click", cancelSolve);
  $("show-values").addEventListener("change", refresh);
  $("sgf").addEventListener("click", download);
  refresh();
}

start().catch((e) => { showError(e.message); setState("error"); });
