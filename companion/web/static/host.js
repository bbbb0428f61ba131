// Host screen: one seat's private QR code at a time. Tapping a seat fetches that seat's code; "Done" or the
// timer removes it from the page again, so no two codes are ever on screen and none is left showing.
"use strict";
(function () {
  const CFG = document.getElementById("host-config").dataset;
  const box = document.getElementById("seat-code");
  const qr = document.getElementById("seat-qr");
  const link = document.getElementById("seat-link");
  const timer = document.getElementById("seat-timer");
  const msg = document.getElementById("seat-msg");
  let tick = null;
  let asked = 0;  // answers to an earlier tap are dropped

  function hide() {
    if (tick) clearInterval(tick);
    tick = null;
    asked += 1;
    qr.textContent = "";
    link.removeAttribute("href");
    document.getElementById("seat-name").textContent = "";
    timer.textContent = "";
    box.hidden = true;
    document.querySelectorAll(".seat-go").forEach((b) => b.classList.remove("on"));
  }

  function show(name, button) {
    hide();
    const mine = asked;
    msg.textContent = "";
    fetch(CFG.seat.replace("SEAT", encodeURIComponent(name)), {cache: "no-store"})
      .then((r) => (r.ok ? r.json() : Promise.reject(r.status)))
      .then((seat) => {
        if (mine !== asked) return;
        document.getElementById("seat-name").textContent = seat.name;
        qr.innerHTML = seat.qr;  // SVG made on the server by segno from our own link
        link.href = seat.link;
        button.classList.add("on");
        box.hidden = false;
        let left = Number(CFG.seconds) || 60;
        timer.textContent = CFG.hides.replace("{n}", left);
        tick = setInterval(() => {
          left -= 1;
          if (left <= 0) { hide(); return; }
          timer.textContent = CFG.hides.replace("{n}", left);
        }, 1000);
        box.scrollIntoView({block: "nearest"});
        document.getElementById("seat-done").focus({preventScroll: true});
      })
      .catch(() => { if (mine === asked) msg.textContent = CFG.failed; });
  }

  document.querySelectorAll(".seat-go").forEach((button) =>
    button.addEventListener("click", () => show(button.dataset.seat, button)));
  document.getElementById("seat-done").addEventListener("click", hide);
  document.addEventListener("visibilitychange", () => { if (document.hidden) hide(); });
})();
