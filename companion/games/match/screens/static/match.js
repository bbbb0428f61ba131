// Blue/red match page: the three-round scoreboard (live), and scoring a round from a photo or by hand.
// The server judges everything; this script only draws, collects what a person checked, and asks.
// undoNote() comes from the shared page.js (loaded first); el() here is the page's own, which skips absent attributes.
"use strict";
const CFG = document.getElementById("config").dataset;
const S = JSON.parse(document.getElementById("strings").textContent);
let lastSeq = -1;
let attentionId = null;
let faces = {};
let previewTimer = null;

function fmt(t, v) { return t.replace(/\{(\w+)\}/g, (m, k) => (v[k] !== undefined ? v[k] : m)); }
function el(tag, attrs, text) {
  const n = document.createElement(tag);
  Object.entries(attrs || {}).forEach(([k, v]) => {
    if (k === "class") n.className = v; else if (v !== undefined && v !== null) n.setAttribute(k, v);
  });
  if (text !== undefined && text !== null) n.textContent = String(text);
  return n;
}
function clear(n) { while (n.firstChild) n.removeChild(n.firstChild); }
function num(v) { return v === null || v === undefined ? "" : (v < 0 ? "\u2212" + Math.abs(v) : String(v)); }

// A scored card: its colour, and a sign that says the same without colour (blue adds +, red subtracts \u2212; issue 34).
function mini(f) {
  const card = el("span", {class: "mcard " + f.colour + (f.kind !== "number" ? " action" : "")});
  card.appendChild(el("span", {class: "msign"}, f.colour === "red" ? "\u2212" : "+"));
  card.appendChild(document.createTextNode(f.text));
  return card;
}

// --- scoreboard ------------------------------------------------------------------

function render(board) {
  const body = document.querySelector("#m-table tbody");
  clear(body);
  board.players.forEach((p) => {
    const tr = el("tr", {class: p.winner ? "won" : (board.leaders.includes(p.name) && !board.over ? "lead" : "")});
    tr.appendChild(el("th", {scope: "row"}, p.name));
    p.rounds.forEach((r, i) => {
      // A round not scored yet shows a dash, not an empty cell (a column of blanks read as missing scores).
      const td = el("td", {class: "num" + (board.can_score && i + 1 === board.round ? " next" : "") + (r === null ? " none" : "")},
                    r === null ? "\u2013" : num(r));
      tr.appendChild(td);
    });
    tr.appendChild(el("td", {class: "num total"}, num(p.total)));
    body.appendChild(tr);
  });
  document.getElementById("m-status").textContent = status(board);
  const rounds = document.getElementById("m-rounds");
  clear(rounds);
  if (!board.scored.length) rounds.appendChild(el("p", {class: "empty"}, S.no_rounds));
  board.scored.slice().reverse().forEach((r) => {
    const sec = el("section", {class: "m-round"});
    sec.appendChild(el("h2", {}, fmt(S.round, {n: r.number})));
    const grid = el("div", {class: "m-round-grid"});
    Object.entries(r.players).forEach(([name, p]) => {
      const box = el("article", {class: "m-player"});
      const head = el("div", {class: "m-head"});
      head.appendChild(el("span", {class: "name"}, name));
      head.appendChild(el("span", {class: "m-score"}, num(p.score)));
      box.appendChild(head);
      const stacks = el("div", {class: "m-stacks"});
      p.matches.forEach((pair, i) => {
        const row = el("div", {class: "m-row"});
        row.appendChild(el("span", {class: "m-n"}, i + 1));
        pair.forEach((f) => row.appendChild(mini(f)));
        stacks.appendChild(row);
      });
      box.appendChild(stacks);
      const hand = el("div", {class: "m-hand"});
      hand.appendChild(el("span", {class: "m-label"}, S.hand + ":"));
      if (!p.hand.length) hand.appendChild(el("span", {class: "empty"}, S.empty_hand));
      p.hand.forEach((f) => hand.appendChild(mini(f)));
      box.appendChild(hand);
      box.appendChild(el("p", {class: "m-sum"}, S.positive + " " + p.positive_stack + " \u2212 " + S.red_in_hand + " " + p.red_in_hand + " = " + num(p.score)));
      grid.appendChild(box);
    });
    sec.appendChild(grid);
    rounds.appendChild(sec);
  });
  const title = document.getElementById("m-entry-title");
  if (title) {
    // Three cases, not two: a round being played (dealt on the record) is neither scoreable yet nor the game's end.
    document.getElementById("m-entry").classList.toggle("closed", !board.can_score);
    title.textContent = board.over ? S.game_over : fmt(board.can_score ? S.round : S.in_play, {n: board.round});
    document.getElementById("m-entry-state").textContent = !board.over && !board.can_score ? S.score_later : "";
  }
  // In a round dealt on the record the last move is a draw, match or discard, not a scored round.
  const undo = document.getElementById("m-undo");
  if (undo) undo.textContent = undoesMove(board) ? S.undo_move : S.undo_round;
  undoNote(board, "m-undo");
}

