// zonal analysis board: talks to the JSON API of `zonal serve`; no build step, no libraries.
// The board itself (drawing, marks, moving) is board.js, loaded before this script.
"use strict";

const $ = (id) => document.getElementById(id);

const state = {
  games: [],
  game: null, // the game's info from /api/games
  start: "", // the start position string
  moves: [], // coordinate moves from the start
  notation: [], // the same moves as the move list shows them
  positions: [], // positions[i]: after i moves
  exportText: "",
  cursor: 0, // how many moves are on the board
  legal: [], // squares of the legal moves at the cursor: {move, from, to, promotion}
  over: false,
  side: "", // the side to move, as the game names it (the engine's scores are for it)
  selected: null, // a square name
  pickedZone: null,
  zones: [],
  drawn: null, // the zones the picture draws (null: all of them)
  analysis: null, // {controller, id}
  editing: null, // the board editor: {rows, fields, letter}, or null
  tree: null, // every line played: {move, text, children: [node, ...]}; children[0] is the main line
  review: null, // the review of the game's moves (/api/review), or null
  reviewedMoves: "", // the moves it reviewed, space-separated
  renderSeq: 0,
};

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  };
  const response = await fetch(path, init);
  let data = null;
  try { data = await response.json(); } catch (e) { data = null; }
  if (!response.ok) {
    throw new Error((data && data.error) || `${response.status} ${response.statusText}`);
  }
  return data;
}

// Puts `text` on the clipboard (the page's own copy where the browser refuses the clipboard),
// and says so, naming `what`.
async function copyText(text, what) {
  try {
    await navigator.clipboard.writeText(text);
  } catch (e) {
    const area = document.createElement("textarea");
    area.value = text;
    document.body.appendChild(area);
    area.select();
    const copied = document.execCommand("copy");
    area.remove();
    if (!copied) {
      say(`${what} (copy it by hand): ${text}`);
      return;
    }
  }
  say(`${what} copied: ${text}`, true);
}

function say(text, ok) {
  const m = $("message");
  m.textContent = text;
  m.className = ok ? "ok" : "";
}

function current() {
  return state.positions[state.cursor];
}

// The position on the board as the API takes it: the start and the moves to the cursor, so that
// a position that ends the game (a den entered, a king in a corner, a third repetition) is
// answered as the game's end rather than refused as a position string.
function reached() {
  return { game: state.game.id, position: state.start, moves: state.moves.slice(0, state.cursor) };
}

// Empties the engine panel: what it showed was about another position.
function clearEngine() {
  $("engine-best").textContent = "";
  delete $("engine-best").dataset.best;
  $("engine-reason").textContent = "";
  $("engine-info").textContent = "";
  $("engine-top").innerHTML = "";
  $("eval-bar").hidden = true;
  clearMarks("best");
}

// ------------------------------------------------------------------ games

async function init() {
  const data = await api("/api/games");
  state.games = data.games;
  const select = $("game");
  for (const g of state.games) {
    const o = document.createElement("option");
    o.value = g.id;
    o.textContent = g.name;
    select.appendChild(o);
  }
  const wanted = new URLSearchParams(location.search).get("game");
  if (wanted && state.games.some((g) => g.id === wanted)) select.value = wanted;
  // A choice made, the select gives the focus back, so that the arrow keys step through the
  // moves instead of switching the game or the start.
  select.addEventListener("change", () => {
    select.blur();
    if (!discardGame()) {
      select.value = state.game.id;
      return;
    }
    chooseGame(select.value);
  });
  $("start").addEventListener("change", () => {
    $("start").blur();
    if (!discardGame()) {
      $("start").value = state.start;
      return;
    }
    newGame();
  });
  $("new-game").addEventListener("click", () => { if (discardGame()) newGame(); });
  wireControls();
  await chooseGame(select.value);
}

// Whether the moves played may be thrown away: asks when there are any.
function discardGame() {
  return state.moves.length === 0 || window.confirm(
    `Throw away the ${state.moves.length} move(s) played and start again?`);
}

