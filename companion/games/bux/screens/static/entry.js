// Entry forms (game token holders only): draw & bid, sell, swap, broke, undo, attention, dice.
// The draw picker offers every suit, shape and value of the deck (never what is left in the draw deck:
// that would name the values in the spreads); the sell and swap pickers offer what the server lists as legal.
// The server judges every entry anyway.
"use strict";
const TOKEN = CONFIG.token;
const TEXT = JSON.parse(document.getElementById("entry-strings").textContent);  // this form's own sentences
let OPTIONS = null;
let drawPicked = [];      // in the order turned over: {suit, shape, value} or {timer: code, label}
let pick = {suit: null, shape: null, value: null};  // the card being named
let sellPicked = [];      // handles being grouped into the next set
let sellSets = [];        // [[h,h,h], ...]
let swapGive = null, swapTake = null, swapFrom = null;
let correcting = null;    // attention id being corrected
let formSeq = null;       // the seq of the game the forms' choices were begun on: sent as the screen's seen seq
const CORRECT_TEXT = document.getElementById("correcting").dataset;  // the correction's words, translated by the page

function api(path, body, seq) {
  // `seq`: the game the entry was chosen on. Another device's move since then makes it stale (409, said below).
  const headers = {"Content-Type": "application/json", "X-Companion-Token": TOKEN};
  if (seq !== undefined && seq !== null) headers["X-Seen-Seq"] = String(seq);
  return companionAnswer(fetch(CONFIG.api + path, {method: "POST", headers, body: JSON.stringify(body || {})}));
}

function formEmpty() {
  return !drawPicked.length && !sellPicked.length && !sellSets.length && swapGive === null && swapTake === null
    && !correcting && !document.getElementById("bid-price").value && !document.getElementById("bid-winner").value;
}

function say(text, good) {
  const msg = document.getElementById("entry-msg");
  msg.textContent = text;
  msg.className = "msg " + (good ? "good" : "bad");
}

function answer(res) {
  if (res.ok) {
    say(res.data.message || TEXT.accepted, true);
    resetForms();
    window.BOARD.refresh();
  } else {
    say((res.data.error && res.data.error.message) || "?", false);
    if (res.status === 409) {
      // Stale: the sentence says what was entered meanwhile; the forms start again on the game as it is now.
      endCorrection();
      resetForms();
      window.BOARD.refresh();
    }
  }
  return res;
}

function sendMove(line) {
  const body = {line};
  if (correcting) body.attention = correcting;
  return api("/move", body, formSeq).then(answer).then((res) => { if (res.ok) endCorrection(); });
}

function showTab(name) {
  document.querySelectorAll(".tab").forEach((t) => {
    t.classList.toggle("on", t.dataset.tab === name);
    t.setAttribute("aria-selected", String(t.dataset.tab === name));
  });
  document.querySelectorAll(".tab-body").forEach((b) => { b.hidden = b.dataset.body !== name; });
}

function markCorrecting() {
  document.querySelectorAll("#attention .att").forEach((row) => row.classList.toggle("fixing", row.dataset.id === correcting));
}

function endCorrection() {
  correcting = null;
  document.getElementById("correcting").hidden = true;
  document.querySelectorAll("#entry .suggest").forEach((b) => b.classList.remove("suggest"));
  markCorrecting();
}

function startCorrection(id) {
  // "Correct": open the matching form filled with the proposal, so only the wrong field needs changing.
  fetch(CONFIG.api + "/attention/" + encodeURIComponent(id), {headers: {"X-Companion-Token": TOKEN}, cache: "no-store"})
    .then((r) => r.json().then((data) => ({ok: r.ok, data})))
    .then((res) => {
      if (!res.ok) return say((res.data.error && res.data.error.message) || "?", false);
      return loadOptions().then(() => prefill(res.data));
    })
    .catch(() => say(TEXT.offline, false));
}