function undoesMove(board) { return Boolean(board.turn) || board.phase === "score"; }

// One line for every screen: which round, whose turn (or who deals), who leads; the winners at the end.
function status(board) {
  if (board.over) return S.game_over + " \u2014 " + S.winner + ": " + board.winners.join(", ");
  const parts = [fmt(S.round_of, {n: board.round, total: board.rounds_total})];
  if (board.turn) parts.push(fmt(board.phase === "draw" ? S.to_draw : S.to_play, {name: board.turn}));
  else if (board.phase === "score") parts.push(S.hand_empty);
  else parts.push(fmt(S.deals, {name: board.dealer}));
  if (board.leaders.length) parts.push(S.leader + ": " + board.leaders.join(", "));
  return parts.join(" \u00b7 ");
}

function refresh() {
  // Refreshes overlap (the stream's change events, the tablet's own confirm); an older answer
  // arriving after a newer one must not put the old scores back on the screen.
  return fetch(CFG.state, {cache: "no-store", headers: {Accept: "application/json"}}).then((r) => r.json()).then((body) => {
    if (body.seq < lastSeq) return null;
    lastSeq = body.seq;
    if (body.board) render(body.board);
    drawn(body.seq);
    return body.board;
  });
}

function listen() {
  const live = document.getElementById("live");
  const source = new EventSource(CFG.stream);
  source.addEventListener("open", () => { live.textContent = S.online; live.className = "live on"; });
  source.addEventListener("error", () => { live.textContent = S.offline; live.className = "live off"; });
  source.addEventListener("change", (e) => { const seq = JSON.parse(e.data).seq; if (seq !== lastSeq) refresh(); });
}

// --- round entry -------------------------------------------------------------------

function api(path, options) {
  const opts = Object.assign({method: "POST"}, options || {});
  opts.headers = Object.assign({"X-Companion-Token": CFG.token}, opts.headers || {});
  return companionAnswer(fetch(path, opts)).then(({ok, status, data}) => ({ok, status, body: data}));
}
// The photo line under the form: progress in small print, a refusal as a message that stands out.
function sayRead(text, bad) {
  const out = document.getElementById("m-read-result");
  out.textContent = text;
  out.className = bad ? "msg bad" : "fine";
}
function post(path, data) {
  return api(path, {headers: {"Content-Type": "application/json"}, body: JSON.stringify(data)});
}

function colourOf(text) {
  const t = text.trim().toLowerCase();
  if (!t) return "";
  if (faces[t]) return faces[t].colour;
  return /^(<|-|r\b|r\d|red)/.test(t) ? "red" : "blue";
}