async function chooseGame(id) {
  state.game = state.games.find((g) => g.id === id);
  const starts = $("start");
  starts.innerHTML = "";
  for (const s of state.game.starts) {
    const o = document.createElement("option");
    o.value = s.position;
    o.textContent = `${s.name}: ${s.description}`;
    starts.appendChild(o);
  }
  $("force-label").hidden = !state.game.force;
  if (!state.game.force) $("show-force").checked = false;
  $("horizon").value = state.game.horizon;
  $("game-text-kind").textContent = state.game.game_text;
  await newGame();
}

async function newGame(position) {
  stopAnalysis();
  state.editing = null;
  $("editor").hidden = true;
  $("edit-board").disabled = false;
  state.start = position || $("start").value;
  state.moves = [];
  state.notation = [];
  state.positions = [state.start];
  state.exportText = "";
  state.cursor = 0;
  state.tree = { move: null, text: "", children: [] };
  $("game-text").value = "";
  say("");
  clearEngine();
  await show();
}

// ------------------------------------------------------------------ move list and navigation

function renderMoveList() {
  const list = $("move-list");
  list.innerHTML = "";
  const path = pathTo(state.moves.length);
  state.notation.forEach((text, i) => {
    const li = document.createElement("li");
    li.textContent = text;
    li.dataset.ply = String(i + 1);
    if (i + 1 === state.cursor) li.className = "current";
    const judged = reviewOf(i + 1);
    if (judged) {
      li.dataset.judgement = judged.judgement;
      const mark = { inaccuracy: "?!", mistake: "?", blunder: "??" }[judged.judgement];
      if (mark) {
        li.textContent = text + mark;
        li.title = `${judged.judgement}, loss ${judged.loss}` +
          (judged.best ? `, best ${judged.best}` : "") + (judged.why ? `: ${judged.why}` : "");
      }
    }
    li.addEventListener("click", () => go(i + 1));
    list.appendChild(li);
    // The other lines played from the same position, each to its end along its main line.
    const node = path[i + 1];
    for (const other of path[i].children) {
      if (other === node) continue;
      const div = document.createElement("div");
      div.className = "variation";
      const line = [other];
      while (line[line.length - 1].children.length) line.push(line[line.length - 1].children[0]);
      line.forEach((n, k) => {
        const span = document.createElement("span");
        span.textContent = n.text || n.move;
        span.dataset.move = n.move;
        span.addEventListener("click", (e) => {
          e.stopPropagation();
          enterLine(path.slice(1, i + 1).concat(line.slice(0, k + 1)));
        });
        div.appendChild(span);
      });
      li.appendChild(div);
    }
  });
  $("promote-line").disabled = isMainLine(path);
  const cur = list.querySelector(".current");
  if (cur) cur.scrollIntoView({ block: "nearest" });
}

// ------------------------------------------------------------------ the tree of lines

// Puts the line on the board into the tree (a move not played before from its position starts a
// side line; the main line stays first).
function keepLine() {
  if (!state.tree) state.tree = { move: null, text: "", children: [] };
  let node = state.tree;
  state.moves.forEach((move, i) => {
    let child = node.children.find((c) => c.move === move);
    if (!child) {
      child = { move, text: "", children: [] };
      node.children.push(child);
    }
    child.text = state.notation[i] || move;
    node = child;
  });
}

// The nodes of the line on the board from the root to `ply` moves (the root first).
function pathTo(ply) {
  const path = [state.tree];
  for (let i = 0; i < ply; i++) {
    const next = path[i].children.find((c) => c.move === state.moves[i]);
    if (!next) break;
    path.push(next);
  }
  return path;
}

function isMainLine(path) {
  return path.every((n, i) => i === 0 || path[i - 1].children[0] === n);
}