function prefill(item) {
  if (!OPTIONS) return;
  resetForms();
  endCorrection();
  correcting = item.id;
  const notes = [];
  let tab = "draw";
  let suggest = null;
  if (item.player && OPTIONS.player && item.player !== OPTIONS.player) notes.push(fmt(CORRECT_TEXT.turn, {name: item.player, turn: OPTIONS.player}));
  if (item.type === "draw") {
    // The server sends only cards still in the draw deck, by face and value as the entrant would name them.
    drawPicked = item.cards.map((c) => (typeof c === "string" ? timerItem(c) : {suit: c.suit, shape: c.shape, value: c.value})).filter(Boolean);
    if (item.settle === "bid") {
      document.getElementById("bid-winner").value = item.winner || "";
      document.getElementById("bid-price").value = item.price === null || item.price === undefined ? "" : item.price;
    }
    suggest = {bid: "draw-bid", pass: "draw-pass", keep: "draw-keep", end: "draw-end"}[item.settle];
  } else if (item.type === "sell") {
    tab = "sell";
    const inSpread = new Set(OPTIONS.spread.map((f) => f.h));
    for (const set of item.sets) {
      const here = set.filter((h) => inSpread.has(h));
      if (here.length === 3 && isSet(here)) sellSets.push(here);
      else if (!sellPicked.length) sellPicked = here.slice(0, 3);
    }
    suggest = "sell-go";
  } else if (item.type === "swap") {
    tab = "swap";
    if (OPTIONS.swap_give.some((f) => f.h === item.give)) swapGive = item.give;
    const group = OPTIONS.swap_take.find((g) => g.from === item.from);
    if (group && group.cards.some((f) => f.h === item.take)) { swapTake = item.take; swapFrom = item.from; }
    suggest = "swap-go";
  } else if (item.type === "broke") {
    tab = "other";
    suggest = "broke-go";
  } else if (item.players.length) {
    // No move proposed (e.g. a card vanished): open the forms with the named player chosen.
    document.getElementById("bid-winner").value = item.players[0];
  }
  if (item.dropped) notes.push(CORRECT_TEXT.dropped);
  drawOptions();
  if (item.type === "draw" && item.settle === "bid") checkBid();
  showTab(tab);
  if (suggest) document.getElementById(suggest).classList.add("suggest");
  document.getElementById("correcting-what").textContent = item.proposal || item.message;
  document.getElementById("correcting-note").textContent = notes.join(" ");
  document.getElementById("correcting").hidden = false;
  say("", true);
  markCorrecting();
  document.getElementById("entry").scrollIntoView({block: "start"});
}

function resetForms() {
  drawPicked = []; sellPicked = []; sellSets = []; swapGive = swapTake = swapFrom = null;
  pick = {suit: null, shape: null, value: null};
  document.getElementById("bid-price").value = "";
  document.getElementById("bid-winner").value = "";
  document.getElementById("bid-check").textContent = "";
  if (OPTIONS) formSeq = OPTIONS.seq;
  drawOptions();
}

function faceButton(face, selected, onTap) {
  const b = el("button", {type: "button", class: "pick" + (selected ? " on" : "")});
  b.appendChild(cardFace(face, STRINGS));
  b.addEventListener("click", onTap);
  return b;
}

function drawOptions() {
  if (!OPTIONS) return;
  document.getElementById("entry-player").textContent = OPTIONS.player ? "\u2014 " + OPTIONS.player : "";
  drawPicker();
  const winner = document.getElementById("bid-winner");
  const keep = winner.value;
  clear(winner);
  winner.appendChild(el("option", {value: ""}, "\u2014"));
  for (const p of OPTIONS.players) winner.appendChild(el("option", {value: p.name}, p.name + " (" + p.chips + ")"));
  winner.value = keep;
  // The third BUX card of a deck ends the draw unsettled; until one is named, only the settlements show.
  const ends = endsDeck();
  document.getElementById("draw-end").hidden = !ends;
  document.getElementById("draw-bid").hidden = ends;
  document.getElementById("draw-pass").hidden = ends;
  document.getElementById("draw-keep").hidden = ends || !OPTIONS.can_keep;
  document.querySelector("[data-body='draw'] .settle-fields").hidden = ends;
  // Sell picker.
  const spread = document.getElementById("sell-spread");
  clear(spread);
  // Cards that left the spread (a move, a turn change) leave the sell form too.
  const inSpread = (h) => OPTIONS.spread.some((f) => f.h === h);
  sellPicked = sellPicked.filter(inSpread);
  sellSets = sellSets.filter((s) => s.every(inSpread));
  const used = sellSets.flat();
  for (const f of OPTIONS.spread) {
    if (used.includes(f.h)) continue;
    spread.appendChild(faceButton(f, sellPicked.includes(f.h), () => toggleSell(f.h)));
  }
  const sets = document.getElementById("sell-sets");
  clear(sets);
  for (const s of sellSets) {
    // Tapping a set takes it apart again (a proposed grouping may be wrong).
    const row = el("button", {type: "button", class: "set", title: CORRECT_TEXT.removeSet, "aria-label": CORRECT_TEXT.removeSet});
    s.forEach((h) => row.appendChild(cardFace(OPTIONS.spread.find((f) => f.h === h), STRINGS)));
    row.appendChild(el("span", {class: "set-x", "aria-hidden": "true"}, "\u00d7"));
    row.addEventListener("click", () => { sellSets = sellSets.filter((x) => x !== s); drawOptions(); });
    sets.appendChild(row);
  }
  // Swap pickers.
  const give = document.getElementById("swap-give");
  clear(give);
  for (const f of OPTIONS.swap_give) give.appendChild(faceButton(f, swapGive === f.h, () => { swapGive = f.h; drawOptions(); }));
  const take = document.getElementById("swap-take");
  clear(take);
  for (const group of OPTIONS.swap_take) {
    const row = el("div", {class: "from"});
    row.appendChild(el("span", {class: "from-name"}, group.from));
    for (const f of group.cards) row.appendChild(faceButton(f, swapTake === f.h, () => { swapTake = f.h; swapFrom = group.from; drawOptions(); }));
    take.appendChild(row);
  }
  document.getElementById("broke-go").disabled = !OPTIONS.can_broke;
}

