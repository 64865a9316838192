// The analysis board's board: drawing a position (the picture of the game's one picture model,
// whose squares carry `data-square`), its marks, and moving by drag and drop or by click. A
// classic script beside app.js (loaded first): they share the page's globals, and app.js starts
// the page once both are read.
"use strict";

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

// Every game's picture names its squares in `data-square` (the one picture model's attribute).
function squareName(el) {
  return (el && el.dataset && el.dataset.square) || null;
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
