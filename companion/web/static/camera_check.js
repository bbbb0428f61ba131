// Camera page, setup check: run the check on the newest frame, list its advice, show the annotated picture.
"use strict";
(() => {
  const button = document.getElementById("setup-check-run");
  if (!button) return;
  const cfg = document.getElementById("config").dataset;
  const words = document.getElementById("setup-check-strings").dataset;
  const verdict = document.getElementById("setup-check-verdict");
  const list = document.getElementById("setup-check-advice");
  const overlay = document.getElementById("setup-check-overlay");
  const legend = document.getElementById("setup-check-legend");
  const sentence = (text) => text.charAt(0).toUpperCase() + text.slice(1) + ".";
  button.addEventListener("click", () => {
    button.disabled = true;
    verdict.hidden = false;
    verdict.textContent = words.checking;
    list.replaceChildren();
    fetch(cfg.api + "check", {method: "POST", headers: {"X-Companion-Token": cfg.token}})
      .then((r) => r.json())
      .then((body) => {
        if (body.error) { verdict.textContent = body.error.message; return; }
        verdict.textContent = body.ok ? words.ok : words.problems;
        verdict.classList.toggle("bad", !body.ok);
        for (const text of body.advice) {
          const item = document.createElement("li");
          item.textContent = sentence(text);
          list.appendChild(item);
        }
        overlay.src = body.overlay;
        overlay.hidden = false;
        legend.hidden = false;
      })
      .catch((err) => { verdict.textContent = String(err); })
      .finally(() => { button.disabled = false; });
  });
})();
