// Club index: one card per table's game, redrawn from /club/tables.json whenever the club's one event stream
// says any table changed (companion/web/club.py). Cards are built with textContent only: a table label or a
// player's name typed at a table is text, never markup.
"use strict";
(function () {
  const CFG = document.getElementById("club-config").dataset;
  const box = document.getElementById("tables");
  const none = document.getElementById("no-tables");
  const live = document.getElementById("live");
  let asked = 0;

  function el(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function status(t) {
    if (!t.readable) return CFG.unreadable;
    if (t.over) return t.winners.length ? CFG.over + " · " + CFG.won + ": " + t.winners.join(", ") : CFG.over;
    if (t.turn) return CFG.turn.replace("{name}", t.turn);
    return CFG.playing;
  }

  function card(t) {
    const art = el("article", "table-card panel" + (t.over ? " over" : "") + (t.damaged ? " damaged" : ""));
    art.dataset.game = t.game_id;
    const head = el("header", "table-head");
    head.append(el("h2", "table-label" + (t.table ? "" : " unnamed"), t.table || CFG.noTable));
    head.append(el("span", "table-type", t.title));
    art.append(head);
    const st = el("p", "table-status", status(t));
    if (t.damaged) st.append(el("span", "table-damaged", " · " + CFG.damaged));
    art.append(st);
    if (t.players.length) {
      const list = el("ol", "table-players");
      for (const p of t.players) {
        const li = el("li", "table-player" + (p.turn ? " turn" : "") + (p.winner ? " won" : ""));
        li.append(el("span", "who", p.name));
        if (p.score !== null && p.score !== undefined) li.append(el("span", "score", p.score));
        list.append(li);
      }
      art.append(list);
      if (t.score_label) art.append(el("p", "fine score-label", t.score_label));
    }
    const links = el("p", "table-links");
    const wall = el("a", "button", CFG.wall);
    wall.href = t.wall;
    links.append(wall);
    if (t.host) {
      const host = el("a", "button host-link", CFG.host);
      host.href = t.host;
      links.append(host);
    }
    art.append(links);
    art.append(el("p", "fine table-when", t.created + " · " + t.game_id));
    return art;
  }

  function draw() {
    const mine = ++asked;
    return fetch(CFG.tables, {cache: "no-store"})
      .then((r) => (r.ok ? r.json() : Promise.reject(r.status)))
      .then((data) => {
        if (mine !== asked) return;  // a newer answer is on its way
        box.replaceChildren(...data.tables.map(card));
        none.hidden = data.tables.length > 0;
        box.dataset.drawn = String(mine);
      })
      .catch(() => {});
  }

  function connect() {
    const source = new EventSource(CFG.stream);
    source.addEventListener("open", () => { live.textContent = CFG.live; live.className = "live on"; });
    source.addEventListener("change", draw);
    source.addEventListener("error", () => { live.textContent = CFG.offline; live.className = "live off"; });
  }

  const form = document.getElementById("new-game");
  if (form) {
    const msg = document.getElementById("new-msg");
    const started = document.getElementById("new-started");
    document.getElementById("new-done").addEventListener("click", () => {  // the dealer's note leaves the page
      document.getElementById("dealer-note").textContent = "";
      started.hidden = true;
    });
    // Each game's house rules (a select per rule, its default chosen) show only while that game is chosen.
    const ruleSets = () => Array.from(form.querySelectorAll("fieldset.house-rules"));
    const showRules = () => ruleSets().forEach((set) => { set.hidden = set.dataset.game !== form.game.value; });
    form.game.addEventListener("change", showRules);
    showRules();
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      msg.textContent = "";
      const rules = {};
      for (const set of ruleSets().filter((s) => !s.hidden)) {
        for (const select of set.querySelectorAll("select")) rules[select.dataset.rule] = select.value;
      }
      const body = {game: form.game.value, table: form.table.value, players: form.players.value, rules};
      const button = document.getElementById("new-go");
      button.disabled = true;
      fetch(CFG.new, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)})
        .then((r) => r.json().then((data) => ({ok: r.ok, data})))
        .then(({ok, data}) => {
          if (!ok) { msg.textContent = (data.error && data.error.message) || CFG.failed; return; }
          form.table.value = "";
          form.players.value = "";
          document.getElementById("new-host").href = data.host;
          document.getElementById("dealer-note").textContent = (data.dealer_note || []).join("\n");
          document.getElementById("dealer").hidden = !(data.dealer_note || []).length;
          started.hidden = false;
          draw();
        })
        .catch(() => { msg.textContent = CFG.failed; })
        .finally(() => { button.disabled = false; });
    });
  }

  draw();
  connect();
})();
