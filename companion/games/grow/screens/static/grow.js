// Grow Your Assets: the shared scoreboard, the tablet's entry steps (sealed bids handed round, dice,
// picks, actions) and a player's phone. Everything shown comes from the server's JSON, which never
// holds a bid amount before the reveal; a bid typed here is sent once and kept only in this page.
"use strict";
const CFG = document.getElementById("config").dataset;
const S = JSON.parse(document.getElementById("strings").textContent);
const TABLE = CFG.mode === "table";
let board = null;
let options = null;
let myBid = null;

function fmt(text, values) { return text.replace(/\{(\w+)\}/g, (m, k) => (k in values ? values[k] : m)); }
function $(id) { return document.getElementById(id); }

function api(path, body) {
  const headers = {"Content-Type": "application/json"};
  // The tablet's game token, or on a phone its seat's own: the server reads no body without one.
  if (CFG.token || CFG.k) headers["X-Companion-Token"] = CFG.token || CFG.k;
  return companionAnswer(fetch(CFG.api + path, {method: "POST", headers, body: JSON.stringify(body || {})}));
}

function say(node, text, good) {
  if (!node) return;
  node.textContent = text || "";
  node.className = "msg " + (good ? "good" : "bad");
}

// --- cards --------------------------------------------------------------------

function gcard(info, opts) {
  opts = opts || {};
  const box = el(opts.button ? "button" : "span", {class: "gcard c-" + info.colour + (opts.cls ? " " + opts.cls : "")});
  if (opts.button) box.type = "button";
  box.dataset.code = info.code;
  box.appendChild(el("span", {class: "glabel"}, info.label));
  const icons = el("span", {class: "gicons"});
  for (let i = 0; i < info.warnings; i++) icons.appendChild(el("span", {class: "warn-icon", title: S.warnings}, "\u26a0"));
  for (let i = 0; i < info.red_warnings; i++) icons.appendChild(el("span", {class: "warn-icon red", title: S.warnings}, "\u26a0"));
  if (info.action) icons.appendChild(el("span", {class: "act-icon", title: info.action}, "\u2605"));
  box.appendChild(icons);
  // The colour's word on the card: green and red look alike to many (issue 34); aria-label already says it.
  box.appendChild(el("span", {class: "gword", "aria-hidden": "true"}, S.colours[info.colour] || info.colour));
  // The icons are drawn, not read: the label says how many warnings of each kind the card carries.
  const warned = (info.warnings ? ", " + S.warnings + ": " + info.warnings : "") +
    (info.red_warnings ? ", " + S.red_warnings + ": " + info.red_warnings : "");
  box.setAttribute("aria-label", (S.colours[info.colour] || info.colour) + " " + info.label + warned + (info.action ? ", " + info.action : ""));
  box.title = (S.colours[info.colour] || info.colour) + " " + info.label + (info.action ? " \u2014 " + info.action : "");
  return box;
}

function stackEl(cards, colour) {
  const s = el("span", {class: "gstack s-" + colour});
  cards.forEach((c) => s.appendChild(gcard(c, {cls: "small"})));
  return s;
}

// --- shared screens -------------------------------------------------------------

function renderStatus(b) {
  const node = $("status");
  node.textContent = b.over ? S.game_over + " \u2014 " + S.winner + ": " + b.winners.join(", ") : b.status;
  node.className = "banner grow-status ph-" + b.phase;
}

function renderRow(b) {
  const row = $("row");
  row.textContent = "";
  if (!b.row.length) row.appendChild(el("span", {class: "empty"}, S.no_cards));
  b.row.forEach((c) => row.appendChild(gcard(c)));
  $("round").textContent = b.round ? S.round + " " + b.round : "";
  $("deck-line").textContent = S.deck + ": " + b.deck_size + " \u00b7 " + S.discard + ": " + b.discard.length + " \u00b7 " + S.bank + ": " + b.bank;
}

function diceFaces(values, cls) {
  const wrap = el("span", {class: "dice-faces " + (cls || "")});
  values.forEach((v) => wrap.appendChild(el("span", {class: "die"}, String.fromCodePoint(0x2680 + v - 1))));
  wrap.appendChild(el("span", {class: "dice-nums"}, values.join(" + ")));
  return wrap;
}