function timerItem(code) {
  const timer = OPTIONS.timers.find((t) => t.code === code);
  return timer ? {timer: timer.code, label: timer.label} : null;
}

function describeItem(item) {
  if (item.timer) return "BUX " + item.label;
  return SUIT_GLYPH[item.suit] + " " + (STRINGS.shapes[item.shape] || item.shape) + " " + item.value;
}

function sameCard(a, b) {
  return a.timer ? a.timer === b.timer : (!b.timer && a.suit === b.suit && a.shape === b.shape && a.value === b.value);
}

function endsDeck() {
  // Public counts only: timer cards already out this deck plus those named in this draw. As the engine reads the
  // game's house rules: timer-order=printed ends the deck on the card printed 3, and under last-draw=finished the
  // draw that ends the last deck is still bid on once it has playing cards.
  const named = drawPicked.filter((c) => c.timer);
  const ends = OPTIONS.timer_order === "printed" ? named.some((c) => c.label === 3)
    : OPTIONS.timers_out + named.length >= OPTIONS.timers_per_deck;
  return ends && !(OPTIONS.last_draw_finished && drawPicked.some((c) => !c.timer));
}

function choice(label, on, onTap, attrs) {
  const b = el("button", {type: "button", class: "choice" + (on ? " on" : ""), "aria-pressed": on ? "true" : "false", ...(attrs || {})});
  if (typeof label === "string") b.textContent = label; else b.appendChild(label);
  b.addEventListener("click", onTap);
  return b;
}

function shapeIcon(shape) {
  const pic = svg("svg", {viewBox: "8 18 32 32", width: 30, height: 30, "aria-hidden": "true"});
  pic.appendChild(shapePath(shape, "currentColor"));
  return pic;
}

