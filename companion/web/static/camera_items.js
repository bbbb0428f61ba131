// The camera's items on a game's tablet (companion/web/camera_items.py): what the camera proposes, to confirm,
// and what it cannot explain, to dismiss once the table is put right or the move is entered by hand.
// Read again whenever the page shows a newer state (writes.js's companion:seq event: the camera's items are
// events too), and a few seconds after a failed read. Needs writes.js (loaded by every page) for the POSTs.
"use strict";
(function () {
  const box = document.getElementById("camera-items");
  if (!box) return;
  const list = box.querySelector(".camera-item-list");
  const msg = box.querySelector(".msg");
  const headers = {"X-Companion-Token": box.dataset.token};
  let reading = false, again = false, retry = null;

  function label(template, what) { return template.replace("{what}", what); }

  function show(items) {
    list.replaceChildren();
    box.hidden = !items.length;
    for (const item of items) {
      const row = document.createElement("li");
      row.className = "camera-item";
      row.dataset.id = item.id;
      const text = document.createElement("p");
      text.textContent = item.text;
      row.appendChild(text);
      const buttons = document.createElement("div");
      buttons.className = "row";
      const choices = item.confirm ? [["confirm", box.dataset.confirm, box.dataset.confirmLabel, "big go"]] : [];
      choices.push(["dismiss", box.dataset.dismiss, box.dataset.dismissLabel, "big"]);
      for (const [how, words, aria, cls] of choices) {
        const button = document.createElement("button");
        button.type = "button";
        button.className = cls;
        button.dataset.how = how;
        button.textContent = words;
        button.setAttribute("aria-label", label(aria, item.text));
        buttons.appendChild(button);
      }
      row.appendChild(buttons);
      list.appendChild(row);
    }
  }

  function read() {
    if (reading) { again = true; return; }
    reading = true;
    clearTimeout(retry);
    fetch(box.dataset.url, {headers, cache: "no-store"})
      .then((r) => { if (!r.ok) throw new Error(String(r.status)); return r.json(); })
      .then((body) => { show(body.items || []); if (msg.textContent === box.dataset.failed) msg.textContent = ""; })
      .catch(() => { msg.textContent = box.dataset.failed; retry = setTimeout(read, 5000); })
      .finally(() => { reading = false; if (again) { again = false; read(); } });
  }

  list.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-how]");
    if (!button) return;
    const id = button.closest(".camera-item").dataset.id;
    msg.textContent = "";
    window.companionAnswer(fetch(box.dataset.url + "/" + encodeURIComponent(id), {
      method: "POST", headers: Object.assign({"Content-Type": "application/json"}, headers),
      body: JSON.stringify({how: button.dataset.how}),
    })).then((answer) => {
      if (!answer.ok) msg.textContent = (answer.data && answer.data.error && answer.data.error.message) || box.dataset.failed;
      read();
    });
  });

  document.addEventListener("companion:seq", read);
  read();
})();
