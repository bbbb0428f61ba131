// Cat auction screens: the shared table (sizes, stake, face-up middle; the tablet lays the lot) and a player's
// phone (own hand, every entry judged against it). Everything shown comes from the server's JSON; texts come translated.
"use strict";
const CFG = document.getElementById("config").dataset;
const S = JSON.parse(document.getElementById("strings").textContent);
const PHONE = CFG.mode === "phone";
let current = null;
let picked = {};      // label -> count, for the counter pickers

// el() and plural() come from the shared page.js.
function fmt(text, values) { return text.replace(/\{(\w+)\}/g, (m, k) => (k in values ? values[k] : m)); }
function byId(id) { return document.getElementById(id); }
function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); return node; }

function say(text, ok) {
  const msg = byId("entry-msg");
  if (!msg) return;
  msg.textContent = text || "";
  msg.className = "msg" + (ok ? " ok" : text ? " bad" : "");
}

function send(url, body) {
  return companionAnswer(fetch(url, {method: "POST", headers: {"Content-Type": "application/json", "X-Companion-Token": CFG.token},
                                     body: JSON.stringify(body)}))
    .then(({ok, status, data}) => {
      // A stale screen (409) is told what was entered meanwhile and redrawn on the game as it is.
      if (!ok) { say(data.error ? data.error.message : "?", false); if (status === 409) { picked = {}; refresh(); } return false; }
      say(data.message || S.accepted, true);
      picked = {};
      refresh();
      return true;
    })
    .catch(() => say(S.offline, false));
}

// --- shared parts ------------------------------------------------------------

function showStake(b) {
  byId("phase").textContent = b.phase_text;
  byId("stake").textContent = b.stake_state === "golden" ? "★" : b.stake;
  byId("stake-state").textContent = b.stake_name;
  byId("stake-state").className = "stake-state " + b.stake_state;
  byId("holder").textContent = b.holder ? S.holder + ": " + b.holder : "";
}

function showTable(b) {
  showStake(b);
  const middle = clear(byId("middle"));
  middle.appendChild(el("span", {class: "fine"}, b.middle.length ? S.middle : S.middle_empty));  // a bare card box read as a stray
  b.middle.forEach((c) => middle.appendChild(el("span", {class: "ccard " + (/^\d+$/.test(c.label) ? "num" : "cat")}, c.name.replace(/[«»]/g, ""))));
  const piles = clear(byId("piles"));
  const round = b.phase === "deal" ? S.dealing : b.decisive ? S.decisive : S.round + " " + b.round;
  const cards = (n) => plural(S.counts.cards, n);
  const title = el("span", {class: "pile round"}); title.appendChild(el("b", {}, round)); piles.appendChild(title);
  [[S.lot, b.lot_size ? plural(S.counts.face_down, b.lot_size) : cards(0)], [S.penalties, cards(b.penalty_count)], [S.bank, cards(b.bank_size)],
   [S.prize, cards(b.prize_size)], [S.discard, cards(b.discard_size)]].forEach(([k, v]) => {
    const p = el("span", {class: "pile"}); p.appendChild(el("b", {}, k + ":")); p.appendChild(document.createTextNode(" " + v)); piles.appendChild(p);
  });
  const list = clear(byId("players"));
  b.players.forEach((p) => {
    const li = el("li", {class: "seat" + (p.turn ? " turn" : "") + (p.out ? " out" : "") + (p.passed ? " passed" : "") + (p.winner ? " winner" : "")});
    li.appendChild(el("span", {class: "name"}, p.name));
    const backs = el("span", {class: "backs", "aria-hidden": "true"});  // a picture of the count said in words next to it
    for (let i = 0; i < Math.min(p.cards, 14); i++) backs.appendChild(el("span", {class: "back"}));
    li.appendChild(backs);
    li.appendChild(el("span", {class: "count"}, plural(S.counts.cards, p.cards)));
    const tags = [];
    if (p.turn) tags.push(S.to_move);
    if (p.holder) tags.push(S.holder);
    if (p.passed && !b.over) tags.push(S.passed);
    if (p.out) tags.push(S.out);
    if (p.winner) tags.push(S.winner);
    li.appendChild(el("span", {class: "tags"}, tags.join(" · ")));
    if (p.hand) {  // the game is over: hands are laid down, on a row of their own under the seat
      const shown = el("span", {class: "shown"});
      shown.appendChild(el("span", {class: "fine"}, p.hand.length ? S.hands_shown + ":" : S.hand_empty));
      p.hand.forEach((c) => shown.appendChild(el("span", {class: "ccard small " + (/^\d+$/.test(c) ? "num" : "cat")}, c.replace(/[«»]/g, ""))));
      li.appendChild(shown);
    }
    list.appendChild(li);
  });
  const hist = clear(byId("history"));
  if (!b.history.length) hist.appendChild(el("li", {class: "fine"}, S.no_moves));
  // Newest first, each numbered by its place in the game (the newest is not "1.").
  const total = b.history_total || b.history.length;
  b.history.forEach((h, i) => hist.appendChild(el("li", {value: total - i}, h)));
  if (byId("entry")) showTableEntry(b);
}

