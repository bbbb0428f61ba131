// Many devices, one truth (see companion/web/writes.py): every POST this page makes carries a fresh
// request id and the latest event seq the page has shown. The tapped button stays disabled while its
// request is in flight, and a request whose answer was lost on the Wi-Fi is sent again with the same
// id, so the server answers it as the first time instead of storing a second move.
"use strict";
(function () {
  const plainFetch = window.fetch.bind(window);
  let seen = null;
  const RETRIES = 3;

  function newId() {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);  // works on plain http, unlike crypto.randomUUID
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  function saw(seq) {
    const n = Number(seq);
    if (seq !== null && seq !== undefined && Number.isInteger(n) && (seen === null || n > seen)) {
      seen = n;
      document.dispatchEvent(new CustomEvent("companion:seq", {detail: n}));  // the seal footer follows
    }
  }

  function sameOrigin(url) {
    try { return new URL(url, location.href).origin === location.origin; } catch (e) { return false; }
  }

  function noteSeq(response) {
    saw(response.headers.get("X-Companion-Seq"));
    const type = response.headers.get("Content-Type") || "";
    if (response.ok && type.includes("json")) {
      response.clone().json().then((body) => { if (body && typeof body.seq === "number") saw(body.seq); }).catch(() => {});
    }
    return response;
  }

  function post(url, options, tries) {
    return plainFetch(url, options).catch((error) => {
      if (tries <= 0) throw error;
      return new Promise((resolve) => setTimeout(resolve, 400 * (RETRIES - tries + 1)))
        .then(() => post(url, options, tries - 1));
    });
  }

  // Every form reads a write's answer the same way: {ok, status, data}, never a rejected promise. No answer
  // at all (server down, Wi-Fi gone, after the retries) or one that is not the server's JSON is status 0
  // with the page's sentence saying so, for the form to show where the player tapped, not only in a badge.
  window.companionAnswer = function (request) {
    const notSent = () => ({ok: false, status: 0, data: {error: {message: document.body.dataset.notSent || ""}}});
    return request
      .then((r) => r.json().then((data) => ({ok: r.ok, status: r.status, data}), notSent))
      .catch(notSent);
  };

  // A page that draws a state it did not fetch (the scoreboard's pushed state) says so here:
  // its next entry is judged against what it showed.
  window.companionShown = saw;

  window.fetch = function (url, options) {
    const method = ((options && options.method) || "GET").toUpperCase();
    if (!sameOrigin(url)) return plainFetch(url, options);
    if (method !== "POST") return plainFetch(url, options).then(noteSeq);
    const headers = new Headers((options && options.headers) || {});
    headers.set("X-Request-Id", newId());
    // A form that knows the seq its own choices were made on sends it; else the page's latest.
    if (seen !== null && !headers.has("X-Seen-Seq")) headers.set("X-Seen-Seq", String(seen));
    const button = document.activeElement && document.activeElement.tagName === "BUTTON" ? document.activeElement : null;
    if (button) button.disabled = true;
    return post(url, Object.assign({}, options, {headers}), RETRIES)
      .then(noteSeq)
      .finally(() => { if (button) button.disabled = false; });
  };
})();
