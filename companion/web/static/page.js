// Helpers every game's page script shares: build elements, word a count, draw SVG, show the dice seed's proof.
// Names no game; a game's own drawing (cards, chips) lives in its screens package's static/ folder.
"use strict";
const SVGNS = "http://www.w3.org/2000/svg";

function el(tag, attrs, text) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v; else node.setAttribute(k, v);
  }
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

// "3 cards", «3 карты», «5 карт»: forms = {CLDR category: text with {n}} from the server (i18n.count_forms).
function plural(forms, n) {
  const category = new Intl.PluralRules(document.documentElement.lang || "en").select(n);
  return (forms[category] || forms.other || forms.many || Object.values(forms)[0] || "{n}").replace("{n}", n);
}

// The state this page now shows (its seq, on <body data-seq>): the browser tests wait on it rather than on a pause.
function drawn(seq) {
  document.body.dataset.seq = seq;
}

function svg(tag, attrs) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  return node;
}

// A dice seed (or its hash) is 64 hex digits: show 12, the whole value one tap away (and in the tooltip).
function diceProof(node, dice, strings) {
  while (node.firstChild) node.removeChild(node.firstChild);
  const full = dice.seed || dice.commitment;
  if (!full) return;
  const box = el("details", {class: "dice-proof", title: full});
  const summary = el("summary", {}, (dice.seed ? strings.seed : strings.commitment) + ": ");
  summary.appendChild(el("span", {class: "seed-short"}, full.slice(0, 12) + "\u2026"));
  box.appendChild(summary);
  box.appendChild(el("p", {class: "seed-full"}, full));
  node.appendChild(box);
}

// A reveal, a dice roll or a draw from a face-down deck cannot be undone (board.undo_final says why):
// the undo control is then disabled and the sentence stands under it.
function undoNote(board, id) {
  const button = document.getElementById(id);
  if (!button || !board) return;
  let note = document.getElementById(id + "-final");
  if (!note) {
    note = document.createElement("p");
    note.id = id + "-final";
    note.className = "hint undo-final";
    button.after(note);
  }
  note.textContent = board.undo_final || "";
  note.hidden = !board.undo_final;
  button.disabled = Boolean(board.undo_final);
}
