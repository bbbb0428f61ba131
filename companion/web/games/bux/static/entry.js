// Entry forms (game token holders only): draw & bid, sell, swap, broke, undo, attention, dice.
// Pickers offer only what the server lists as legal; the server judges every entry anyway.
"use strict";
const TOKEN = CONFIG.token;
let OPTIONS = null;
let drawPicked = [];      // card codes / timer codes in the order turned over
let sellPicked = [];      // handles being grouped into the next set
let sellSets = [];        // [[h,h,h], ...]
let swapGive = null, swapTake = null, swapFrom = null;
let correcting = null;    // attention id being corrected
const CORRECT_TEXT = document.getElementById("correcting").dataset;  // the correction's words, translated by the page

function api(path, body) {
  return fetch(CONFIG.api + path, {
    method: "POST",
    headers: {"Content-Type": "application/json", "X-Companion-Token": TOKEN},
    body: JSON.stringify(body || {}),
  }).then((r) => r.json().catch(() => ({error: {message: r.statusText}})).then((data) => ({ok: r.ok, data})));
}

function say(text, good) {
  const msg = document.getElementById("entry-msg");
  msg.textContent = text;
  msg.className = "msg " + (good ? "good" : "bad");
}

function answer(res) {
  if (res.ok) {
    say(res.data.message || STRINGS.accepted, true);
    resetForms();
    window.BOARD.refresh();
  } else {
    say((res.data.error && res.data.error.message) || "?", false);
  }
  return res;
}

function sendMove(line) {
  const body = {line};
  if (correcting) body.attention = correcting;
  return api("/move", body).then(answer).then((res) => { if (res.ok) endCorrection(); });
}

function showTab(name) {
  document.querySelectorAll(".tab").forEach((t) => t.classList.toggle("on", t.dataset.tab === name));
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
    .catch(() => say(STRINGS.offline, false));
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
    const listed = new Set(OPTIONS.deck.flatMap((g) => g.cards.map((c) => c.code)).concat(OPTIONS.timers));
    drawPicked = item.cards.filter((c) => listed.has(c));
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
  // A draw's settle row (winner, price, buttons) is below the long deck picker: bring it into sight.
  const target = item.type === "draw" ? document.querySelector("[data-body='draw'] .settle") : document.getElementById("entry");
  target.scrollIntoView({block: item.type === "draw" ? "end" : "start"});
}

function resetForms() {
  drawPicked = []; sellPicked = []; sellSets = []; swapGive = swapTake = swapFrom = null;
  document.getElementById("bid-price").value = "";
  document.getElementById("bid-winner").value = "";
  document.getElementById("bid-check").textContent = "";
  drawOptions();
}

function faceButton(face, selected, onTap, extra) {
  const b = el("button", {type: "button", class: "pick" + (selected ? " on" : "")});
  b.appendChild(cardFace(face, STRINGS));
  if (extra) b.appendChild(el("span", {class: "pick-extra"}, extra));
  b.addEventListener("click", onTap);
  return b;
}