function renderRoll(b) {
  const panel = $("roll-panel");
  const pending = b.phase === "roll" ? b.pending : null;
  const last = b.last_roll;
  panel.hidden = !pending && !last;
  const card = $("roll-card"), dice = $("roll-dice"), text = $("roll-text");
  card.textContent = ""; dice.textContent = ""; text.textContent = "";
  text.className = "roll-text";
  if (last) {
    card.appendChild(el("span", {class: "roll-who"}, last.player + " \u00b7 " + last.check_text + " \u00b7 "));
    card.appendChild(gcard(last.card, {cls: "small"}));
    dice.appendChild(diceFaces(last.dice, last.result));
    text.textContent = last.text;
    text.classList.add("r-" + last.result);
  }
  if (pending) {
    const next = el("p", {class: "roll-next"});
    next.appendChild(el("strong", {}, pending.player + ": "));
    next.appendChild(gcard(pending.card, {cls: "small"}));
    next.appendChild(el("span", {}, " " + pending.check_text + " \u00b7 " + fmt(S.roll_of, {i: pending.roll_no, n: pending.rolls})));
    card.prepend(next);
  }
}

function seatColour(p) { return ["#1565c0", "#c62828", "#2e7d32", "#6a1b9a"][(p.seat - 1) % 4]; }

// A seat's state for this step: bid sealed or not, the revealed bid, its place in the pick order, the winner.
function badges(p) {
  const out = [];
  if (p.bid_in === true) out.push(el("span", {class: "badge sealed"}, "\u2709 " + S.bid_in));
  if (p.bid_in === false) out.push(el("span", {class: "badge waiting"}, S.bid_waiting));
  if (p.bid !== null) out.push(el("span", {class: "badge"}, S.bid + " " + p.bid + (p.pays !== null ? " \u00b7 " + S.pays + " " + p.pays : "")));
  if (p.place !== null) out.push(el("span", {class: "badge gold"}, fmt(S.place, {n: p.place})));
  if (p.winner) out.push(el("span", {class: "badge gold"}, S.winner));
  return out;
}

function holdings(p) {
  const held = el("div", {class: "holdings"});
  if (p.green.length) held.appendChild(stackEl(p.green, "green"));
  p.blue.forEach((s) => held.appendChild(stackEl(s, "blue")));
  p.red.forEach((s) => held.appendChild(stackEl(s, "red")));
  if (p.gold.length) held.appendChild(stackEl(p.gold, "gold"));
  if (!held.children.length) held.appendChild(el("span", {class: "empty"}, S.no_cards));
  return held;
}

// The phone: one compact row per seat (public points, tokens, bid state); the player's own cards sit in their panel.
function renderScores(b) {
  const body = $("scores");
  body.textContent = "";
  b.players.forEach((p) => {
    const mine = p.name === CFG.player;
    const row = el("tr", {class: "score-row" + (mine ? " mine" : "") + (p.to_move ? " turn" : ""), "data-player": p.name});
    row.style.setProperty("--seat", seatColour(p));
    const who = el("th", {scope: "row"});
    who.appendChild(el("span", {class: "name"}, p.name));
    if (mine) who.appendChild(el("span", {class: "you"}, " (" + S.you + ")"));
    badges(p).forEach((badge) => { who.appendChild(document.createTextNode(" ")); who.appendChild(badge); });
    row.appendChild(who);
    row.appendChild(el("td", {class: "num"}, p.score.total));
    row.appendChild(el("td", {class: "num"}, p.tokens.worth));
    body.appendChild(row);
    if (mine) {
      const cards = $("me-cards");
      cards.replaceWith(Object.assign(holdings(p), {id: "me-cards"}));
    }
  });
}

function renderPlayers(b) {
  const wrap = $("players");
  wrap.textContent = "";
  b.players.forEach((p) => {
    const box = el("section", {class: "player gplayer" + (p.to_move ? " turn" : "") + (p.winner ? " won" : "")});
    box.style.setProperty("--seat", seatColour(p));
    const head = el("div", {class: "player-head"});
    head.appendChild(el("span", {class: "name"}, p.name));
    badges(p).forEach((badge) => head.appendChild(badge));
    box.appendChild(head);
    const money = el("div", {class: "money"});
    money.appendChild(el("span", {class: "total"}, p.score.total));
    money.appendChild(el("span", {class: "unit"}, S.points));
    const parts = el("span", {class: "breakdown"});
    ["green", "blue", "red", "gold"].forEach((c) => parts.appendChild(el("span", {class: "part p-" + c}, S.colours[c] + " " + p.score[c])));
    money.appendChild(parts);
    box.appendChild(money);
    const tokens = el("div", {class: "tokens"});
    tokens.appendChild(el("span", {class: "tok-worth"}, plural(S.counts.tokens, p.tokens.worth)));
    tokens.appendChild(tokenDots(p.tokens));
    box.appendChild(tokens);
    box.appendChild(holdings(p));
    wrap.appendChild(box);
  });
}

