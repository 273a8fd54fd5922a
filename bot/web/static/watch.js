// The spectator view: follows the room's server-sent events. The browser
// reconnects by itself after a drop and the server resumes after the last
// message it got (Last-Event-ID), so nothing shows twice or goes missing.
"use strict";

(function () {
  const feed = JSON.parse(document.getElementById("feed").textContent);
  const $ = (id) => document.getElementById(id);
  const seen = new Set();
  let over = false;
  let latest = null; // the newest message with pictures, shown once a burst settles
  let timer = null;

  function addMessage(message) {
    if (seen.has(message.id)) return;
    seen.add(message.id);
    const item = document.createElement("li");
    item.className = "entry";
    item.dataset.id = message.id;
    Markdown.render(message.text, item);
    if (message.images) {
      const show = document.createElement("button");
      show.type = "button";
      show.className = "show-board";
      show.textContent = message.images > 1 ? "Show these pictures" : "Show this board";
      show.addEventListener("click", () => showBoards(message));
      item.appendChild(show);
      latest = message;
    }
    const log = $("log");
    const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
    log.appendChild(item);
    if (atBottom) log.scrollTop = log.scrollHeight;
    // History arrives in a burst: fetch only the newest board, not every one.
    if (latest === message && timer === null) {
      timer = setTimeout(() => {
        timer = null;
        showBoards(latest);
      }, 100);
    }
  }

  function showBoards(message) {
    const figure = $("board");
    const images = [];
    for (let i = 0; i < message.images; i++) {
      const image = document.createElement("img");
      image.src = `${feed.boards}${message.id}/${i}.png`;
      image.alt = `Picture ${i + 1} of room message ${message.id}`;
      images.push(image);
    }
    const caption = document.createElement("figcaption");
    caption.textContent = "From the message marked in the room log.";
    figure.replaceChildren(...images, caption);
    for (const old of document.querySelectorAll(".entry.showing")) old.classList.remove("showing");
    document.querySelector(`.entry[data-id="${message.id}"]`)?.classList.add("showing");
  }

  function setStatus(status) {
    const line = $("status");
    line.className = `status status-${status.status}`;
    line.textContent = status.reason ? `${status.label} — ${status.reason}` : status.label;
    document.body.dataset.status = status.status;
    over = status.status === "finished" || status.status === "aborted";
    if (over) source.close(); // the match is over: nothing more will come
  }

  const source = new EventSource(feed.events);
  source.addEventListener("message", (event) => addMessage(JSON.parse(event.data)));
  source.addEventListener("status", (event) => setStatus(JSON.parse(event.data)));
  source.addEventListener("error", () => {
    if (over) return;
    const line = $("status");
    line.className = "status status-connecting";
    line.textContent = "Connection lost — reconnecting…";
  });
})();