function drawOptions() {
  if (!OPTIONS) return;
  document.getElementById("entry-player").textContent = OPTIONS.player ? "\u2014 " + OPTIONS.player : "";
  // Draw picker: face groups, each with its remaining values (the operator sees the real cards).
  const deck = document.getElementById("draw-deck");
  clear(deck);
  for (const group of OPTIONS.deck) {
    for (const c of group.cards) {
      const pos = drawPicked.indexOf(c.code);
      deck.appendChild(faceButton({suit: group.suit, shape: group.shape, value: c.value}, pos >= 0, () => toggleDraw(c.code), pos >= 0 ? "#" + (pos + 1) : ""));
    }
  }
  const timers = document.getElementById("draw-timers");
  clear(timers);
  for (const code of OPTIONS.timers) {
    const pos = drawPicked.indexOf(code);
    timers.appendChild(faceButton({timer: code.split("-")[1]}, pos >= 0, () => toggleDraw(code), pos >= 0 ? "#" + (pos + 1) : ""));
  }
  const picked = document.getElementById("draw-picked");
  clear(picked);
  if (!drawPicked.length) picked.appendChild(el("span", {class: "empty"}, STRINGS.cards_missing));
  drawPicked.forEach((code, i) => picked.appendChild(el("span", {class: "seqno"}, (i + 1) + ". " + describeCode(code))));
  const winner = document.getElementById("bid-winner");
  const keep = winner.value;
  clear(winner);
  winner.appendChild(el("option", {value: ""}, "\u2014"));
  for (const p of OPTIONS.players) winner.appendChild(el("option", {value: p.name}, p.name + " (" + p.chips + ")"));
  winner.value = keep;
  document.getElementById("draw-keep").hidden = !OPTIONS.can_keep;
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

function describeCode(code) {
  if (code.startsWith("bux-")) return "BUX " + code.split("-")[1];
  const [suit, shape, value] = code.split("-");
  return SUIT_GLYPH[suit] + " " + (STRINGS.shapes[shape] || shape) + " " + value;
}

function toggleDraw(code) {
  const i = drawPicked.indexOf(code);
  if (i >= 0) drawPicked.splice(i, 1); else drawPicked.push(code);
  drawOptions();
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
  // Early, friendly messages; the server's verify_bid has the last word.
  const winner = document.getElementById("bid-winner").value;
  const raw = document.getElementById("bid-price").value.trim();
  const out = document.getElementById("bid-check");
  if (!winner) return (out.textContent = STRINGS.winner_missing, false);
  if (!raw) return (out.textContent = STRINGS.price_missing, false);
  const price = Number(raw);
  if (!Number.isInteger(price) || price % OPTIONS.bid_multiple) return (out.textContent = fmt(STRINGS.price_multiple, {n: OPTIONS.bid_multiple}), false);
  const p = OPTIONS.players.find((x) => x.name === winner);
  if (p && price > p.chips) return (out.textContent = fmt(STRINGS.price_over, {name: winner, chips: p.chips}), false);
  out.textContent = "";
  return true;
}

function loadOptions() {
  return fetch(CONFIG.api + "/options", {headers: {"X-Companion-Token": TOKEN}, cache: "no-store"})
    .then((r) => (r.ok ? r.json() : null))
    .then((o) => { if (o) { OPTIONS = o; drawOptions(); } });
}

function wire() {
  document.querySelectorAll(".tab").forEach((tab) => tab.addEventListener("click", () => showTab(tab.dataset.tab)));
  document.getElementById("correcting-cancel").addEventListener("click", () => { endCorrection(); resetForms(); say("", true); });
  const player = () => OPTIONS && OPTIONS.player;
  document.getElementById("bid-price").addEventListener("input", checkBid);
  document.getElementById("bid-winner").addEventListener("change", checkBid);
  document.getElementById("draw-bid").addEventListener("click", () => {
    if (!drawPicked.length) return say(STRINGS.cards_missing, false);
    const raw = document.getElementById("bid-price").value.trim();
    checkBid();
    sendMove({type: "draw", player: player(), cards: drawPicked, winner: document.getElementById("bid-winner").value || null, price: raw === "" ? null : (/^\d+$/.test(raw) ? Number(raw) : raw)})
  });
  document.getElementById("draw-pass").addEventListener("click", () => sendMove({type: "draw", player: player(), cards: drawPicked, winner: null}));
  document.getElementById("draw-keep").addEventListener("click", () => sendMove({type: "draw", player: player(), cards: drawPicked, keep: true}));
  document.getElementById("draw-end").addEventListener("click", () => sendMove({type: "draw", player: player(), cards: drawPicked}));
  document.getElementById("draw-clear").addEventListener("click", resetForms);
  document.getElementById("sell-add").addEventListener("click", () => {
    if (sellPicked.length !== 3) return say(STRINGS.pick3, false);
    if (!isSet(sellPicked)) return say(STRINGS.not_a_set, false);
    sellSets.push(sellPicked); sellPicked = []; say(STRINGS.set_added, true); drawOptions();
  });
  document.getElementById("sell-go").addEventListener("click", () => {
    const sets = sellSets.slice();
    if (sellPicked.length === 3) sets.push(sellPicked);
    sendMove({type: "sell", player: player(), sets});
  });
  document.getElementById("swap-go").addEventListener("click", () => sendMove({type: "swap", player: player(), give: swapGive, take: swapTake, from: swapFrom}));
  document.getElementById("broke-go").addEventListener("click", () => sendMove({type: "broke", player: player()}));
  document.getElementById("undo-go").addEventListener("click", () => api("/undo").then((res) => {
    if (res.ok) { say(STRINGS.undone, true); window.BOARD.refresh(); } else say(res.data.error.message, false);
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
  if (res.ok) window.BOARD.refresh(); else say(res.data.error.message, false);
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