// The tokens as dots in one group that never splits (a lone dot on its own line read as a stray token);
// past a dozen black ones, one dot and a count.
function tokenDots(tokens) {
  const dots = el("span", {class: "tok-dots"});
  for (let i = 0; i < tokens.blue; i++) dots.appendChild(el("span", {class: "tok blue", title: S.blue_token}, "5"));
  if (tokens.black > 12) {
    dots.appendChild(el("span", {class: "tok black", title: S.black_tokens}));
    dots.appendChild(el("span", {class: "tok-count"}, "\u00d7" + tokens.black));
  } else {
    for (let i = 0; i < tokens.black; i++) dots.appendChild(el("span", {class: "tok black", title: S.black_tokens}));
  }
  return dots;
}

function renderHistory(b) {
  const list = $("history");
  if (!list) return;
  list.textContent = "";
  // Newest first, each numbered by its place in the game (the newest is not "1.").
  const total = b.history_total || b.history.length;
  b.history.forEach((h, i) => list.appendChild(el("li", {value: total - i}, h)));
}

// The newest roll large, earlier ones in a list numbered by roll, and the seed's hash small, as on BUX's tablet.
// The roll panel reads the moves, this panel the companion's dice log; a warning roll from an imported record
// has no dice event, so it is shown here as the newest roll too (typed in), never "No rolls yet." beside its dice.
function renderDice(d, b) {
  const list = $("dice-history");
  if (!list || !d) return;
  const last = $("dice-last");
  last.textContent = "";
  list.textContent = "";
  const recorded = b && b.last_roll && b.last_roll.number == null ? b.last_roll : null;
  if (recorded) {
    last.appendChild(diceFaces(recorded.dice));
    last.appendChild(el("span", {class: "fine"}, "(" + S.physical + ")"));
  } else if (!d.rolls.length) last.appendChild(el("span", {class: "empty"}, S.no_rolls));
  d.rolls.forEach((r, i) => {
    const typed = r.physical ? " (" + S.physical + ")" : "";
    if (i === 0 && !recorded) {
      last.appendChild(diceFaces(r.values));
      last.appendChild(el("span", {class: "fine"}, "#" + r.number + typed));
    } else {
      list.appendChild(el("li", {value: r.number}, r.values.join(" + ") + typed));
    }
  });
  diceProof($("dice-proof"), d, S);
}

// --- the tablet's entry steps ------------------------------------------------------

function button(text, cls, onClick) {
  const b = el("button", {type: "button", class: "big " + (cls || "")}, text);
  b.addEventListener("click", onClick);
  return b;
}

function after(result) {
  say($("entry-msg"), result.ok ? (result.data.message || S.accepted) : result.data.error.message, result.ok);
  refresh();
}

function typedDice(text) {
  const v = (text || "").trim().split(/[\s,+\-]+/).filter(Boolean).map(Number);
  return v.length === 2 ? v : null;
}

function rollControls(body, tied) {
  // Words on every button: an emoji alone is an empty box where no emoji font is installed.
  body.appendChild(button(tied ? fmt(S.roll_for, {names: tied.join(", ")}) : S.roll_dice, "go huge", () => api("/roll").then(after)));
  const row = el("div", {class: "row typed"});
  const inputs = {};
  (tied || [null]).forEach((p) => {
    const input = el("input", {class: "short", placeholder: "3 5", "aria-label": p || S.steps.roll});
    inputs[p] = input;
    if (p) row.appendChild(el("span", {class: "from-name"}, p));
    row.appendChild(input);
  });
  row.appendChild(button(S.enter_typed, "", () => {
    let physical;
    if (tied) { physical = {}; tied.forEach((p) => { physical[p] = typedDice(inputs[p].value); }); }
    else physical = typedDice(inputs[null].value) || [];
    api("/roll", {physical}).then(after);
  }));
  body.appendChild(row);
}