// Goes to the last node of `nodes` (a path from the root, the root left out), the line on the
// board becoming that node's line continued along its main line.
async function enterLine(nodes) {
  const line = nodes.slice();
  if (line.length) {
    while (line[line.length - 1].children.length) line.push(line[line.length - 1].children[0]);
  }
  await replay(line.map((n) => n.move), undefined, nodes.length);
}

// Makes the line on the board the main line at every branch it takes.
function promoteLine() {
  const path = pathTo(state.moves.length);
  for (let i = 1; i < path.length; i++) {
    const siblings = path[i - 1].children;
    siblings.splice(siblings.indexOf(path[i]), 1);
    siblings.unshift(path[i]);
  }
  renderMoveList();
  say("the line is now the main line", true);
}

// The review's judgement of move `ply`, if the review is of the game on the board.
function reviewOf(ply) {
  if (!state.review || state.reviewedMoves !== state.moves.join(" ")) return null;
  return state.review.moves[ply - 1] || null;
}

// Reviews the game on the board: the graph under the board (a point a move; click one to go
// there) and each inaccuracy, mistake and blunder marked in the move list with its reason.
async function startReview() {
  if (state.moves.length === 0) {
    say("play or import a game to review first");
    return;
  }
  const moves = state.moves.slice();
  $("review").disabled = true;
  say(`reviewing ${moves.length} moves ...`, true);
  try {
    const data = await api("/api/review", { game: state.game.id, position: state.start, moves });
    state.review = data.review;
    state.reviewedMoves = moves.join(" ");
    const graph = $("review-graph");
    graph.innerHTML = data.svg;
    graph.querySelectorAll("circle[data-ply]").forEach((c) => {
      c.addEventListener("click", () => go(Number(c.dataset.ply)));
    });
    const [a, b] = data.review.summary;
    const tally = (t) => `${t.side}: ${t.inaccuracies} inaccuracies, ${t.mistakes} mistakes, ${t.blunders} blunders`;
    say(`review: ${tally(a)}; ${tally(b)}`, true);
    renderMoveList();
  } catch (e) {
    say(e.message);
  } finally {
    $("review").disabled = false;
  }
}

// Forgets a review that is not of the game on the board any more.
function dropStaleReview() {
  if (state.review && state.reviewedMoves !== state.moves.join(" ")) {
    state.review = null;
    state.reviewedMoves = "";
    $("review-graph").innerHTML = "";
  }
}

function go(ply) {
  if (state.editing) return;
  const target = Math.max(0, Math.min(state.moves.length, ply));
  if (target === state.cursor) return;
  state.cursor = target;
  say("");
  stopAnalysis();
  clearEngine();
  show();
}

async function takeBack() {
  if (state.cursor === 0) return;
  const path = pathTo(state.cursor);
  const last = path[path.length - 1];
  const parent = path[path.length - 2];
  parent.children = parent.children.filter((c) => c !== last);
  try {
    await replay(state.moves.slice(0, state.cursor - 1));
  } catch (e) {
    say(e.message);
  }
}

// ------------------------------------------------------------------ zones

function renderZoneList() {
  const list = $("zone-list");
  list.innerHTML = "";
  if (state.pickedZone !== null && !state.zones.some((z) => z.index === state.pickedZone)) {
    state.pickedZone = null;
  }
  for (const z of state.zones) {
    const li = document.createElement("li");
    li.textContent = zoneText(z);
    li.dataset.zone = String(z.index);
    const open = z.open === true || z.open === "open";
    if (open) li.classList.add("open");
    if (z.index === state.pickedZone) li.classList.add("picked");
    li.addEventListener("click", () => {
      state.pickedZone = state.pickedZone === z.index ? null : z.index;
      renderZoneList();
      applyZonePick();
      redrawZonesIfNeeded();
    });
    list.appendChild(li);
  }
  if (state.zones.length === 0) {
    const li = document.createElement("li");
    li.textContent = "no zones at this horizon";
    list.appendChild(li);
  }
}

