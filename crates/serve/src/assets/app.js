// zonal analysis board: talks to the JSON API of `zonal serve`; no build step, no libraries.
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

// ------------------------------------------------------------------ showing a position

async function show() {
  const seq = ++state.renderSeq;
  state.selected = null;
  $("promotion").hidden = true;
  const position = current();
  $("position-text").value = position;
  dropStaleReview();
  renderMoveList();
  try {
    const moves = await api("/api/moves", reached());
    if (seq !== state.renderSeq) return;
    state.legal = moves.squares;
    state.over = moves.over;
    state.side = moves.over ? "" : moves.side;
    $("side").textContent = moves.over ? "" : `${moves.side} to move`;
    $("status").textContent = moves.over ? `game over: ${moves.status}` : "";
    await drawBoard(seq);
  } catch (e) {
    say(e.message);
  }
  if ($("auto-analyse").checked && !state.over) startAnalysis();
}

async function drawBoard(seq) {
  const position = current();
  const force = $("show-force").checked;
  const board = $("board");
  let svg;
  if ($("show-zones").checked) {
    const horizon = Number($("horizon").value) || state.game.horizon;
    // The zone list whole but brief; the picture only the zones that matter unless all are
    // asked for (a long horizon has hundreds of zones, each with its trajectories).
    const body = { ...reached(), horizon, force, brief: true };
    if (!$("all-zones").checked) {
      body.draw = Array.from(wantedZones());
      body.draw_open = true;
    }
    const data = await api("/api/zones", body);
    if (seq !== state.renderSeq) return;
    svg = data.svg;
    state.zones = data.zones.zones || [];
    state.drawn = data.drawn;
    renderZoneList();
  } else {
    const data = await api("/api/render", { ...reached(), force });
    if (seq !== state.renderSeq) return;
    svg = data.svg;
    state.zones = [];
    $("zone-list").innerHTML = "";
  }
  board.innerHTML = svg.replace(/^<\?xml[^>]*>\s*/, "");
  const root = board.querySelector("svg");
  if (root) {
    root.addEventListener("click", onBoardClick);
    root.addEventListener("pointerdown", onPointerDown);
    root.addEventListener("pointermove", onPointerMove);
    root.addEventListener("pointerup", onPointerUp);
    root.addEventListener("pointercancel", cancelDrag);
  }
  if (root) fitToScreen(root);
  markLastMove();
  applyZonePick();
  if ($("engine-best").dataset.best) drawBestArrow($("engine-best").dataset.best);
  board.dataset.position = position;
  board.dataset.ready = String(seq);
}

// On a narrow screen the picture shows the board alone (its legend, beside the board in
// chess-t1's pictures, would shrink the board to half the screen): the view box is cut to the
// squares and their coordinates.
function fitToScreen(root) {
  if (window.innerWidth > 700) return;
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  root.querySelectorAll("rect.square").forEach((r) => {
    const b = r.getBBox();
    x0 = Math.min(x0, b.x); y0 = Math.min(y0, b.y);
    x1 = Math.max(x1, b.x + b.width); y1 = Math.max(y1, b.y + b.height);
  });
  if (!(x0 < x1 && y0 < y1)) return;
  const m = 28;
  root.setAttribute("viewBox", `${x0 - m} ${y0 - m} ${x1 - x0 + 2 * m} ${y1 - y0 + 2 * m}`);
  root.removeAttribute("width");
  root.removeAttribute("height");
}

function squareRect(name) {
  for (const r of $("board").querySelectorAll("rect.square")) {
    if (squareName(r) === name) return r;
  }
  return null;
}

function squareName(el) {
  if (!el) return null;
  if (el.dataset && el.dataset.square) return el.dataset.square;
  const t = el.querySelector && el.querySelector("title");
  return t ? t.textContent.trim() : null;
}

function overlay(name, cls) {
  const r = squareRect(name);
  if (!r) return;
  const svgNS = "http://www.w3.org/2000/svg";
  const o = document.createElementNS(svgNS, "rect");
  for (const a of ["x", "y", "width", "height"]) o.setAttribute(a, r.getAttribute(a));
  o.setAttribute("class", `mark ${cls}`);
  if (cls === "target") {
    const w = Number(r.getAttribute("width"));
    o.setAttribute("x", Number(r.getAttribute("x")) + w * 0.35);
    o.setAttribute("y", Number(r.getAttribute("y")) + w * 0.35);
    o.setAttribute("width", w * 0.3);
    o.setAttribute("height", w * 0.3);
    o.setAttribute("rx", w * 0.15);
  }
  // Over the pieces; marks take no clicks (style.css).
  $("board").querySelector("svg").appendChild(o);
}