function renderEntry() {
  const body = $("entry-body");
  if (!body || !options || !board) return;
  body.textContent = "";
  const ph = options.phase;
  // The banner above already says what the table waits for; the panel names its own step.
  $("entry-title").textContent = S.steps[board.over ? "over" : ph] || S.steps.over;
  if (ph === "draw") {
    const chosen = [];
    const picked = el("div", {class: "gcards picked"});
    const go = button(S.enter_cards, "go", () => api("/move", {line: {type: "draw", cards: chosen}}).then(after));
    go.disabled = true;
    body.appendChild(el("p", {class: "hint"}, fmt(S.pick_n, {n: options.count})));
    body.appendChild(picked);
    options.deck.forEach((group) => {
      const g = el("div", {class: "gcards picker"});
      group.cards.forEach((c) => {
        const b = gcard(c, {button: true, cls: "small"});
        b.addEventListener("click", () => {
          const at = chosen.indexOf(c.code);
          if (at >= 0) chosen.splice(at, 1); else if (chosen.length < options.count) chosen.push(c.code);
          b.classList.toggle("on", chosen.includes(c.code));
          picked.textContent = "";
          chosen.forEach((code) => picked.appendChild(gcard(group_card(code), {cls: "small"})));
          go.disabled = chosen.length !== options.count;
        });
        g.appendChild(b);
      });
      body.appendChild(g);
    });
    body.appendChild(go);
  } else if (ph === "bid") {
    board.players.forEach((p) => {
      body.appendChild(button((p.bid_in ? "\u2709 " : "") + p.name, p.bid_in ? "" : "go", () => openBid(p.name)));
    });
    if (!board.bids.waiting.length) body.appendChild(button(S.reveal_bids, "go", () => api("/reveal").then(after)));
  } else if (ph === "tiebreak") {
    rollControls(body, options.tied);
  } else if (ph === "roll") {
    rollControls(body, null);
  } else if (ph === "pick") {
    const targets = el("div", {class: "row"});
    const row = el("div", {class: "gcards picker"});
    options.picks.forEach((choice) => {
      const b = gcard(choice.card, {button: true});
      b.addEventListener("click", () => {
        if (choice.targets.length === 1) { api("/move", {line: choice.targets[0].line}).then(after); return; }
        row.querySelectorAll(".gcard").forEach((n) => n.classList.toggle("on", n === b));
        targets.textContent = "";
        choice.targets.forEach((t) => targets.appendChild(button(t.text, "go", () => api("/move", {line: t.line}).then(after))));
      });
      row.appendChild(b);
    });
    body.appendChild(row);
    body.appendChild(targets);
  } else if (ph === "act") {
    options.acts.forEach((a) => body.appendChild(button(a.text, "go", () => api("/move", {line: a.line}).then(after))));
    body.appendChild(button(S.decline, "", () => api("/move", {line: {type: "decline", player: options.player}}).then(after)));
  }
  const brk = $("break-row");
  brk.textContent = "";
  options.break.forEach((p) => brk.appendChild(button(fmt(S.break_token, {name: p}), "small", () => api("/move", {line: {type: "break", player: p}}).then(after))));
}

const CARD_CACHE = {};
function group_card(code) { return CARD_CACHE[code]; }

let optionsAsked = 0;
function loadOptions() {
  const mine = ++optionsAsked;
  return fetch(CFG.api + "/options", {headers: {"X-Companion-Token": CFG.token}, cache: "no-store"})
    .then((r) => r.json()).then((o) => {
      if (mine !== optionsAsked) return;  // a newer request is on its way: never show stale buttons
      const body = $("entry-body");
      if (body && String(o.seq) === body.dataset.seq) return;  // same state (a reconnect): keep the taps made so far
      options = o;
      (o.deck || []).forEach((g) => g.cards.forEach((c) => { CARD_CACHE[c.code] = c; }));
      renderEntry();
      $("entry-body").dataset.seq = o.seq;  // which state the buttons belong to (tests wait on it)
    });
}

