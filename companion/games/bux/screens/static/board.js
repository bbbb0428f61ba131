// The shared scoreboard: fetch state.json once, then draw the state the server's event
// stream pushes with each change (?state=1: the same public state.json body, so a move
// reaches every screen without a burst of re-fetches). EventSource reconnects by itself
// after a Wi-Fi drop and sends Last-Event-ID; the server then pushes the state if it moved.
"use strict";
const CONFIG = document.getElementById("config").dataset;
const STRINGS = JSON.parse(document.getElementById("strings").textContent);
const PLAYER_COLOURS = ["#1565c0", "#c62828", "#2e7d32", "#6a1b9a", "#ef6c00"];
const PLAYER_DASHES = ["none", "10 5", "2 4", "14 4 3 4", "6 3 1 3"];
// Each player's line has its own dash too: red and green lines look alike to many (issue 34).
let lastSeq = -1;
let fetching = null;
let again = false;
window.BOARD = {state: null, listeners: []};

function fmt(template, values) {
  return template.replace(/\{(\w+)\}/g, (m, k) => (values[k] !== undefined ? values[k] : m));
}

function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }

function renderPlayers(board) {
  const box = document.getElementById("players");
  clear(box);
  board.players.forEach((p, i) => {
    const card = el("article", {class: "player" + (p.turn ? " turn" : "") + (p.winner ? " won" : "")});
    card.style.setProperty("--seat", PLAYER_COLOURS[i % PLAYER_COLOURS.length]);
    const head = el("div", {class: "player-head"});
    head.appendChild(el("span", {class: "name"}, p.name));
    if (p.turn) head.appendChild(el("span", {class: "badge"}, STRINGS.turn));
    if (p.winner) head.appendChild(el("span", {class: "badge gold"}, STRINGS.winners));
    // The count sits at the head's right end, as on the cat auction's seats: under the cards it was squeezed.
    head.appendChild(el("span", {class: "count"}, plural(STRINGS.counts.cards, p.count)));
    card.appendChild(head);
    const money = el("div", {class: "money"});
    money.appendChild(el("span", {class: "total"}, p.chips));
    money.appendChild(el("span", {class: "unit"}, STRINGS.chips));
    card.appendChild(money);
    const spread = el("div", {class: "spread"});
    if (!p.spread.length) spread.appendChild(el("span", {class: "empty"}, STRINGS.empty));
    p.spread.forEach((f) => spread.appendChild(cardFace(f, STRINGS)));
    card.appendChild(spread);
    box.appendChild(card);
  });
}

function renderTimer(board) {
  const box = document.getElementById("timer");
  clear(box);
  box.appendChild(el("div", {class: "deck-no"}, STRINGS.deck + " " + board.deck + " / 3"));
  const dots = el("div", {class: "timer-dots", "aria-label": STRINGS.timer + " " + board.timer + " / 3"});
  for (let i = 1; i <= 3; i++) dots.appendChild(el("span", {class: "dot" + (i <= board.timer ? " on" : "")}, i));
  box.appendChild(el("div", {class: "timer-title"}, STRINGS.timer));
  box.appendChild(dots);
  let note = "";
  if (board.over) note = STRINGS.game_over;
  else if (board.reshuffle) note = STRINGS.reshuffle;
  else if (board.double_bux) note = STRINGS.double_bux;
  else if (board.timer === 1) note = STRINGS.time_passing;
  if (note) box.appendChild(el("p", {class: "timer-note"}, note));
  box.appendChild(el("p", {class: "fine"}, board.draw_deck_size + " " + STRINGS.in_deck + " \u00b7 " + STRINGS.discard + ": " + board.discard.length));
  const banner = document.getElementById("banner");
  banner.className = "banner";
  banner.hidden = !(board.over || board.double_bux || board.reshuffle);
  if (board.over) {
    banner.classList.add("over");
    banner.textContent = STRINGS.game_over + " \u2014 " + STRINGS.winners + ": " + board.winners.join(", ");
  } else if (board.reshuffle) {
    banner.classList.add("pause");
    banner.textContent = STRINGS.reshuffle;
  } else if (board.double_bux) {
    banner.classList.add("double");
    banner.textContent = STRINGS.double_bux;
  }
}

