// Camera page: this device's own camera as the table's. The rear camera at the best resolution it offers
// (up to 4K), the screen kept awake, the live preview, and frames sent as JPEG POSTs with never more than
// one in flight: the server answers once its reader has taken a frame, so a slow reader lowers the rate.
// Full rate only while the table changes: each camera picture is shrunk to a grey thumbnail and compared with the
// last picture sent; after HOLD_MS without a change the page sends one picture a second (HEARTBEAT_MS), which
// keeps the screens from saying "camera lost" (the server counts a camera lost 2 s after its last frame).
"use strict";
(() => {
  const start = document.getElementById("own-camera-start");
  if (!start) return;
  const cfg = document.getElementById("own-camera-config").dataset;
  const take = document.getElementById("own-camera-take");
  const stop = document.getElementById("own-camera-stop");
  const status = document.getElementById("own-camera-status");
  const view = document.getElementById("own-camera-view");
  const served = document.getElementById("live-view");  // the server's annotated MJPEG view: paused while this device sends
  const servedSrc = served ? served.src : null;
  const device = sessionStorage.getItem("companion-camera-device") || (Math.random().toString(16).slice(2) + Date.now().toString(16));
  sessionStorage.setItem("companion-camera-device", device);
  if (!window.isSecureContext || !navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) {
    start.hidden = true;
    status.textContent = cfg.none;
    return;
  }
  let stream = null, running = false, lock = null, takeOver = false, sent = 0, since = performance.now(), taken = false;
  let generation = 0;  // one send loop at a time: a loop whose generation has passed stops
  let paused = false;  // the system stopped the camera (screen locked, another app): it comes back when shown
  const tell = (isCamera) => {
    // Say to the rest of the page (camera_check.js: the setup check while placing) whether this device is the camera.
    if (isCamera === taken) return;
    taken = isCamera;
    document.dispatchEvent(new CustomEvent("own-camera", {detail: {running: isCamera}}));
  };
  const canvas = document.createElement("canvas");
  const THUMB_W = 64;
  // A thumbnail pixel averages about 30 × 30 camera pixels at 1080p (10 × 10 at 640 × 360), so sensor noise
  // averages out, while a card put down, or a hand, moves whole thumbnail pixels by far more. Measured
  // (tests/web/test_browser_camera_browser.py: Chromium's fake camera playing the demo's table at 640 × 360, each
  // frame with fresh noise of sigma 4 grey levels and its own JPEG artefacts at quality 85): a still table's
  // pictures differ from the last one sent by at most 3 grey levels, a 40 × 56 card sliding in by 180-200.
  // CHANGE sits between, with room for a real camera's auto exposure drifting a few levels.
  const CHANGE = 16;
  const HOLD_MS = 3000;
  // After the last change, full rate for this long: the tracker (companion/tracker/fusion.py, Hysteresis) sees a
  // card 3 frames before it counts, takes 0.7 s to settle a move and 2 s and 5 frames to let one vanish.
  const HEARTBEAT_MS = 1000;
  const thumb = document.createElement("canvas");
  let lastSent = null, lastSentAt = 0, lastChange = 0, still = false;
  const say = (text) => { status.textContent = text; };

  async function keepAwake() {
    if (!("wakeLock" in navigator) || document.visibilityState !== "visible") return;
    try { lock = await navigator.wakeLock.request("screen"); } catch (err) { lock = null; }
  }
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible") return;
    if (paused) resume();
    else if (running) keepAwake();
  });

  const cameraLive = () => {
    const track = stream && stream.getVideoTracks()[0];
    return Boolean(track && track.readyState === "live");
  };

  function resume() {
    // The system ended this device's camera track (the screen locked, the page went to the background, another
    // app took the camera). Never send the frozen last picture as if the table were still: stop sending (the
    // screens say "camera lost"), and ask for the camera again as soon as this page is on screen.
    if (!running && !paused) return;
    generation += 1;
    running = false;
    if (stream) stream.getTracks().forEach((t) => t.stop());
    stream = null;
    paused = true;
    say(cfg.paused);
    if (document.visibilityState === "visible") {
      paused = false;
      begin(false);
    }
  }

  function label() {
    const track = stream && stream.getVideoTracks()[0];
    const name = (track && track.label) || "camera";
    const ua = navigator.userAgentData && navigator.userAgentData.platform ? navigator.userAgentData.platform : navigator.platform;
    return (ua ? ua + ": " : "") + name;
  }

  function nextFrame() {
    // The next picture the camera delivers (never the same one twice), or a short pause where the browser cannot
    // tell; at most 250 ms either way (a browser may stop calling back for a video it does not paint).
    return new Promise((resolve) => {
      if (view.requestVideoFrameCallback) view.requestVideoFrameCallback(() => resolve());
      setTimeout(resolve, view.requestVideoFrameCallback ? 250 : 30);
    });
  }

  function grab() {
    canvas.width = view.videoWidth;
    canvas.height = view.videoHeight;
    canvas.getContext("2d").drawImage(view, 0, 0);
    return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.9));
  }

  function grey() {
    // The picture on the camera now as a small grey thumbnail (one byte a pixel), averaged by the browser's
    // high-quality downscaling.
    thumb.width = THUMB_W;
    thumb.height = Math.max(1, Math.round(THUMB_W * view.videoHeight / view.videoWidth));
    const context = thumb.getContext("2d", {willReadFrequently: true});
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = "high";
    context.drawImage(view, 0, 0, thumb.width, thumb.height);
    const rgba = context.getImageData(0, 0, thumb.width, thumb.height).data;
    const out = new Uint8Array(rgba.length / 4);
    for (let i = 0; i < out.length; i++) out[i] = (rgba[4 * i] * 77 + rgba[4 * i + 1] * 150 + rgba[4 * i + 2] * 29) >> 8;
    return out;
  }

  function difference(a, b) {
    // The largest change of one thumbnail pixel (255 when there is nothing to compare with).
    if (!a || !b || a.length !== b.length) return 255;
    let most = 0;
    for (let i = 0; i < a.length; i++) most = Math.max(most, Math.abs(a[i] - b[i]));
    return most;
  }

  function mode(isStill) {
    // Say at once when the page slows down or speeds up; the rate itself follows every 2 s (send()).
    if (isStill === still) return;
    still = isStill;
    say(cfg.got.replace("{w}", view.videoWidth).replace("{h}", view.videoHeight) + (still ? " " + cfg.still : ""));
    sent = 0; since = performance.now();
  }

  async function nextPicture(gen) {
    // The next camera picture to send, as a JPEG, or null if the camera stopped meanwhile: the next one while the
    // table changed within HOLD_MS, else the first that differs from the last one sent, or a heartbeat.
    while (running && gen === generation) {
      await nextFrame();
      if (!running || gen !== generation) return null;
      if (!cameraLive()) { resume(); return null; }
      if (!view.videoWidth) continue;
      const now = performance.now();
      const small = grey();
      const change = difference(small, lastSent);
      view.dataset.change = String(change);  // for the tests: how far this picture is from the last one sent
      if (change > CHANGE) lastChange = now;
      const busy = now - lastChange < HOLD_MS;
      if (!busy && now - lastSentAt < HEARTBEAT_MS) { mode(true); continue; }
      mode(!busy);
      lastSent = small; lastSentAt = now;
      const blob = await grab();
      if (blob) return blob;
    }
    return null;
  }

  async function send(gen) {
    // One frame in flight: the next POST leaves only when the server has answered the last one. The next
    // picture is encoded meanwhile (the encoding overlaps the server's reading, not the upload).
    let ready = nextPicture(gen);
    while (running && gen === generation) {
      const blob = await ready;
      if (!blob || !running || gen !== generation) return;
      let answer;
      try {
        const url = cfg.frame + (takeOver ? "?take_over=1" : "");
        const posted = fetch(url, {method: "POST", body: blob, headers: {
          "Content-Type": "image/jpeg", "X-Companion-Token": cfg.token, "X-Camera-Device": device,
          "X-Camera-Label": encodeURIComponent(label())}});  // a header carries Latin-1 only: a camera's name may not
        ready = nextPicture(gen);
        answer = await posted;
      } catch (err) {
        say(cfg.failed);
        await new Promise((r) => setTimeout(r, 1000));
        ready = nextPicture(gen);
        continue;
      }
      takeOver = false;
      if (answer.status === 409) {
        const body = await answer.json().catch(() => ({}));
        halt();
        start.hidden = true;
        say(cfg.other.replace("{device}", body.camera || ""));
        take.hidden = false;
        return;
      }
      if (!answer.ok) {
        say((await answer.json().catch(() => ({}))).error?.message || cfg.failed);
        await new Promise((r) => setTimeout(r, 1000));
        ready = nextPicture(gen);
        continue;
      }
      sent += 1;
      tell(true);  // the table has taken this device's first frame: it is the camera, being placed
      const seconds = (performance.now() - since) / 1000;
      if (seconds >= 2) {
        say(cfg.got.replace("{w}", view.videoWidth).replace("{h}", view.videoHeight) + " " +
            (still ? cfg.still : cfg.rate.replace("{fps}", (sent / seconds).toFixed(1))));
        sent = 0; since = performance.now();
      }
    }
  }

  function halt() {
    generation += 1;
    running = false;
    paused = false;
    tell(false);
    if (stream) stream.getTracks().forEach((t) => t.stop());
    stream = null;
    if (lock) lock.release().catch(() => {});
    lock = null;
    stop.hidden = true;
    start.hidden = false;
    if (served) { served.hidden = false; served.src = servedSrc + "?" + Date.now(); }
  }

  async function begin(over) {
    take.hidden = true;
    try {
      stream = await navigator.mediaDevices.getUserMedia({audio: false, video: {
        facingMode: {ideal: "environment"}, width: {ideal: 3840}, height: {ideal: 2160}}});
    } catch (err) {
      say(err && err.name === "NotAllowedError" ? cfg.denied : cfg.none);
      return;
    }
    view.srcObject = stream;
    view.hidden = false;
    stream.getVideoTracks().forEach((t) => t.addEventListener("ended", () => { if (running) resume(); }));
    if (served) { served.hidden = true; served.removeAttribute("src"); }  // its frames cost the reader's CPU
    await view.play().catch(() => {});
    const settings = stream.getVideoTracks()[0].getSettings();
    say(cfg.got.replace("{w}", settings.width || view.videoWidth).replace("{h}", settings.height || view.videoHeight));
    start.hidden = true;
    stop.hidden = false;
    running = true;
    takeOver = over;
    sent = 0; since = performance.now();
    lastSent = null; lastSentAt = 0; lastChange = performance.now(); still = false;
    keepAwake();
    generation += 1;
    send(generation);
  }

  start.addEventListener("click", () => begin(false));
  take.addEventListener("click", () => begin(true));
  stop.addEventListener("click", () => { halt(); say(cfg.stopped); });
})();
