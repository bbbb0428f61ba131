// The seal footer: the game's latest seal (head of its hash chain), refreshed whenever this page sees a
// newer event, and the seals this device saw, kept in localStorage so a phone carries its own witness.
"use strict";
(function () {
  const box = document.getElementById("seal");
  if (!box) return;
  const T = box.dataset;
  const key = "companion-seals:" + box.dataset.url;
  const KEEP = 400;
  let shown = null;

  function kept() {
    try { return JSON.parse(localStorage.getItem(key) || "[]"); } catch (e) { return []; }
  }

  function keep(body) {
    const list = kept();
    if (list.length && list[list.length - 1].seal === body.seal) return list;
    list.push({seq: body.seq, seal: body.seal, at: new Date().toISOString().slice(0, 19).replace("T", " ")});
    const trimmed = list.slice(-KEEP);
    try { localStorage.setItem(key, JSON.stringify(trimmed)); } catch (e) { /* private mode: shown, not kept */ }
    return trimmed;
  }

  function show(body) {
    if (!body || !body.seal) return;
    const list = keep(body);
    box.querySelector(".seal-now").textContent = `${body.over ? T.final : T.label} ${body.label}`;
    box.querySelector(".played-with").textContent = body.played_with || "";
    box.querySelector("summary").textContent = `${T.kept} (${list.length})`;
    box.querySelector(".seal-why").textContent = T.why;
    const ol = box.querySelector(".seal-kept");
    ol.replaceChildren(...list.slice(-12).reverse().map((item) => {
      const li = document.createElement("li");
      li.textContent = `#${item.seq} ${item.seal} · ${item.at}`;
      return li;
    }));
    box.hidden = false;
  }

  function refresh(seq) {
    if (seq !== undefined && shown !== null && seq <= shown) return;
    fetch(box.dataset.url, {cache: "no-store", headers: {Accept: "application/json"}})
      .then((r) => (r.ok ? r.json() : null))
      .then((body) => { if (body) { shown = body.seq; show(body); } })
      .catch(() => {});
  }

  document.addEventListener("companion:seq", (e) => refresh(e.detail));
  refresh();
})();