function counters(box, items, onChange) {
  // Rows of [name  − n +]; items: [{label, name, max}]
  clear(box);
  items.forEach((it) => {
    const row = el("div", {class: "counter-row"});
    row.appendChild(el("span", {class: "cname"}, it.name));
    const minus = el("button", {type: "button", class: "step", "aria-label": "−" + it.name}, "−");
    const n = el("span", {class: "cnum", "data-label": it.label}, picked[it.label] || 0);
    const plus = el("button", {type: "button", class: "step", "aria-label": "+" + it.name, "data-add": it.label}, "+");
    minus.addEventListener("click", () => { if (picked[it.label]) picked[it.label]--; n.textContent = picked[it.label] || 0; onChange(); });
    plus.addEventListener("click", () => {
      if ((picked[it.label] || 0) < it.max) picked[it.label] = (picked[it.label] || 0) + 1;
      n.textContent = picked[it.label] || 0; onChange();
    });
    row.appendChild(minus); row.appendChild(n); row.appendChild(plus);
    box.appendChild(row);
  });
}
function pickedList() { const out = []; for (const [k, v] of Object.entries(picked)) for (let i = 0; i < v; i++) out.push(k); return out; }
function pickedSum() { return pickedList().filter((x) => /^\d+$/.test(x)).reduce((a, x) => a + Number(x), 0); }

// --- the tablet ----------------------------------------------------------------

function showTableEntry(b) {
  // Offered only when a lot is due: a greyed green button read as broken, and the phase line says what is going on.
  byId("lot-go").hidden = !b.lot_phase;
  undoNote(b, "undo-go");
}

function wireTable() {
  if (!byId("entry")) return;
  byId("lot-go").addEventListener("click", () => send(CFG.move, {type: "lot"}));
  byId("undo-go").addEventListener("click", () => {
    companionAnswer(fetch(CFG.undo, {method: "POST", headers: {"X-Companion-Token": CFG.token}}))
      .then(({ok, data}) => { say(ok ? (data.message || S.undone) : data.error.message, ok); refresh(); });
  });
}

// --- the phone -----------------------------------------------------------------

// A phone's pick-the-cards entry (draw, reveal): counters for the cards it may hold, and a send button for a line of `type`.
function pickAndSend(type, box, items) {
  const picker = el("div", {class: "counters"}); box.appendChild(picker);
  counters(picker, items, () => {});
  const go = el("button", {type: "button", class: "big go", id: type + "-go"}, S.send);
  go.addEventListener("click", () => send(CFG.move, {type, cards: pickedList()}));
  box.appendChild(go);
}

function section(title, hint) {
  const box = el("div", {class: "action"});
  box.appendChild(el("h2", {}, title));
  if (hint) box.appendChild(el("p", {class: "hint"}, hint));
  byId("actions").appendChild(box);
  return box;
}

