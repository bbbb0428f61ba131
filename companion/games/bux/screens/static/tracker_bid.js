// Camera bid panel (game token holders, camera tracker on): the tracker saw the draw and
// whose spread the cards went to; the person at the tablet types only the price.
// Refreshed on every change the scoreboard hears and every few seconds; the server judges every bid.
"use strict";
(function () {
  const TRACKER_POLL_MS = 3000;
  const panel = document.getElementById("cam-bid");
  const winnerBox = document.getElementById("cam-bid-winner");
  const priceBox = document.getElementById("cam-bid-price");
  const check = document.getElementById("cam-bid-check");
  const msg = document.getElementById("cam-bid-msg");
  let bid = null;          // the waiting draw as /api/table describes it, or null
  let shownKey = null;     // which draw the form was filled for (keep the typed price across refreshes)
  let asked = 0;           // answers older than the newest request are dropped

  function players() {
    const board = window.BOARD.state && window.BOARD.state.board;
    return board ? board.players.map((p) => ({name: p.name, chips: p.chips})) : [];
  }

  function say(text, good) {
    msg.textContent = text || "";
    msg.className = "msg " + (good ? "good" : "bad");
  }

  function render() {
    panel.hidden = !bid;
    if (!bid) { shownKey = null; return; }
    const key = bid.drawer;  // the form keeps what was typed until this draw is settled
    document.getElementById("cam-bid-title").textContent =
      fmt(STRINGS.cam_bid_title, {name: bid.drawer, cards: plural(STRINGS.counts.cards, bid.cards)});
    document.getElementById("cam-bid-keep").hidden = !bid.can_keep;
    const chosen = key === shownKey ? winnerBox.value : (bid.winner_guess || "");
    clear(winnerBox);
    winnerBox.appendChild(el("option", {value: ""}, "\u2014"));
    for (const p of players()) {
      const seen = p.name === bid.winner_guess ? " " + STRINGS.cam_bid_winner_seen : "";
      winnerBox.appendChild(el("option", {value: p.name}, p.name + " (" + p.chips + ")" + seen));
    }
    winnerBox.value = chosen;
    if (key !== shownKey) { priceBox.value = ""; check.textContent = ""; say(""); }
    shownKey = key;
  }

  function checkPrice() {
    // The same early messages as the draw form; verify_bid on the server has the last word.
    // No winner chosen: the tracker records the draw once the cards lie in one spread.
    // A price is digits only, as the server reads it ("1e3" is refused, not taken for 1000).
    const TEXT = JSON.parse(document.getElementById("entry-strings").textContent);
    const winner = winnerBox.value;
    const raw = priceBox.value.trim();
    if (!raw) return (check.textContent = TEXT.price_missing, false);
    if (!/^\d+$/.test(raw)) return (check.textContent = TEXT.price_digits, false);
    const price = Number(raw);
    if (price < 5) return (check.textContent = fmt(TEXT.price_low, {n: 5}), false);
    if (price % 5) return (check.textContent = fmt(TEXT.price_multiple, {n: 5}), false);
    const p = players().find((x) => x.name === winner);
    if (p && price > p.chips) return (check.textContent = fmt(TEXT.price_over, {name: winner, chips: p.chips}), false);
    check.textContent = "";
    return true;
  }

  function load() {
    const mine = ++asked;
    return fetch(CONFIG.api + "/table", {cache: "no-store"})
      .then((r) => (r.ok ? r.json() : null))
      .then((body) => {
        if (!body || mine !== asked) return;
        bid = body.bid;
        render();
      })
      .catch(() => {});
  }

  function send(body) {
    return api("/bid", body).then((res) => {
      if (res.ok) {
        say(res.data.message || STRINGS.accepted, true);
        window.BOARD.refresh();
      } else {
        say((res.data.error && res.data.error.message) || "?", false);
      }
      return load();
    });
  }

  document.getElementById("cam-bid-go").addEventListener("click", () => {
    if (!checkPrice()) return;
    const body = {price: Number(priceBox.value.trim())};
    if (winnerBox.value && winnerBox.value !== bid.winner_guess) body.winner = winnerBox.value;
    send(body);
  });
  document.getElementById("cam-bid-pass").addEventListener("click", () => send({all_passed: true}));
  document.getElementById("cam-bid-keep").addEventListener("click", () => send({keep: true}));
  priceBox.addEventListener("input", checkPrice);
  winnerBox.addEventListener("change", checkPrice);
  priceBox.addEventListener("keydown", (e) => { if (e.key === "Enter") document.getElementById("cam-bid-go").click(); });

  window.BOARD.listeners.push(() => load());
  setInterval(load, TRACKER_POLL_MS);
  load();
})();