// One line for a zone of any game's zones JSON.
function zoneText(z) {
  const sq = (v) => (v && typeof v === "object" ? `${v.piece || ""} ${v.square || ""}`.trim() : v || "");
  let path = "";
  if (Array.isArray(z.root)) path = `${z.piece || ""} ${z.root.join("-")}`;
  else if (z.root) path = sq(z.root);
  const aim = z.aim || (z.target && z.target.aim) || z.kind || "";
  return `${z.label || z.index} ${z.side}: ${path} → ${aim} ${sq(z.target)}`;
}

// The zones the page wants drawn besides the open ones (the server adds those, or the first
// three when there is nothing else): the zones the engine's reason names and the one picked.
function wantedZones() {
  const wanted = new Set();
  for (const m of $("engine-reason").textContent.matchAll(/zone (\d+)/g)) wanted.add(Number(m[1]));
  if (state.pickedZone !== null) wanted.add(state.pickedZone);
  return wanted;
}

// The zones drawn: all of them when asked; otherwise the ones that matter, as the server drew
// them: the open zones, the zones the engine's reason names, the one picked, or the first three.
function shownZones() {
  if (state.drawn === null) return new Set(state.zones.map((z) => z.index));
  return new Set(state.drawn);
}

// Draws the board again when the zones that matter are not all drawn (a zone picked, a reason
// naming another zone, "all zones" ticked).
function redrawZonesIfNeeded() {
  if (!$("show-zones").checked) return;
  const drawn = shownZones();
  const missing = $("all-zones").checked
    ? state.drawn !== null
    : state.drawn === null ||
      Array.from(wantedZones()).some((i) => i < state.zones.length && !drawn.has(i));
  if (missing) {
    const seq = ++state.renderSeq;
    drawBoard(seq).catch((e) => say(e.message));
  }
}

function applyZonePick() {
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  const shown = shownZones();
  $("zone-list").querySelectorAll("li[data-zone]").forEach((li) => {
    li.classList.toggle("unshown", !shown.has(Number(li.dataset.zone)));
  });
  svg.querySelectorAll("[data-zone]").forEach((e) => {
    e.classList.remove("dim", "picked");
    if (state.pickedZone === null) return;
    if (Number(e.getAttribute("data-zone")) === state.pickedZone) e.classList.add("picked");
    else e.classList.add("dim");
  });
}

// ------------------------------------------------------------------ the engine

function stopAnalysis() {
  const a = state.analysis;
  if (!a) return;
  state.analysis = null;
  a.controller.abort();
  $("stop").disabled = true;
  $("analyse").disabled = false;
}

function scoreText(info) {
  const t = info.score_text || "";
  if (t.startsWith("mate -")) return `loses in ${t.slice(6)}`;
  if (t.startsWith("mate ")) return `mates in ${t.slice(5)}`;
  const cp = Number(info.score);
  return (cp >= 0 ? "+" : "") + (cp / 100).toFixed(2);
}

// The evaluation bar: the engine's score turned to the first side's view (White; Hnefatafl: the
// defenders), named, and a bar filled for that side (clamped to ten units).
function showEval(info) {
  const [first, second] = state.game.sides;
  const mine = state.side === first;
  const t = info.score_text || "";
  let text;
  let cp = Number(info.score) * (mine ? 1 : -1);
  if (t.startsWith("mate")) {
    const moverWins = !t.startsWith("mate -");
    const winner = moverWins === mine ? first : second;
    text = `${winner} mates in ${t.replace(/^mate -?/, "")}`;
    cp = winner === first ? 1000 : -1000;
  } else {
    text = `${first} ${(cp >= 0 ? "+" : "") + (cp / 100).toFixed(2)}`;
  }
  const share = 50 + Math.max(-1000, Math.min(1000, cp)) / 20;
  $("eval-fill").style.width = `${share}%`;
  $("eval-fill").dataset.share = String(share);
  $("eval-text").textContent = text;
  $("eval-bar").hidden = false;
}

