"use strict";
// One entry: the card the player to move laid on the table. writes.js adds the request id and seen seq.
document.getElementById("high-play").addEventListener("submit", (e) => {
  e.preventDefault();
  const form = e.target;
  fetch(form.dataset.api, {method: "POST", headers: {"Content-Type": "application/json", "X-Companion-Token": form.dataset.token},
                           body: JSON.stringify({card: document.getElementById("high-card").value.trim()})})
    .then((r) => r.json().then((body) => ({ok: r.ok, body})))
    .then(({ok, body}) => {
      if (ok) location.reload();
      else document.getElementById("high-msg").textContent = body.error.message;
    });
});