function drawPicker() {
  // Suit, shape and value of the card in hand, then Add card; all of the deck's values, whatever is left.
  const suits = document.getElementById("pick-suit");
  clear(suits);
  for (const suit of OPTIONS.suits) {
    const b = choice(SUIT_GLYPH[suit], pick.suit === suit, () => { pick.suit = pick.suit === suit ? null : suit; drawOptions(); },
      {"aria-label": STRINGS.suits[suit] || suit, title: STRINGS.suits[suit] || suit, "data-suit": suit});
    if (RED[suit]) b.classList.add("red");
    suits.appendChild(b);
  }
  const shapes = document.getElementById("pick-shape");
  clear(shapes);
  for (const shape of OPTIONS.shapes) {
    shapes.appendChild(choice(shapeIcon(shape), pick.shape === shape, () => { pick.shape = pick.shape === shape ? null : shape; drawOptions(); },
      {"aria-label": STRINGS.shapes[shape] || shape, title: STRINGS.shapes[shape] || shape, "data-shape": shape}));
  }
  const values = document.getElementById("pick-value");
  clear(values);
  for (const value of OPTIONS.values) {
    values.appendChild(choice(String(value), pick.value === value, () => { pick.value = pick.value === value ? null : value; drawOptions(); },
      {"data-value": value}));
  }
  const timers = document.getElementById("draw-timers");
  clear(timers);
  const out = (window.BOARD.state && window.BOARD.state.board && window.BOARD.state.board.timers_out) || [];
  const gone = [];
  for (const t of OPTIONS.timers) {
    const item = {timer: t.code, label: t.label};
    // A BUX card set aside earlier this deck cannot turn up: no greyed button (it read as broken), a line saying so.
    if (out.includes(t.label)) { gone.push(t); continue; }
    const picked = drawPicked.some((c) => sameCard(c, item));
    const b = choice("BUX " + t.label, picked, () => addCard(item), {"data-timer": t.code});
    b.classList.add("timer-choice");
    timers.appendChild(b);
  }
  for (const t of gone) {
    timers.appendChild(el("span", {class: "timer-out", "data-timer": t.code, title: TEXT.timer_out_why},
      fmt(TEXT.timer_out, {card: "BUX " + t.label})));
  }
  const picked = document.getElementById("draw-picked");
  clear(picked);
  if (!drawPicked.length) picked.appendChild(el("span", {class: "empty"}, TEXT.instructions));
  drawPicked.forEach((item, i) => {
    const text = describeItem(item);
    const row = el("span", {class: "picked-card" + (item.timer ? " is-timer" : "")});
    row.appendChild(el("span", {class: "seqno"}, (i + 1) + ". " + text));
    const x = el("button", {type: "button", class: "unpick", "aria-label": fmt(TEXT.remove, {card: text}), title: fmt(TEXT.remove, {card: text})}, "\u00d7");
    x.addEventListener("click", () => { drawPicked.splice(i, 1); drawOptions(); });
    row.appendChild(x);
    picked.appendChild(row);
  });
}

function addCard(item) {
  if (!item) {
    const missing = ["suit", "shape", "value"].filter((k) => pick[k] === null).map((k) => TEXT[k]);
    if (missing.length) return say(fmt(TEXT.pick_missing, {what: missing.join(", ")}), false);
    item = {suit: pick.suit, shape: pick.shape, value: pick.value};
  }
  if (drawPicked.some((c) => sameCard(c, item))) return say(fmt(TEXT.twice, {card: describeItem(item)}), false);
  if (!item.timer && drawPicked.filter((c) => !c.timer).length >= 3) return say(TEXT.three, false);
  drawPicked.push(item);
  if (!item.timer) pick = {suit: null, shape: null, value: null};
  say("", true);
  drawOptions();
}

function drawnCards() {
  return drawPicked.map((c) => (c.timer ? c.timer : {suit: c.suit, shape: c.shape, value: c.value}));
}

function toggleSell(h) {
  const i = sellPicked.indexOf(h);
  if (i >= 0) sellPicked.splice(i, 1); else if (sellPicked.length < 3) sellPicked.push(h);
  drawOptions();
}

function isSet(hs) {
  const key = [...hs].sort().join();
  return OPTIONS.sell_sets.some((s) => [...s].sort().join() === key);
}

function checkBid() {
  // Early, friendly sentences; the server's verify_bid has the last word and reads the price the same way:
  // digits only make a number (so "1e3" or "55.0" is refused here and there alike).
  const winner = document.getElementById("bid-winner").value;
  const raw = document.getElementById("bid-price").value.trim();
  const out = document.getElementById("bid-check");
  if (!winner) return (out.textContent = TEXT.winner_missing, false);
  if (!raw) return (out.textContent = TEXT.price_missing, false);
  if (!/^\d+$/.test(raw)) return (out.textContent = TEXT.price_digits, false);
  const price = Number(raw);
  if (price < OPTIONS.bid_multiple) return (out.textContent = fmt(TEXT.price_low, {n: OPTIONS.bid_multiple}), false);
  if (price % OPTIONS.bid_multiple) return (out.textContent = fmt(TEXT.price_multiple, {n: OPTIONS.bid_multiple}), false);
  const p = OPTIONS.players.find((x) => x.name === winner);
  if (p && price > p.chips) return (out.textContent = fmt(TEXT.price_over, {name: winner, chips: p.chips}), false);
  out.textContent = "";
  return true;
}

function loadOptions() {
  return fetch(CONFIG.api + "/options", {headers: {"X-Companion-Token": TOKEN}, cache: "no-store"})
    .then((r) => (r.ok ? r.json() : null))
    .then((o) => {
      if (!o) return;
      // Choices begun on an older game keep its seq: sent, they are refused as stale, never entered for the wrong turn.
      if (formSeq === null || formEmpty()) formSeq = o.seq;
      OPTIONS = o;
      drawOptions();
    });
}

