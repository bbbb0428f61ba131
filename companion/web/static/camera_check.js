// Camera page, setup check: run the check on the newest frame, list its advice, show the annotated picture.
// While this device is the table's camera (browser_camera.js says so with an "own-camera" event) and is being placed,
// the server runs the check by itself (at most every 2 s, companion.live.PlacingCheck) and this page asks for the
// latest once a second: the advice and the picture refresh without a tap, and a live region says when the advice
// changes (by its ids, not its figures, so a reading that jitters by 0.01 px is not announced every 2 s).
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
  const placing = document.getElementById("setup-check-placing");
  const said = document.getElementById("setup-check-said");
  const done = document.getElementById("setup-check-done");
  const again = document.getElementById("setup-check-again");
  const sentence = (text) => text.charAt(0).toUpperCase() + text.slice(1) + ".";
  let shown = -1, announced = "", timer = null;

  function show(body, good) {
    // One check's report on the page: the verdict, its advice and its picture; the live region only if it changed.
    verdict.hidden = false;
    verdict.textContent = good ? words.leave : (body.ok ? words.ok : words.problems);
    verdict.classList.toggle("bad", !body.ok);
    verdict.classList.toggle("good", good);
    list.replaceChildren(...body.advice.map((text) => {
      const item = document.createElement("li");
      item.textContent = sentence(text);
      return item;
    }));
    if (overlay.getAttribute("src") !== body.overlay) overlay.src = body.overlay;
    overlay.hidden = false;
    legend.hidden = false;
    const gist = JSON.stringify([good, body.ok, (body.said || []).map((s) => s.id + JSON.stringify((s.params || {}).zones || ""))]);
    if (gist !== announced) {
      announced = gist;
      said.textContent = [verdict.textContent, ...body.advice.map(sentence)].join(" ");
    }
  }

  button.addEventListener("click", () => {
    button.disabled = true;
    verdict.hidden = false;
    verdict.textContent = words.checking;
    list.replaceChildren();
    fetch(cfg.api + "check", {method: "POST", headers: {"X-Companion-Token": cfg.token}})
      .then((r) => r.json())
      .then((body) => {
        if (body.error) { verdict.textContent = body.error.message; return; }
        show(body, false);
      })
      .catch((err) => { verdict.textContent = String(err); })
      .finally(() => { button.disabled = false; });
  });

  function ended(body) {
    // Placing is over: the last advice stays; say why, and offer to check by itself again.
    clearInterval(timer);
    timer = null;
    done.hidden = true;
    again.hidden = false;
    placing.hidden = body.ended === "good";
    placing.textContent = words.stopped;
    if (body.ended === "good" && body.check) show(body.check, true);
  }

  async function poll() {
    let body;
    try {
      const answer = await fetch(cfg.api + "placing.json", {headers: {"X-Companion-Token": cfg.token}, cache: "no-store"});
      body = await answer.json();
    } catch (err) {
      return;  // the next poll tries again; the camera's own status line says when frames do not get through
    }
    if (body.error || timer === null) return;
    if (body.check && body.checks !== shown) {
      shown = body.checks;
      show(body.check, false);
    } else if (!body.check && verdict.hidden) {
      verdict.hidden = false;
      verdict.textContent = words.first;
    }
    if (!body.placing) ended(body);
  }

  async function place() {
    // Placing (again): the server checks by itself from now on; ask for its advice once a second.
    await fetch(cfg.api + "placing", {method: "POST", body: JSON.stringify({placing: true}),
      headers: {"X-Companion-Token": cfg.token, "Content-Type": "application/json"}}).catch(() => {});
    clearInterval(timer);
    timer = setInterval(poll, 1000);
    placing.hidden = false;
    placing.textContent = words.placing;
    done.hidden = false;
    again.hidden = true;
    verdict.classList.remove("good");
    poll();
  }

  done.addEventListener("click", () => {
    fetch(cfg.api + "placing", {method: "POST", body: JSON.stringify({placing: false}),
      headers: {"X-Companion-Token": cfg.token, "Content-Type": "application/json"}})
      .then((r) => r.json()).then((body) => { if (!body.error) ended({ended: "done"}); }).catch(() => {});
  });
  again.addEventListener("click", place);
  document.addEventListener("own-camera", (event) => {
    if (event.detail.running) { place(); return; }
    clearInterval(timer);  // this device is no longer the camera: its advice stays as it was, the buttons go
    timer = null;
    placing.hidden = true;
    done.hidden = true;
    again.hidden = true;
  });
})();