// The score with the side it is for: the engine scores for the side to move.
function sideScore(info) {
  return state.side ? `${scoreText(info)} for ${state.side}` : scoreText(info);
}

async function startAnalysis() {
  stopAnalysis();
  const controller = new AbortController();
  const analysis = { controller, id: null };
  state.analysis = analysis;
  $("stop").disabled = false;
  $("analyse").disabled = true;
  $("engine-best").textContent = "";
  $("engine-reason").textContent = "";
  $("engine-top").innerHTML = "";
  $("engine-info").textContent = "searching...";
  const seconds = Math.max(1, Math.min(10, Number($("movetime").value) || 3));
  const q = new URLSearchParams({
    game: state.game.id,
    position: state.start,
    moves: state.moves.slice(0, state.cursor).join(" "),
    movetime: String(seconds * 1000),
    horizon: String(Number($("horizon").value) || state.game.horizon),
    lines: String(Math.max(1, Math.min(5, Number($("lines").value) || 1))),
  });
  try {
    const response = await fetch(`/api/analyse?${q}`, { signal: controller.signal });
    if (!response.ok) {
      let message = `${response.status}`;
      try { message = (await response.json()).error; } catch (e) { /* keep the status */ }
      throw new Error(message);
    }
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let cut;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        let name = "message";
        let data = "";
        for (const line of block.split("\n")) {
          if (line.startsWith("event:")) name = line.slice(6).trim();
          else if (line.startsWith("data:")) data += line.slice(5).trim();
        }
        if (data) onEngineEvent(analysis, name, JSON.parse(data));
      }
    }
  } catch (e) {
    if (e.name !== "AbortError") $("engine-info").textContent = `analysis refused: ${e.message}`;
  } finally {
    if (state.analysis === analysis) {
      state.analysis = null;
      $("stop").disabled = true;
      $("analyse").disabled = false;
    }
  }
}

function onEngineEvent(analysis, name, data) {
  if (state.analysis !== analysis) return;
  if (name === "start") {
    analysis.id = data.id;
  } else if (name === "info") {
    showEval(data);
    $("engine-best").textContent = `${data.best || "-"}  ${sideScore(data)}`;
    $("engine-info").textContent = `depth ${data.depth}, ${data.nodes} nodes, ${data.time_ms} ms: ${data.line.join(" ")}`;
  } else if (name === "bestmove") {
    if (data.best) {
      showEval(data);
      drawBestArrow(data.best);
    }
    const book = data.book && data.book !== data.best ? ` (${data.book})` : "";
    $("engine-best").textContent = data.best ? `best ${data.best}${book}  ${sideScore(data)}` : "no move";
    $("engine-best").dataset.best = data.best || "";
    $("engine-reason").textContent = data.reason ? `why: ${data.reason}` : "";
    applyZonePick();
    redrawZonesIfNeeded();
    $("engine-info").textContent = `depth ${data.depth}, ${data.nodes} nodes, ${data.time_ms} ms: ${data.line.join(" ")}`;
    const top = $("engine-top");
    top.innerHTML = "";
    for (const t of data.top || []) {
      // A line: its score and depth, then its moves; a click on a move plays the line to it.
      const li = document.createElement("li");
      li.dataset.move = t.move;
      const head = document.createElement("span");
      head.className = "line-score";
      head.textContent = `${sideScore(t)}` + (t.depth ? `, depth ${t.depth}` : "");
      li.appendChild(head);
      const line = t.line && t.line.length ? t.line : [t.move];
      line.forEach((move, k) => {
        const span = document.createElement("span");
        span.className = "line-move";
        span.textContent = move;
        span.dataset.move = move;
        span.title = k === 0 ? "play this move" : "play the line to this move";
        span.addEventListener("click", () => playLine(line.slice(0, k + 1)));
        li.appendChild(span);
      });
      if (t.reason) {
        const why = document.createElement("div");
        why.className = "reason";
        why.textContent = t.reason;
        li.appendChild(why);
      }
      top.appendChild(li);
    }
  } else if (name === "failed") {
    $("engine-info").textContent = data.error;
  }
}