function showPhone(me) {
  showStake(me);
  const hand = clear(byId("hand"));
  hand.appendChild(el("h2", {}, S.my_hand));
  if (!me.hand.length) hand.appendChild(el("span", {class: "fine"}, S.empty));
  me.hand.forEach((c) => {
    const card = el("span", {class: "ccard " + (c.number ? "num" : "cat")}, c.name);
    if (c.count > 1) card.appendChild(el("b", {class: "times"}, "×" + c.count));
    hand.appendChild(card);
  });
  hand.appendChild(el("p", {class: "fine"}, S.sum + " " + me.hand_total));
  byId("peek").textContent = me.peek ? S.peek + " " + me.peek.join(", ") : (me.peeked_hidden ? S.peek_hidden : "");
  const key = JSON.stringify([me.phase, me.turn, me.stake, me.stake_state, me.hand, me.may, me.history.length, me.undo_count]);
  if (byId("actions").dataset.key === key) return;
  byId("actions").dataset.key = key;
  clear(byId("actions"));
  picked = {};
  const may = me.may || {};
  const numbers = me.labels.filter((l) => l.number);
  if (may.deal) {
    const cats = Number(CFG.dealCats), bank = Number(CFG.dealBank);
    const box = section(S.deal_title, CFG.dealHint);
    const items = numbers.map((l) => ({label: l.label, name: l.name, max: bank}))
      .concat(me.labels.filter((l) => !l.number && me.prize_pool.includes(l.label) && !["double", "golden", "frame-up"].includes(l.label))
              .map((l) => ({label: l.label, name: l.name, max: 2})));
    const picker = el("div", {class: "counters"}); box.appendChild(picker);
    const check = el("p", {class: "check"}); box.appendChild(check);
    counters(picker, items, () => {
      const list = pickedList();
      const nums = list.filter((x) => /^\d+$/.test(x)).length;
      check.textContent = fmt(S.deal_check, {a: nums, b: bank, c: list.length - nums, d: cats});
      // Red only while the counts are off: a complete hand reads as done, not as an error.
      check.classList.toggle("done", nums === bank && list.length - nums === cats);
    });
    const go = el("button", {type: "button", class: "big go", id: "deal-go"}, S.send);
    go.addEventListener("click", () => send(CFG.move, {type: "deal", cards: pickedList()}));
    box.appendChild(go);
    return;
  }
  if (may.draw) {
    pickAndSend("draw", section(S.draw_title, plural(S.counts.pick, may.draw)),
      numbers.filter((l) => me.bank_pool.includes(l.label)).map((l) => ({label: l.label, name: l.name, max: may.draw})));
    return;
  }
  if (may.reveal) {
    pickAndSend("reveal", section(S.reveal_title, plural(S.counts.took, may.reveal)),
      me.labels.filter((l) => !l.number && me.prize_pool.includes(l.label)).map((l) => ({label: l.label, name: l.name, max: 2})));
    return;
  }
  if (!("can_pass" in may)) {
    // The phase line above says what the table does next; this line says only that this phone has nothing to enter.
    const idle = me.phase === "over" ? S.game_over : me.phase === "lot" ? S.idle_lot : me.phase === "bidding" ? S.idle_turn : S.idle;
    byId("actions").appendChild(el("p", {class: "fine"}, idle));
    return;
  }
  byId("actions").appendChild(el("p", {class: "your-turn"}, S.your_turn));
  const held = {};
  me.hand.forEach((c) => { held[c.label] = c.count; });
  if (may.min_bid !== null) {
    const box = section(S.bid_title, fmt(S.least, {n: may.min_bid}));
    const picker = el("div", {class: "counters"}); box.appendChild(picker);
    const total = el("p", {class: "check"}); box.appendChild(total);
    counters(picker, numbers.filter((l) => held[l.label]).map((l) => ({label: l.label, name: l.name, max: held[l.label]})),
             () => { total.textContent = S.total + ": " + pickedSum(); });
    const go = el("button", {type: "button", class: "big go", id: "bid-go"}, S.bid);
    go.addEventListener("click", () => send(CFG.move, {type: "bid", cards: pickedList()}));
    box.appendChild(go);
  } else {
    byId("actions").appendChild(el("p", {class: "fine"}, S.golden_no_bid));
  }
  const play = section(S.play_title);
  if (!may.play.length) play.appendChild(el("p", {class: "fine"}, S.no_play));
  may.play.forEach((kind) => {
    const name = me.labels.find((l) => l.label === kind).name;
    const btn = el("button", {type: "button", class: "kind", "data-kind": kind}, name);
    play.appendChild(btn);
    if (kind === "random") {
      const sel = el("select", {"aria-label": S.turned});
      sel.appendChild(el("option", {value: ""}, S.which_turned));
      numbers.filter((l) => me.bank_pool.includes(l.label)).forEach((l) => sel.appendChild(el("option", {value: l.label}, l.name)));
      play.appendChild(sel);
      btn.addEventListener("click", () => { if (sel.value) send(CFG.move, {type: "play", card: kind, turned: sel.value}); else sel.focus(); });
    } else {
      btn.addEventListener("click", () => send(CFG.move, {type: "play", card: kind}));
    }
  });
  const pass = section(S.pass_title, S.penalty);
  const sel = el("select", {id: "penalty", "aria-label": S.penalty});
  sel.appendChild(el("option", {value: ""}, S.choose));
  me.hand.forEach((c) => sel.appendChild(el("option", {value: c.label}, c.name)));
  pass.appendChild(sel);
  const go = el("button", {type: "button", class: "big", id: "pass-go"}, S.pass);
  go.addEventListener("click", () => { if (sel.value) send(CFG.move, {type: "pass", card: sel.value}); else sel.focus(); });
  pass.appendChild(go);
}

// --- live updates ------------------------------------------------------------------

let shownSeq = -1;

function refresh() {
  const headers = PHONE ? {"X-Companion-Token": CFG.token} : {};
  fetch(CFG.state, {cache: "no-store", headers})
    .then((r) => r.json())
    .then((body) => {
      if (body.seq < shownSeq) return;  // an older answer arriving after a newer one
      shownSeq = body.seq;
      if (PHONE) { current = body.me; showPhone(body.me); } else { current = body.board; showTable(body.board); }
      drawn(body.seq);
    })
    .catch(() => {});
}

function live() {
  const badge = byId("live");
  const source = new EventSource(CFG.stream);
  source.addEventListener("open", () => { if (badge) { badge.textContent = S.online; badge.className = "live on"; } refresh(); });
  source.addEventListener("change", refresh);
  source.addEventListener("error", () => { if (badge) { badge.textContent = S.offline; badge.className = "live off"; } });
}

wireTable();
refresh();
live();
