// The match page: a finished match read step by step. The page holds only the
// list of steps (room message id, match clock, reveal or not); the texts are
// fetched a few steps at a time as they are shown, and pictures load only then,
// lazily. The address's fragment (#step-N) names the step shown, so any step
// can be shared.
"use strict";

(function () {
  const match = JSON.parse(document.getElementById("match").textContent);
  const steps = match.steps; // [row id, match clock in ms, 1 if the reveal]
  const $ = (id) => document.getElementById(id);
  const slider = $("slider");
  const loaded = new Map(); // a chunk's first row id -> the promise of its JSON
  let shown = 0; // 1-based; 0 before the first
  const SETTLE_MS = 120;

  function clock(ms) {
    const total = Math.max(0, Math.floor(ms / 1000));
    const h = Math.floor(total / 3600);
    const m = Math.floor((total % 3600) / 60);
    const s = String(total % 60).padStart(2, "0");
    return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
  }

  function fromHash() {
    const found = /^#step-(\d{1,6})$/.exec(location.hash);
    return found ? Number(found[1]) : 1;
  }

  // Texts come a chunk of steps at a time (one request per chunk, not per step).
  function fetchStep(n) {
    const start = Math.floor((n - 1) / match.chunk) * match.chunk; // 0-based
    const first = steps[start][0];
    if (!loaded.has(first)) {
      const request = fetch(`${match.texts}${first}`).then((response) => {
        if (!response.ok) throw new Error(`steps from ${first}: ${response.status}`);
        return response.json();
      });
      request.catch(() => loaded.delete(first)); // a failed chunk is asked for again next time
      loaded.set(first, request);
    }
    const id = steps[n - 1][0];
    return loaded.get(first).then((chunk) => {
      const found = chunk.steps.find((step) => step.id === id);
      if (!found) {
        loaded.delete(first); // a short chunk from before the reveal: ask again
        throw new Error(`step ${n} is not in its chunk`);
      }
      return found;
    });
  }

  // A held arrow key races through steps: only a step that stays shown for a
  // moment has its text and pictures fetched.
  function settled(n) {
    return new Promise((resolve) => setTimeout(() => resolve(shown === n), SETTLE_MS));
  }

  async function show(number) {
    if (!steps.length) {
      $("step-text").textContent = "Nothing was said in the game room.";
      return;
    }
    const n = Math.min(Math.max(1, number), steps.length);
    if (n === shown) return;
    shown = n;
    const [id, ms, reveal] = steps[n - 1];
    slider.value = String(n);
    slider.setAttribute("aria-valuetext", `Step ${n} of ${steps.length}`);
    const link = $("step-link");
    link.textContent = `Step ${n} of ${steps.length}`;
    link.href = `#step-${n}`;
    if (location.hash !== `#step-${n}`) history.replaceState(null, "", `#step-${n}`);
    $("clock").textContent = `Match clock ${clock(ms)}`;
    $("step").classList.toggle("reveal", Boolean(reveal));
    $("reveal-mark").hidden = !reveal;
    document.body.dataset.step = "loading";
    if (!(await settled(n))) return;
    let data;
    try {
      data = await fetchStep(n);
    } catch (error) {
      if (shown !== n) return;
      $("step-text").textContent = "This step could not be loaded; step away and back to try again.";
      $("pictures").replaceChildren();
      document.body.dataset.step = "failed";
      return;
    }
    if (shown !== n) return; // another step was asked for meanwhile
    const text = $("step-text");
    text.replaceChildren();
    Markdown.render(data.text, text);
    $("pictures").replaceChildren(
      ...data.alts.map((alt, index) => {
        const image = document.createElement("img");
        image.loading = "lazy";
        image.decoding = "async";
        image.alt = alt;
        image.src = `${match.boards}${id}/${index}.png`;
        return image;
      }),
    );
    document.body.dataset.step = String(n);
  }

  const KEYS = {
    ArrowLeft: () => shown - 1,
    ArrowRight: () => shown + 1,
    Home: () => 1,
    End: () => steps.length,
  };

  document.addEventListener("keydown", (event) => {
    // The slider moves itself on these keys (and tells us by "input").
    if (event.target === slider || event.altKey || event.ctrlKey || event.metaKey) return;
    const to = KEYS[event.key];
    if (!to) return;
    event.preventDefault();
    show(to());
  });
  slider.addEventListener("input", () => show(Number(slider.value)));
  window.addEventListener("hashchange", () => show(fromHash()));
  $("first").addEventListener("click", () => show(1));
  $("back").addEventListener("click", () => show(shown - 1));
  $("next").addEventListener("click", () => show(shown + 1));
  $("last").addEventListener("click", () => show(steps.length));
  show(fromHash());
})();