function renderAttention(board) {
  const box = document.getElementById("attention");
  clear(box);
  box.hidden = !board.attention.length;
  if (!board.attention.length) return;
  box.appendChild(el("h2", {}, STRINGS.attention + " (" + board.attention.length + ")"));
  for (const item of board.attention) {
    const row = el("div", {class: "att", "data-id": item.id});
    row.appendChild(el("p", {class: "att-msg"}, item.message));
    if (item.cards.length) {
      const cards = el("div", {class: "spread small"});
      item.cards.forEach((f) => cards.appendChild(cardFace(f, STRINGS)));
      row.appendChild(cards);
    }
    if (item.proposal) row.appendChild(el("p", {class: "att-prop"}, STRINGS.proposed + ": " + item.proposal));
    if (CONFIG.token) {
      const actions = el("div", {class: "row"});
      if (item.proposal) actions.appendChild(el("button", {type: "button", class: "big go", "data-att": "confirm"}, STRINGS.confirm));
      actions.appendChild(el("button", {type: "button", class: "big", "data-att": "correct"}, STRINGS.correct));
      actions.appendChild(el("button", {type: "button", class: "big", "data-att": "dismiss"}, STRINGS.dismiss));
      row.appendChild(actions);
    }
    box.appendChild(row);
  }
}

function renderHistory(board) {
  const list = document.getElementById("history");
  clear(list);
  if (!board.history.length) list.appendChild(el("li", {class: "empty"}, STRINGS.no_moves));
  // Newest first, each move under its real number in the game; a refused draw is shown to the table, unnumbered.
  board.history.forEach((entry) => {
    const li = el("li", entry.refused ? {class: "refused"} : {value: entry.n}, entry.text);
    if (entry.pay && entry.pay.length) {
      // What to hand over, in the fewest chips (never a guess of what anyone holds).
      const panel = document.getElementById("history-panel").dataset;
      const pay = el("span", {class: "pay", title: panel.payTitle});
      pay.appendChild(el("span", {class: "pay-label"}, panel.pay));
      pay.appendChild(chipStack(entry.pay));
      li.appendChild(pay);
    }
    list.appendChild(li);
  });
}

function renderChart(board) {
  // One polyline per player: chips after every move (setup = 0).
  const box = document.getElementById("chart");
  clear(box);
  const series = board.chart.series;
  const W = 420, H = 170, L = 40, B = 18;
  const max = Math.ceil(Math.max(200, ...series.flat()) / 100) * 100;
  const n = Math.max(series.length - 1, 1);
  const chart = svg("svg", {viewBox: `0 0 ${W} ${H}`, class: "chips-chart", role: "img", "aria-labelledby": "chart-title"});
  for (const frac of [0, 0.5, 1]) {
    const y = (H - B) - frac * (H - B - 8);
    chart.appendChild(svg("line", {x1: L, y1: y, x2: W - 4, y2: y, stroke: "#ccc", "stroke-width": 1}));
    const label = svg("text", {x: L - 4, y: y + 4, "text-anchor": "end", "font-size": 11, fill: "#555"});
    label.textContent = Math.round(frac * max);
    chart.appendChild(label);
  }
  board.chart.players.forEach((name, i) => {
    const pts = series.map((row, step) => `${(L + (step / n) * (W - L - 8)).toFixed(1)},${((H - B) - (row[i] / max) * (H - B - 8)).toFixed(1)}`);
    chart.appendChild(svg("polyline", {points: pts.join(" "), fill: "none", stroke: PLAYER_COLOURS[i % PLAYER_COLOURS.length], "stroke-width": 3, "stroke-linejoin": "round",
                                       "stroke-dasharray": PLAYER_DASHES[i % PLAYER_DASHES.length]}));
  });
  box.appendChild(chart);
  const legend = el("div", {class: "legend"});
  board.chart.players.forEach((name, i) => {
    const item = el("span", {class: "key"});
    const sample = svg("svg", {viewBox: "0 0 30 8", width: 30, height: 8, "aria-hidden": "true"});
    sample.appendChild(svg("line", {x1: 0, y1: 4, x2: 30, y2: 4, stroke: PLAYER_COLOURS[i % PLAYER_COLOURS.length], "stroke-width": 3,
                                    "stroke-dasharray": PLAYER_DASHES[i % PLAYER_DASHES.length]}));
    item.appendChild(sample);
    item.appendChild(document.createTextNode(name));
    legend.appendChild(item);
  });
  box.appendChild(legend);
}