// Plays `line` (an engine line) from the position on the board, as side lines where they
// differ from the moves played.
async function playLine(line) {
  stopAnalysis();
  const moves = state.moves.slice(0, state.cursor).concat(line);
  try {
    await replay(moves);
    say(`played ${line.join(" ")}`, true);
  } catch (e) {
    say(`refused: ${e.message}`);
  }
}

// Turns the board: the other side at the bottom (pieces and coordinates stay upright).
function flipBoard() {
  const flipped = $("board").classList.toggle("flipped");
  $("flip").setAttribute("aria-pressed", String(flipped));
}

// ------------------------------------------------------------------ the board editor

// A position string's placement as rows of cells (a letter or null), the top rank first.
function placementRows(field) {
  return field.split("/").map((row) => {
    const cells = [];
    for (const m of row.matchAll(/(\d+)|(.)/g)) {
      if (m[1]) for (let i = 0; i < Number(m[1]); i++) cells.push(null);
      else cells.push(m[2]);
    }
    return cells;
  });
}

function placementText(rows) {
  return rows.map((cells) => {
    let out = "";
    let empty = 0;
    for (const c of cells) {
      if (c === null) { empty++; continue; }
      if (empty) { out += String(empty); empty = 0; }
      out += c;
    }
    return empty ? out + String(empty) : out;
  }).join("/");
}

function editedText() {
  const e = state.editing;
  return [placementText(e.rows)].concat(e.fields).join(" ");
}

function startEditing() {
  stopAnalysis();
  clearEngine();
  const fields = current().trim().split(/\s+/);
  state.editing = { rows: placementRows(fields[0]), fields: fields.slice(1), letter: null };
  const box = $("editor-pieces");
  box.innerHTML = "";
  const choices = [{ letter: null, name: "empty" }].concat(state.game.pieces);
  for (const p of choices) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = p.letter === null ? "empty" : p.letter;
    b.title = p.name;
    b.dataset.letter = p.letter === null ? "" : p.letter;
    b.addEventListener("click", () => {
      state.editing.letter = p.letter;
      box.querySelectorAll("button").forEach((o) => o.setAttribute("aria-pressed", String(o === b)));
    });
    box.appendChild(b);
  }
  box.querySelector("button").setAttribute("aria-pressed", "true");
  const side = $("editor-side");
  side.innerHTML = "";
  state.game.side_letters.forEach((letter, i) => {
    const o = document.createElement("option");
    o.value = letter;
    o.textContent = state.game.sides[i];
    side.appendChild(o);
  });
  side.value = state.editing.fields[0];
  $("editor").hidden = false;
  $("edit-board").disabled = true;
  say("editing: choose a piece and click squares", true);
}

// Puts the chosen piece on `sq` (or takes it away if it is there already) and redraws.
function editSquare(sq) {
  const e = state.editing;
  const file = sq.charCodeAt(0) - 97;
  const row = e.rows.length - Number(sq.slice(1));
  if (!e.rows[row] || file < 0 || file >= e.rows[row].length) return;
  const here = e.rows[row][file];
  e.rows[row][file] = here === e.letter ? null : e.letter;
  drawEdited();
}

async function drawEdited() {
  const text = editedText();
  $("position-text").value = text;
  try {
    const data = await api("/api/render", { game: state.game.id, position: text, moves: [], force: false });
    if (!state.editing) return;
    const board = $("board");
    board.innerHTML = data.svg.replace(/^<\?xml[^>]*>\s*/, "");
    const root = board.querySelector("svg");
    if (root) root.addEventListener("click", onBoardClick);
    board.dataset.position = text;
    say("", true);
  } catch (err) {
    say(`not a position yet: ${err.message}`);
  }
}

