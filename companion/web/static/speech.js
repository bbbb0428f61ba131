// The Speak switch: while it is on, this screen says each new event aloud with the device's own speech synthesis
// (no network). The sentences come worded by the server with the shared state (body.speech: [{key, text}], made
// from the public view only, companion/web/speech.py); this file names no game. It starts off, is remembered on
// this device, and never reads out the state it finds when switched on or loaded: only what changes after.
"use strict";
(function () {
  const button = document.getElementById("speak");
  if (!button || !("speechSynthesis" in window) || typeof SpeechSynthesisUtterance === "undefined") return;
  const STORE = "companion.speak";
  const lang = document.documentElement.lang || "en";
  let source = null, heard = null, lastSeq = null;

  function remembered() {
    try { return window.localStorage.getItem(STORE) === "on"; } catch (e) { return false; }
  }
  function remember(on) {
    try { window.localStorage.setItem(STORE, on ? "on" : "off"); } catch (e) { /* private mode: not remembered */ }
  }
  function say(text) {
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = lang;
    window.speechSynthesis.speak(utterance);
  }
  // Say the sentences whose keys the previous body did not have; the first body after switching on is only noted.
  function hear(body) {
    if (!body || (lastSeq !== null && Number(body.seq) < lastSeq)) return;  // an older answer than one already heard
    lastSeq = Number(body.seq);
    const lines = Array.isArray(body.speech) ? body.speech : [];
    if (heard !== null) lines.filter((line) => !heard.has(line.key)).forEach((line) => say(line.text));
    heard = new Set(lines.map((line) => line.key));
    button.dataset.heard = String(lastSeq);  // the state this voice has taken in (tests wait on it)
  }
  function fetchState() {
    fetch(button.dataset.state + "?lang=" + encodeURIComponent(lang), {cache: "no-store"})
      .then((r) => (r.ok ? r.json() : null)).then(hear).catch(() => {});
  }
  function start() {
    heard = null;
    lastSeq = null;
    source = new EventSource(button.dataset.stream + "?state=1&lang=" + encodeURIComponent(lang));
    source.addEventListener("change", (e) => {
      const data = JSON.parse(e.data);
      if (data.state) hear(data.state);
      else if (Number(data.seq) !== lastSeq) fetchState();
    });
  }
  function stop() {
    if (source) source.close();
    source = null;
    window.speechSynthesis.cancel();
  }
  function set(on) {
    button.setAttribute("aria-pressed", on ? "true" : "false");
    remember(on);
    if (on && !source) start();
    if (!on) stop();
  }
  button.hidden = false;
  button.addEventListener("click", () => set(button.getAttribute("aria-pressed") !== "true"));
  set(remembered());
})();