function diceText(r) {
  return r.count + "d" + r.sides + ": " + r.values.join(" \u00b7 ") + (r.count > 1 ? " = " + r.values.reduce((a, b) => a + b, 0) : "");
}

function renderDice(dice) {
  const last = document.getElementById("dice-last");
  const list = document.getElementById("dice-history");
  clear(last); clear(list);
  if (!dice.rolls.length) last.appendChild(el("span", {class: "empty"}, STRINGS.no_rolls));
  dice.rolls.forEach((r, i) => {
    const text = diceText(r) + (r.physical ? " (" + STRINGS.physical + ")" : "");
    if (i === 0) {
      last.appendChild(el("span", {class: "dice-big"}, r.values.join(" ")));
      if (r.call) last.appendChild(el("span", {class: "dice-call " + r.call}, STRINGS[r.call]));
      last.appendChild(el("span", {class: "fine"}, "#" + r.number + " " + text));
    } else {
      // The list's own number is the roll's: "3. 2d6: 4 · 1 = 5", not "3. #3 ...".
      list.appendChild(el("li", {value: r.number}, text + (r.call ? " \u2014 " + STRINGS[r.call] : "")));
    }
  });
  diceProof(document.getElementById("dice-proof"), dice, STRINGS);
}

function render(body) {
  window.BOARD.state = body;
  if (body.board) {
    renderPlayers(body.board);
    renderTimer(body.board);
    renderAttention(body.board);
    renderHistory(body.board);
    renderChart(body.board);
    undoNote(body.board, "undo-go");
  }
  renderDice(body.dice);
  drawn(body.seq);
  for (const fn of window.BOARD.listeners) fn(body);
}

function refresh() {
  // One fetch at a time; a change signalled while one is in flight fetches once more afterwards,
  // since the answer on its way may predate that change.
  if (fetching) { again = true; return fetching; }
  fetching = fetch(CONFIG.state, {cache: "no-store"})
    .then((r) => (r.ok ? r.json() : Promise.reject(r.status)))
    .then((body) => show(body))
    .catch(() => setLive(false))
    .finally(() => { fetching = null; if (again) { again = false; refresh(); } });
  return fetching;
}

function show(body) {
  // Answers can cross (a fetch in flight, a pushed state): never draw an older one over a newer.
  if (body.seq < lastSeq) return;
  lastSeq = body.seq;
  render(body);
  if (window.companionShown) window.companionShown(body.seq);
}

function setLive(on) {
  const live = document.getElementById("live");
  live.className = "live " + (on ? "on" : "off");
  live.textContent = on ? STRINGS.online : STRINGS.offline;
}

function connect() {
  const source = new EventSource(CONFIG.stream + "?state=1");
  source.addEventListener("open", () => setLive(true));
  source.addEventListener("change", (e) => {
    const data = JSON.parse(e.data);
    if (data.state) show(data.state);
    else if (Number(data.seq) !== lastSeq) refresh();
  });
  source.addEventListener("error", () => setLive(source.readyState === EventSource.OPEN));
}

window.BOARD.refresh = refresh;
refresh();
connect();