function wire() {
  document.querySelectorAll(".tab").forEach((tab) => tab.addEventListener("click", () => showTab(tab.dataset.tab)));
  document.getElementById("correcting-cancel").addEventListener("click", () => { endCorrection(); resetForms(); say("", true); });
  const player = () => OPTIONS && OPTIONS.player;
  // The price's mistakes are said once: under Price while typing, at the buttons (and not twice) on a tap.
  const recheck = () => { say("", true); checkBid(); };
  document.getElementById("bid-price").addEventListener("input", recheck);
  document.getElementById("bid-winner").addEventListener("change", recheck);
  document.getElementById("draw-add").addEventListener("click", () => addCard(null));
  const drawn = (settle) => {
    if (!drawPicked.length) return say(TEXT.cards_missing, false);
    sendMove({type: "draw", player: player(), cards: drawnCards(), ...settle});
  };
  document.getElementById("draw-bid").addEventListener("click", () => {
    // One sentence per mistake: what the page already knows is wrong is said here and not sent.
    if (!drawPicked.length) return say(TEXT.cards_missing, false);
    if (!checkBid()) {
      const check = document.getElementById("bid-check");
      const text = check.textContent;
      check.textContent = "";
      return say(text, false);
    }
    const raw = document.getElementById("bid-price").value.trim();
    drawn({winner: document.getElementById("bid-winner").value, price: Number(raw)});
  });
  document.getElementById("draw-pass").addEventListener("click", () => drawn({winner: null}));
  document.getElementById("draw-keep").addEventListener("click", () => drawn({keep: true}));
  document.getElementById("draw-end").addEventListener("click", () => drawn({}));
  document.getElementById("draw-clear").addEventListener("click", () => { resetForms(); say("", true); });
  document.getElementById("sell-add").addEventListener("click", () => {
    if (sellPicked.length !== 3) return say(TEXT.pick3, false);
    if (!isSet(sellPicked)) return say(TEXT.not_a_set, false);
    sellSets.push(sellPicked); sellPicked = []; say(TEXT.set_added, true); drawOptions();
  });
  document.getElementById("sell-go").addEventListener("click", () => {
    const sets = sellSets.slice();
    if (sellPicked.length === 3) sets.push(sellPicked);
    sendMove({type: "sell", player: player(), sets});
  });
  document.getElementById("swap-go").addEventListener("click", () => sendMove({type: "swap", player: player(), give: swapGive, take: swapTake, from: swapFrom}));
  document.getElementById("broke-go").addEventListener("click", () => sendMove({type: "broke", player: player()}));
  document.getElementById("undo-go").addEventListener("click", () => api("/undo").then((res) => {
    if (res.ok) { say(res.data.message || TEXT.undone, true); resetForms(); window.BOARD.refresh(); } else say(res.data.error.message, false);
  }));
  document.getElementById("attention").addEventListener("click", (e) => {
    const how = e.target.dataset && e.target.dataset.att;
    if (!how) return;
    const id = e.target.closest(".att").dataset.id;
    if (how === "correct") { startCorrection(id); return; }
    api("/attention/" + id, {how}).then(answer);
  });
  document.querySelectorAll("[data-roll]").forEach((b) => b.addEventListener("click", () => roll(b.dataset.roll)));
  document.getElementById("dice-custom-go").addEventListener("click", () => roll(document.getElementById("dice-custom").value));
  document.getElementById("dice-typed-go").addEventListener("click", () => {
    const values = document.getElementById("dice-typed").value.split(/[\s,]+/).filter(Boolean).map((v) => (/^\d+$/.test(v) ? Number(v) : v));
    api("/dice/physical", {values, sides: 6}).then(diceAnswer);
  });
}

function diceAnswer(res) {
  if (res.ok) window.BOARD.refresh(); else say((res.data.error && res.data.error.message) || "?", false);
}

function roll(dice) { api("/dice/roll", {dice}).then(diceAnswer); }

function onState(body) {
  // An item resolved elsewhere (camera cleared it, another tablet) ends its correction here.
  const open = ((body.board && body.board.attention) || []).map((a) => a.id);
  if (correcting && !open.includes(correcting)) endCorrection();
  markCorrecting();
  loadOptions();
}

window.BOARD.listeners.push(onState);
wire();
// The board may have drawn its first state while this script was still loading: catch up with it.
if (window.BOARD.state) onState(window.BOARD.state);