function cardInput(code, player) {
  const input = el("input", {type: "text", class: "m-card-in", autocomplete: "off", "aria-label": player});
  if (code) { input.value = faces[code] ? faces[code].text : code; input.dataset.code = code; }
  else { input.placeholder = "?"; input.title = S.missing; input.classList.add("missing"); }
  const paint = () => {
    input.classList.remove("blue", "red");
    const c = colourOf(input.dataset.code && input.value === (faces[input.dataset.code] || {}).text ? input.dataset.code : input.value);
    if (c) input.classList.add(c);
    input.classList.toggle("missing", !input.value.trim());
  };
  input.addEventListener("input", () => { paint(); schedulePreview(); });
  paint();
  return input;
}

function valueOf(input) {
  const code = input.dataset.code;
  if (code && faces[code] && input.value === faces[code].text) return code;
  return input.value.trim();
}

function matchRow(pair, player) {
  const row = el("div", {class: "m-edit-row"});
  row.appendChild(el("span", {class: "m-n"}));
  row.appendChild(cardInput(pair[0], player));
  row.appendChild(cardInput(pair[1], player));
  const up = el("button", {type: "button", class: "m-small", title: S.up, "aria-label": S.up}, "\u2191");
  up.addEventListener("click", () => { if (row.previousElementSibling) row.parentNode.insertBefore(row, row.previousElementSibling); number(row.parentNode); schedulePreview(); });
  const rm = el("button", {type: "button", class: "m-small", title: S.remove, "aria-label": S.remove}, "\u2715");
  rm.addEventListener("click", () => { const box = row.parentNode; row.remove(); number(box); schedulePreview(); });
  row.appendChild(up);
  row.appendChild(rm);
  return row;
}

function number(box) { Array.from(box.children).forEach((r, i) => { r.firstChild.textContent = i + 1; }); }

function openEditor(rows, hands) {
  const root = document.getElementById("m-edit-players");
  clear(root);
  Object.keys(rows).forEach((name) => {
    const box = el("article", {class: "m-edit-player", "data-player": name});
    const head = el("div", {class: "m-head"});
    head.appendChild(el("span", {class: "name"}, name));
    head.appendChild(el("span", {class: "m-score m-preview"}, ""));
    box.appendChild(head);
    box.appendChild(el("div", {class: "m-label"}, S.stacks));
    const list = el("div", {class: "m-edit-rows"});
    rows[name].forEach((pair) => list.appendChild(matchRow(pair, name)));
    number(list);
    box.appendChild(list);
    const add = el("button", {type: "button", class: "m-small m-add"}, S.add_match);
    add.addEventListener("click", () => { list.appendChild(matchRow([null, null], name)); number(list); });
    box.appendChild(add);
    const hand = el("div", {class: "m-edit-hand"});
    hand.appendChild(el("span", {class: "m-label"}, S.hand));
    const handIn = el("input", {type: "text", class: "m-hand-in", placeholder: S.hand_hint, autocomplete: "off", "aria-label": name + " " + S.hand});
    const codes = hands[name] || [];
    handIn.value = codes.map((c) => (faces[c] ? faces[c].text : c)).join(" ");
    handIn.dataset.codes = JSON.stringify(codes);
    handIn.dataset.shown = handIn.value;
    handIn.addEventListener("input", schedulePreview);
    hand.appendChild(handIn);
    box.appendChild(hand);
    root.appendChild(box);
  });
  document.getElementById("m-editor").hidden = false;
  schedulePreview();
}

function collect() {
  const players = {};
  document.querySelectorAll(".m-edit-player").forEach((box) => {
    const matches = Array.from(box.querySelectorAll(".m-edit-row")).map((r) => Array.from(r.querySelectorAll(".m-card-in")).map(valueOf));
    const handIn = box.querySelector(".m-hand-in");
    const hand = handIn.value === handIn.dataset.shown ? JSON.parse(handIn.dataset.codes) : handIn.value.split(/[\s,]+/).filter((t) => t);
    players[box.dataset.player] = {matches, hand};
  });
  return players;
}