// The tablet handed round for sealed bids: one player at a time, the amount masked and cleared.
let bidFor = null;
function openBid(name) {
  bidFor = name;
  $("bid-cover").hidden = false;
  $("bid-who").textContent = fmt(S.pass_to, {name});
  $("bid-me").textContent = name + " \u2192";
  $("bid-start").hidden = false; $("bid-ask").hidden = true; $("bid-done").hidden = true;
  $("bid-amount").value = ""; $("bid-msg").textContent = "";
}
function closeBid() { bidFor = null; $("bid-amount").value = ""; $("bid-cover").hidden = true; }
function sealFromTablet() {
  const text = $("bid-amount").value.trim();
  if (!/^\d+$/.test(text)) { $("bid-msg").textContent = S.bad_number; return; }
  api("/bid", {player: bidFor, bid: Number(text)}).then((res) => {
    $("bid-amount").value = "";
    if (!res.ok) { $("bid-msg").textContent = res.data.error.message; return; }
    $("bid-ask").hidden = true; $("bid-done").hidden = false;
    $("bid-who").textContent = fmt(S.sealed_for, {name: bidFor});  // no longer "Pass the tablet to …" above it
    $("bid-done-text").textContent = S.pass_on;
    refresh();
  });
}

// --- the phone ---------------------------------------------------------------------

function renderMe(me) {
  const tokens = $("me-tokens");
  tokens.textContent = "";
  tokens.appendChild(el("span", {class: "total"}, me.tokens.worth));
  tokens.appendChild(el("span", {class: "unit"}, S.tokens + " (" + me.tokens.blue + " " + S.blue_token + " + " + me.tokens.black + " " + S.black_tokens + ")"));
  $("bid-form").hidden = !me.bidding;
  const msg = $("bid-msg");
  if (!me.bidding) { myBid = null; say(msg, S.not_bidding, true); return; }
  if (me.sealed) say(msg, S.your_bid_sealed + (myBid !== null ? " " + fmt(S.you_typed, {n: myBid}) : ""), true);
  else if (!msg.classList.contains("bad")) msg.textContent = "";
}

function sealFromPhone() {
  const text = $("bid-amount").value.trim();
  if (!/^\d+$/.test(text)) { say($("bid-msg"), S.bad_number, false); return; }
  api("/bid", {player: CFG.player, bid: Number(text), k: CFG.k}).then((res) => {
    $("bid-amount").value = "";
    if (!res.ok) { say($("bid-msg"), res.data.error.message, false); return; }
    myBid = Number(text);
    say($("bid-msg"), S.your_bid_sealed + " " + fmt(S.you_typed, {n: myBid}), true);
    refresh();
  });
}

// --- live updates -----------------------------------------------------------------

let shownSeq = -1;
function show(body) {
  if (body.seq < shownSeq) return;  // an older answer arriving late
  shownSeq = body.seq;
  board = body.board;
  renderStatus(board);
  renderRow(board);
  renderRoll(board);
  undoNote(board, "undo-go");
  if (TABLE) renderPlayers(board); else renderScores(board);
  renderHistory(board);
  renderDice(body.dice, board);
  if (body.me) renderMe(body.me);
  if (TABLE && CFG.token) loadOptions();
  drawn(body.seq);
}

function refresh() { return fetch(CFG.state, {cache: "no-store"}).then((r) => r.json()).then(show).catch(() => {}); }

function live(on) {
  const node = $("live");
  if (!node) return;
  node.className = "live " + (on ? "on" : "off");
  node.textContent = on ? S.online : S.offline;
}

const source = new EventSource(CFG.stream);
source.addEventListener("open", () => { live(true); refresh(); });
source.addEventListener("change", refresh);
source.addEventListener("error", () => live(false));

if (TABLE && CFG.token) {
  $("bid-me").addEventListener("click", () => { $("bid-start").hidden = true; $("bid-ask").hidden = false; $("bid-amount").focus(); });
  $("bid-seal").addEventListener("click", sealFromTablet);
  $("bid-amount").addEventListener("keydown", (e) => { if (e.key === "Enter") sealFromTablet(); });
  ["bid-cancel", "bid-cancel2", "bid-ok"].forEach((id) => $(id).addEventListener("click", closeBid));
  $("undo-go").addEventListener("click", () => api("/undo").then((res) => { say($("entry-msg"), res.ok ? (res.data.message || S.undone) : res.data.error.message, res.ok); refresh(); }));
}
if (!TABLE) {
  $("bid-seal").addEventListener("click", sealFromPhone);
  $("bid-amount").addEventListener("keydown", (e) => { if (e.key === "Enter") sealFromPhone(); });
}
refresh();
