// Every screen of a table whose camera is a phone or tablet: ask twice a second whether frames still arrive;
// say "camera lost" while they do not (the server counts a camera lost 2 s after its last frame).
"use strict";
(() => {
  const banner = document.getElementById("camera-lost");
  if (!banner) return;
  const ask = () => fetch(banner.dataset.url, {cache: "no-store"})
    .then((r) => r.json())
    .then((s) => {
      banner.hidden = !s.lost;
      if (s.lost) banner.textContent = banner.dataset.lost.replace("{device}", s.device || "").replace("{n}", Math.round(s.seconds));
    })
    .catch(() => {})
    .finally(() => setTimeout(ask, 500));
  ask();
})();
