// A player's private view: their own cards with the values on the backs; refreshed live.
"use strict";
const ME = document.getElementById("me-config").dataset;
const STRINGS = JSON.parse(document.getElementById("strings").textContent);

function show(body) {
  const me = body.me;
  const chips = document.getElementById("me-chips");
  chips.textContent = "";
  chips.appendChild(el("span", {class: "total"}, me.chips));
  chips.appendChild(el("span", {class: "unit"}, STRINGS.chips));
  chips.appendChild(chipStack(me.breakdown));
  const cards = document.getElementById("me-cards");
  cards.textContent = "";
  if (!me.cards.length) cards.appendChild(el("span", {class: "empty"}, STRINGS.empty));
  me.cards.forEach((c) => cards.appendChild(cardFace(c, STRINGS)));
  const sets = document.getElementById("me-sets");
  sets.textContent = "";
  if (!me.sets.length) sets.appendChild(el("li", {class: "empty"}, ME.none));
  me.sets.forEach((s) => {
    const li = el("li", {class: "set"});
    s.cards.forEach((c) => li.appendChild(cardFace(c, STRINGS)));
    li.appendChild(el("span", {class: "payout"}, "= " + s.payout));
    sets.appendChild(li);
  });
  document.getElementById("me-best").textContent = me.best_all ? ME.best + ": " + me.best_all : "";
}

function refresh() { fetch(ME.url, {cache: "no-store"}).then((r) => r.json()).then(show).catch(() => {}); }
const source = new EventSource(ME.stream);
source.addEventListener("open", refresh);
source.addEventListener("change", refresh);
refresh();
