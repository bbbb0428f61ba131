// A player's private view: their own cards with the values on the backs; refreshed live.
"use strict";
const ME = document.getElementById("me-config").dataset;
const STRINGS = JSON.parse(document.getElementById("strings").textContent);

function ownCard(c) {
  // The value on the back, and the tag the shared screens print beside this card (to find it there).
  const card = cardFace(c, STRINGS);
  card.appendChild(el("span", {class: "tag"}, c.tag));
  return card;
}

function show(body) {
  const me = body.me;
  const chips = document.getElementById("me-chips");
  chips.textContent = "";
  chips.appendChild(el("span", {class: "total"}, me.chips));
  chips.appendChild(el("span", {class: "unit"}, STRINGS.chips));
  const cards = document.getElementById("me-cards");
  cards.textContent = "";
  if (!me.cards.length) cards.appendChild(el("span", {class: "empty"}, STRINGS.empty));
  me.cards.forEach((c) => cards.appendChild(ownCard(c)));
  const sets = document.getElementById("me-sets");
  sets.textContent = "";
  if (!me.sets.length) sets.appendChild(el("li", {class: "empty"}, ME.none));
  me.sets.forEach((s) => {
    const li = el("li", {class: "set"});
    s.cards.forEach((c) => li.appendChild(ownCard(c)));
    li.appendChild(el("span", {class: "payout"}, "= " + s.payout));
    sets.appendChild(li);
  });
  document.getElementById("me-best").textContent = me.best_all ? ME.best + ": " + me.best_all : "";
  drawn(body.seq);
}

function refresh() { fetch(ME.url, {cache: "no-store"}).then((r) => r.json()).then(show).catch(() => {}); }
const source = new EventSource(ME.stream);
source.addEventListener("open", refresh);
source.addEventListener("change", refresh);
refresh();