function schedulePreview() {
  clearTimeout(previewTimer);
  previewTimer = setTimeout(runPreview, 250);
}

function runPreview() {
  const msg = document.getElementById("m-msg");
  post(CFG.api + "preview", {players: collect()}).then(({ok, body}) => {
    document.querySelectorAll(".m-edit-player").forEach((box) => {
      const out = box.querySelector(".m-preview");
      const s = ok ? body.scores[box.dataset.player] : null;
      out.textContent = s ? num(s.score) : "?";
      out.title = s ? S.positive + " " + s.positive_stack + " \u2212 " + S.red_in_hand + " " + s.red_in_hand : "";
    });
    msg.textContent = ok ? "" : body.error.message;
    msg.className = ok ? "msg" : "msg bad";
    document.getElementById("m-confirm").disabled = !ok;
  });
}

function showReading(reading) {
  faces = reading.faces || {};
  const parts = [fmt(S.read_ok, {cards: reading.cards_read, ms: Math.round(reading.ms)})];
  if (reading.ignored.length) parts.push(fmt(S.ignored, {cards: reading.ignored.map((c) => faces[c].text).join(", ")}));
  if (reading.unplaced.length) parts.push(fmt(S.unplaced, {cards: reading.unplaced.map((c) => faces[c].text).join(", ")}));
  sayRead(parts.join(" "), false);
  const problems = document.getElementById("m-problems");
  clear(problems);
  reading.problems.forEach((p) => problems.appendChild(el("li", {}, p)));
  problems.hidden = !reading.problems.length;
  const hands = {};
  Object.entries(reading.round.players).forEach(([n, p]) => { hands[n] = p.hand; });
  openEditor(reading.rows, hands);
}

function setup() {
  const form = document.getElementById("m-photo-form");
  if (form) form.addEventListener("submit", (e) => {
    e.preventDefault();
    const file = document.getElementById("m-photo").files[0];
    if (!file) { sayRead(S.no_photo, true); return; }
    const seats = {};
    form.querySelectorAll("select[data-player]").forEach((s) => { seats[s.dataset.player] = Number(s.value); });
    const data = new FormData();
    data.append("photo", file);
    data.append("seats", JSON.stringify(seats));
    sayRead(S.reading, false);
    api(CFG.api + "photo", {body: data}).then(({ok, body}) => {
      if (!ok) { sayRead(body.error.message, true); return; }
      attentionId = body.reading.attention;
      showReading(body.reading);
    });
  });
  const byHand = document.getElementById("m-by-hand");
  if (byHand) byHand.addEventListener("click", () => {
    attentionId = null;
    faces = {};
    const rows = {};
    JSON.parse(CFG.players).forEach((n) => { rows[n] = []; });
    openEditor(rows, {});
  });
  const confirm = document.getElementById("m-confirm");
  if (confirm) confirm.addEventListener("click", () => {
    const msg = document.getElementById("m-msg");
    post(CFG.api + "round", {players: collect(), attention: attentionId}).then(({ok, status, body}) => {
      if (!ok) { msg.textContent = body.error.message; msg.className = "msg bad"; if (status === 409) refresh(); return; }
      msg.textContent = fmt(S.confirmed, {n: body.round});
      msg.className = "msg good";
      attentionId = null;
      document.getElementById("m-editor").hidden = true;
      document.getElementById("m-problems").hidden = true;
      sayRead(fmt(S.confirmed, {n: body.round}), false);
      const photo = document.getElementById("m-photo");
      if (photo) photo.value = "";
      refresh();
    });
  });
  const undo = document.getElementById("m-undo");
  if (undo) undo.addEventListener("click", () => {
    const what = undo.textContent === S.undo_move ? S.move_undone : S.undone;
    post(CFG.undo, {}).then(({ok, body}) => {
      sayRead(ok ? (body.message || what) : body.error.message, !ok);
      refresh();
    });
  });
}

setup();
refresh().then(listen);