// The engine's best move as an arrow on the board (a drop: a ring on its square).
function drawBestArrow(best) {
  clearMarks("best");
  const m = state.legal.find((l) => l.move === best);
  const svg = $("board").querySelector("svg");
  if (!m || !svg) return;
  const center = (name) => {
    const r = squareRect(name);
    if (!r) return null;
    const w = Number(r.getAttribute("width"));
    return [Number(r.getAttribute("x")) + w / 2, Number(r.getAttribute("y")) + w / 2, w];
  };
  const to = center(m.to);
  const from = m.from ? center(m.from) : null;
  if (!to) return;
  const svgNS = "http://www.w3.org/2000/svg";
  const e = document.createElementNS(svgNS, from ? "line" : "circle");
  const attrs = from
    ? { x1: from[0], y1: from[1], x2: to[0], y2: to[1], "stroke-width": to[2] * 0.12 }
    : { cx: to[0], cy: to[1], r: to[2] * 0.4, fill: "none", "stroke-width": to[2] * 0.08 };
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  e.setAttribute("class", "mark best");
  e.dataset.move = best;
  svg.appendChild(e);
}

function clearMarks(cls) {
  $("board").querySelectorAll(`.mark.${cls}`).forEach((e) => e.remove());
}

function markLastMove() {
  clearMarks("last");
  if (state.cursor === 0) return;
  const mv = state.moves[state.cursor - 1];
  const found = /([a-z]\d+)\D*([a-z]\d+)/.exec(mv);
  if (found) {
    overlay(found[1], "last");
    overlay(found[2], "last");
  } else {
    const drop = /@([a-z]\d+)/.exec(mv);
    if (drop) overlay(drop[1], "last");
  }
}

// ------------------------------------------------------------------ moving by drag and drop

// A drag: a piece of a square with legal moves follows the pointer; where it is let go is the
// move's square, taken as the second click of a move (a drop on a square no legal move reaches
// is refused like such a click; let go where it started, the piece stays selected).
let drag = null;
let dragEndedAt = 0;

function squareAt(x, y) {
  for (const el of document.elementsFromPoint(x, y)) {
    if (el.matches && el.matches("#board rect.square, #board rect.castle")) return squareName(el);
  }
  return null;
}

function onPointerDown(event) {
  if (event.button !== 0 || state.over || state.editing) return;
  const sq = squareName(event.target.closest("rect.square, rect.castle"));
  if (!sq) return;
  const piece = $("board").querySelector(`g.piece[data-square="${sq}"]`);
  if (!state.legal.some((m) => m.from === sq)) {
    if (piece) say(state.over ? "the game is over: no more moves here" : `${sq}: no legal move starts here`);
    return;
  }
  if (!piece) return;
  drag = { from: sq, piece, x: event.clientX, y: event.clientY, moved: false, pointer: event.pointerId };
}

function onPointerMove(event) {
  if (!drag || event.pointerId !== drag.pointer) return;
  const dx = event.clientX - drag.x;
  const dy = event.clientY - drag.y;
  if (!drag.moved) {
    if (Math.hypot(dx, dy) < 5) return;
    drag.moved = true;
    event.currentTarget.setPointerCapture(event.pointerId);
    select(drag.from);
    drag.piece.classList.add("dragged");
    // Above every other piece and mark.
    drag.piece.parentNode.appendChild(drag.piece);
  }
  const m = event.currentTarget.getScreenCTM();
  let scale = m ? m.a : 1;
  // A turned board moves the piece against the pointer unless the matrix says so already.
  if ($("board").classList.contains("flipped") && scale > 0) scale = -scale;
  drag.piece.setAttribute("transform", `translate(${dx / scale} ${dy / scale})`);
}

