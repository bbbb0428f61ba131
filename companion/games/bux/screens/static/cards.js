// BUX card faces drawn as inline SVG from {suit, shape, tag[, value]}: no images, no fonts needed
// beyond the suit symbols. Never given a card code, so it cannot show a back value by mistake.
// Needs the shared page.js (el, svg) loaded first.
"use strict";
const SUIT_GLYPH = {heart: "\u2665", club: "\u2663", spade: "\u2660", diamond: "\u2666"};
const RED = {heart: true, diamond: true};

function shapePath(shape, colour) {
  const common = {fill: "none", stroke: colour, "stroke-width": 4};
  if (shape === "x") {
    const g = svg("g", {stroke: colour, "stroke-width": 5, "stroke-linecap": "round"});
    g.appendChild(svg("line", {x1: 14, y1: 22, x2: 34, y2: 46}));
    g.appendChild(svg("line", {x1: 34, y1: 22, x2: 14, y2: 46}));
    return g;
  }
  if (shape === "oval") return svg("ellipse", {cx: 24, cy: 34, rx: 10, ry: 14, ...common});
  if (shape === "circle") return svg("circle", {cx: 24, cy: 34, r: 12, ...common});
  return svg("rect", {x: 12, y: 22, width: 24, height: 24, ...common});
}

function cardFace(face, strings, opts) {
  // One card: suit glyph in the corner, shape in the middle, tag (and value if private) below.
  opts = opts || {};
  const box = el("span", {class: "card" + (opts.cls ? " " + opts.cls : "")});
  if (face.timer !== undefined) {
    box.classList.add("timer-card");
    box.appendChild(el("span", {class: "timer-label"}, "BUX " + face.timer));
    return box;
  }
  const colour = RED[face.suit] ? "#c62828" : "#111";
  const pic = svg("svg", {viewBox: "0 0 48 60", width: 48, height: 60, role: "img"});
  const title = svg("title");
  const suitName = (strings.suits && strings.suits[face.suit]) || face.suit;
  const shapeName = (strings.shapes && strings.shapes[face.shape]) || face.shape;
  title.textContent = suitName + " / " + shapeName;
  pic.appendChild(title);
  const glyph = svg("text", {x: 4, y: 15, "font-size": 15, fill: colour, "font-family": "DejaVu Sans, sans-serif"});
  glyph.textContent = SUIT_GLYPH[face.suit] || "?";
  pic.appendChild(glyph);
  pic.appendChild(shapePath(face.shape, colour));
  box.appendChild(pic);
  if (face.value !== undefined) box.appendChild(el("span", {class: "value"}, face.value));
  else if (face.tag && opts.tag !== false) box.appendChild(el("span", {class: "tag"}, face.tag));
  box.setAttribute("aria-label", suitName + " " + shapeName + (face.value !== undefined ? " " + face.value : ""));
  return box;
}

function chipStack(breakdown) {
  const wrap = el("span", {class: "chips-break"});
  for (const chip of breakdown) {
    const c = el("span", {class: "chip", title: chip.label + " " + chip.value});
    c.style.setProperty("--chip", chip.colour);
    // The dot's colour and, beside it, its value: a chip is told by its number too (issue 34).
    const face = el("span", {class: "chip-face"});
    face.appendChild(el("span", {class: "chip-dot"}));
    face.appendChild(el("span", {class: "chip-v"}, String(chip.value)));
    c.appendChild(face);
    c.appendChild(el("span", {class: "chip-n"}, "\u00d7" + chip.count));
    wrap.appendChild(c);
  }
  return wrap;
}