async function finishEditing(keep) {
  if (!state.editing) return;
  const text = editedText();
  if (keep) {
    try {
      await api("/api/moves", { game: state.game.id, position: text });
    } catch (err) {
      say(`position refused: ${err.message}`);
      return;
    }
    if (!discardGame()) return;
  }
  state.editing = null;
  $("editor").hidden = true;
  $("edit-board").disabled = false;
  if (keep) {
    await newGame(text);
    say("position set up", true);
  } else {
    await show();
  }
}

async function requestStop() {
  const a = state.analysis;
  if (!a) return;
  if (a.id === null) {
    stopAnalysis();
    return;
  }
  try {
    await api("/api/stop", { id: a.id });
  } catch (e) {
    stopAnalysis();
  }
}

// ------------------------------------------------------------------ controls

function wireControls() {
  $("nav-start").addEventListener("click", () => go(0));
  $("nav-back").addEventListener("click", () => go(state.cursor - 1));
  $("nav-forward").addEventListener("click", () => go(state.cursor + 1));
  $("nav-end").addEventListener("click", () => go(state.moves.length));
  $("undo").addEventListener("click", takeBack);
  $("review").addEventListener("click", startReview);
  $("promote-line").addEventListener("click", promoteLine);
  $("flip").addEventListener("click", flipBoard);
  $("edit-board").addEventListener("click", startEditing);
  $("editor-done").addEventListener("click", () => finishEditing(true));
  $("editor-cancel").addEventListener("click", () => finishEditing(false));
  $("editor-side").addEventListener("change", () => {
    state.editing.fields[0] = $("editor-side").value;
    drawEdited();
  });
  document.addEventListener("keydown", (e) => {
    // Keys typed into a text field or a list are theirs; a ticked checkbox or a button keeps
    // the arrow keys stepping through the moves.
    const t = e.target;
    const typing = t.tagName === "TEXTAREA" || t.tagName === "SELECT" ||
      (t.tagName === "INPUT" && !["checkbox", "radio", "button", "submit"].includes(t.type));
    if (typing) return;
    if (e.key === "ArrowLeft") go(state.cursor - 1);
    else if (e.key === "ArrowRight") go(state.cursor + 1);
    else if (e.key === "Home") go(0);
    else if (e.key === "End") go(state.moves.length);
    else if (e.key === "f" && !e.ctrlKey && !e.metaKey && !e.altKey) flipBoard();
    else return;
    e.preventDefault();
  });
  $("show-zones").addEventListener("change", () => { state.pickedZone = null; show(); });
  $("show-force").addEventListener("change", () => show());
  $("all-zones").addEventListener("change", () => { applyZonePick(); redrawZonesIfNeeded(); });
  $("horizon").addEventListener("change", () => { if ($("show-zones").checked) show(); });
  $("promotion-cancel").addEventListener("click", () => { $("promotion").hidden = true; select(null); });
  $("analyse").addEventListener("click", startAnalysis);
  $("stop").addEventListener("click", requestStop);
  $("load-position").addEventListener("click", async () => {
    const text = $("position-text").value.trim();
    try {
      await api("/api/moves", { game: state.game.id, position: text });
      await newGame(text);
      say("position loaded", true);
    } catch (e) {
      say(`position refused: ${e.message}`);
    }
  });
  $("copy-position").addEventListener("click", () => { $("position-text").value = current(); });
  $("copy-position-clip").addEventListener("click", () => copyText(current(), "position"));
  $("copy-game-clip").addEventListener("click", () => copyText(state.exportText, "game"));
  $("export-game").addEventListener("click", () => {
    $("game-text").value = state.exportText;
    say(`exported (${state.game.game_text})`, true);
  });
  $("import-game").addEventListener("click", async () => {
    try {
      await replay([], $("game-text").value);
      say(`imported ${state.moves.length} moves`, true);
    } catch (e) {
      say(`game refused: ${e.message}`);
    }
  });
}

init().catch((e) => say(`cannot start: ${e.message}`));