function onPointerUp(event) {
  if (!drag || event.pointerId !== drag.pointer) return;
  const d = drag;
  drag = null;
  if (!d.moved) return; // a click: the click handler takes it
  dragEndedAt = Date.now();
  d.piece.removeAttribute("transform");
  d.piece.classList.remove("dragged");
  const to = squareAt(event.clientX, event.clientY);
  if (!to || to === d.from) return;
  state.selected = d.from;
  clickSquare(to);
}

function cancelDrag() {
  if (drag) {
    drag.piece.removeAttribute("transform");
    drag.piece.classList.remove("dragged");
  }
  drag = null;
}

// ------------------------------------------------------------------ moving by click

function onBoardClick(event) {
  if (Date.now() - dragEndedAt < 100) return; // the click that ends a drag
  const el = event.target.closest("rect.square, rect.castle");
  const sq = squareName(el);
  if (!sq) return;
  if (state.editing) {
    editSquare(sq);
    return;
  }
  clickSquare(sq);
}

function clickSquare(sq) {
  if (state.over) {
    say("the game is over: no more moves here");
    return;
  }
  $("promotion").hidden = true;
  const from = state.selected;
  if (from === null) {
    if (state.legal.some((m) => m.from === sq)) {
      select(sq);
      return;
    }
    const drops = state.legal.filter((m) => m.from === null && m.to === sq);
    if (drops.length === 1) {
      play(drops[0].move);
      return;
    }
    say(`${sq}: no legal move starts here`);
    return;
  }
  if (from === sq) {
    select(null);
    return;
  }
  const candidates = state.legal.filter((m) => m.from === from && m.to === sq);
  if (candidates.length === 0) {
    if (state.legal.some((m) => m.from === sq)) {
      select(sq);
      return;
    }
    select(null);
    refuseWithReason(from, sq);
    return;
  }
  if (candidates.length === 1) {
    play(candidates[0].move);
    return;
  }
  choosePromotion(candidates);
}

// Says why the server refuses the move from `from` to `to` (its rules' reason: "no superiority
// of force", "the square is taken", ...), not only that it is not in the list.
async function refuseWithReason(from, to) {
  say(`${from}-${to} is not a legal move: refused`);
  const moves = state.moves.slice(0, state.cursor).concat([`${from}${to}`]);
  try {
    await api("/api/play", { game: state.game.id, position: state.start, moves });
  } catch (e) {
    const reason = e.message.replace(/^[^:]*\([^)]*\): /, "");
    say(`${from}-${to} refused: ${reason}`);
  }
}

function select(sq) {
  state.selected = sq;
  clearMarks("sel");
  clearMarks("target");
  if (sq === null) return;
  overlay(sq, "sel");
  for (const m of state.legal) if (m.from === sq) overlay(m.to, "target");
  say("");
}

function choosePromotion(candidates) {
  const box = $("promotion-choices");
  box.innerHTML = "";
  for (const m of candidates) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = m.promotion || m.move;
    b.dataset.move = m.move;
    b.addEventListener("click", () => {
      $("promotion").hidden = true;
      play(m.move);
    });
    box.appendChild(b);
  }
  $("promotion").hidden = false;
}

async function play(move) {
  // The move of the line on the board, or of a side line already played: go along it.
  if (state.moves[state.cursor] === move) {
    go(state.cursor + 1);
    say(`played ${state.notation[state.cursor - 1] || move}`, true);
    return;
  }
  const path = pathTo(state.cursor);
  const known = path[path.length - 1].children.find((c) => c.move === move);
  try {
    if (known) await enterLine(path.slice(1).concat([known]));
    else await replay(state.moves.slice(0, state.cursor).concat([move]));
    say(`played ${state.notation[state.cursor - 1] || move}`, true);
  } catch (e) {
    say(`refused: ${e.message}`);
    select(null);
  }
}

// Replays `moves` (and `text`) from the start on the server, keeps the line in the tree of
// lines and goes to its end (or to `cursor` moves).
async function replay(moves, text, cursor) {
  const body = { game: state.game.id, position: state.start, moves };
  if (text !== undefined) body.text = text;
  const r = await api("/api/play", body);
  if (text !== undefined) state.tree = { move: null, text: "", children: [] };
  state.moves = r.moves;
  state.notation = r.notation;
  state.positions = [state.start].concat(r.positions);
  state.exportText = r.export;
  state.cursor = cursor === undefined ? state.moves.length : Math.min(cursor, state.moves.length);
  keepLine();
  stopAnalysis();
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
