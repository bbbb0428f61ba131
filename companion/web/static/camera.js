// Camera page: switch cameras, re-open the MJPEG stream when the server ends it, send a photo.
"use strict";
const CAM = document.getElementById("config").dataset;
const view = document.getElementById("live-view");
if (view) {
  const src = view.src;
  // A hidden view is paused (browser_camera.js: this device is the camera): it is not re-opened.
  view.addEventListener("error", () => setTimeout(() => { if (!view.hidden) view.src = src + "?" + Date.now(); }, 1500));
  setInterval(() => { if (!view.hidden) view.src = src + "?" + Date.now(); }, 55000);
}
const cameraState = document.getElementById("camera-state");
if (cameraState) {
  // Say when the camera sends no picture (or stopped), instead of an empty preview for ever.
  const poll = () => fetch(CAM.api + "state.json")
    .then((r) => r.json())
    .then((body) => { cameraState.textContent = body.message || ""; cameraState.hidden = !body.message; })
    .catch(() => {});
  poll();
  setInterval(poll, 2000);
}
const select = document.getElementById("camera-source");
if (select) select.addEventListener("change", () => fetch(CAM.api + "source", {
  method: "POST", headers: {"Content-Type": "application/json", "X-Companion-Token": CAM.token},
  body: JSON.stringify({source: select.value}),
}));
const form = document.getElementById("photo-form");
if (form) form.addEventListener("submit", (e) => {
  e.preventDefault();
  const data = new FormData(form);
  const out = document.getElementById("photo-result");
  out.textContent = "…";
  fetch(CAM.api + "photo", {method: "POST", headers: {"X-Companion-Token": CAM.token}, body: data})
    .then((r) => r.json())
    .then((body) => { out.textContent = body.error ? body.error.message : JSON.stringify(body.result, null, 2); })
    .catch((err) => { out.textContent = String(err); });
});
