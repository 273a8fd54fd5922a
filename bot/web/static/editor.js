// The board editor. Everything it knows comes from the page's spec (what is
// public about the match); the board code is made here, in the browser, and
// nothing is ever sent back to the server.
"use strict";

(function () {
  const spec = JSON.parse(document.getElementById("spec").textContent);
  const shade = spec.mode === "shade";
  const $ = (id) => document.getElementById(id);
  const pieces = new Map(spec.palette.map((p) => [p.value, p]));
  const byToken = new Map(spec.palette.map((p) => [p.token.toLowerCase(), p]));
  const colourLetters = new Set(spec.palette.map((p) => p.token[0].toLowerCase()));
  const shapeLetters = new Set(spec.palette.map((p) => p.token[1].toLowerCase()));
  const boards = spec.boards.map((b, index) => new Board(b, index));
  const view = new GridView($("grid"), spec);
  let board = boards[0];
  let tool = spec.palette.length ? spec.palette[0].value : 0; // paint: 0 is the eraser
  let stroke = null; // a drag in progress: {value, before, changed}
  let pendingColour = null; // a colour letter typed, waiting for its shape letter
  let code = "";

  const cycled = (value) => (value + 1) % 3;

  // -- editing -----------------------------------------------------------------

  function edit(index, value) {
    const before = board.snapshot();
    if (board.set(index, value)) {
      board.remember(before);
      view.draw(index);
      changed();
    }
  }

  function undo() {
    if (!board.undo()) return say("Nothing to undo.");
    view.drawAll();
    changed();
  }

  function clear() {
    if (!board.cells.some((c) => c)) return;
    board.replace(new Array(board.cells.length).fill(0));
    view.drawAll();
    changed();
    say("Board cleared (Undo brings it back).");
  }

  function changed() {
    code = BoardCode.encode(spec.kind, board.height, board.width, board.cells);
    $("code").textContent = code;
    $("commands").replaceChildren(...board.commands.map(commandRow));
    store(board, code);
  }

  // -- pointer: click, tap or drag --------------------------------------------------

  function onPointerDown(event) {
    const index = view.indexAt(event.clientX, event.clientY);
    if (index === null || event.button !== 0) return;
    event.preventDefault();
    $("grid").focus();
    view.moveCursor(index);
    const value = shade ? cycled(board.cells[index]) : tool;
    stroke = { value, before: board.snapshot(), changed: false };
    paintStroke(index);
  }

  function paintStroke(index) {
    if (index !== null && board.set(index, stroke.value)) {
      stroke.changed = true;
      view.draw(index);
    }
  }

  function onPointerMove(event) {
    if (stroke) paintStroke(view.indexAt(event.clientX, event.clientY));
  }

  function onPointerUp() {
    if (stroke && stroke.changed) {
      board.remember(stroke.before);
      changed();
    }
    stroke = null;
  }

  // -- keyboard ---------------------------------------------------------------------

  const MOVES = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  const SHADE_KEYS = { "#": 1, s: 1, 1: 1, n: 2, 2: 2, ".": 0, 0: 0, Backspace: 0, Delete: 0 };
  const ERASE_KEYS = new Set([".", "0", "Backspace", "Delete"]);

  function onKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) {
      if (event.key.toLowerCase() === "z" && !event.altKey) {
        event.preventDefault();
        undo();
      }
      return;
    }
    const move = MOVES[event.key];
    if (move) view.step(...move);
    else if (event.key.toLowerCase() === "u") undo();
    else if (!(shade ? shadeKey(event.key) : paintKey(event.key))) return;
    event.preventDefault();
  }

  function shadeKey(key) {
    const cursor = view.cursor;
    if (key === " " || key === "Enter") edit(cursor, cycled(board.cells[cursor]));
    else if (key.toLowerCase() in SHADE_KEYS) edit(cursor, SHADE_KEYS[key.toLowerCase()]);
    else if (key in SHADE_KEYS) edit(cursor, SHADE_KEYS[key]);
    else return false;
    return true;
  }

  function paintKey(key) {
    const lower = key.toLowerCase();
    if (key === " " || key === "Enter") edit(view.cursor, tool);
    else if (ERASE_KEYS.has(key)) edit(view.cursor, 0);
    else if (colourLetters.has(lower)) pendingColour = lower;
    else if (shapeLetters.has(lower)) {
      // A shape alone keeps the chosen object's colour.
      const colour = pendingColour || pieces.get(tool)?.token[0].toLowerCase() || "";
      const piece = byToken.get(colour + lower);
      pendingColour = null;
      if (piece) {
        choose(piece.value);
        edit(view.cursor, piece.value);
      }
    } else return false;
    return true;
  }

  // -- palette, legend, boards -----------------------------------------------------------

  function buildPalette() {
    const eraser = { value: 0 };
    const buttons = [eraser, ...spec.palette].map((piece) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "tool";
      button.dataset.value = piece.value;
      button.title = piece.value ? Pieces.describe(piece) : "Eraser: empties cells";
      if (piece.value) button.appendChild(Pieces.pieceSvg(piece));
      else button.textContent = "Eraser";
      button.addEventListener("click", () => choose(piece.value));
      return button;
    });
    $("palette").replaceChildren(...buttons);
    // One row per colour: as many columns as the palette has shapes.
    const shapes = new Set(spec.palette.map((piece) => piece.shape)).size;
    $("palette").style.setProperty("--cols", String(shapes || 6));
    choose(tool);
  }

  function choose(value) {
    tool = value;
    for (const button of $("palette").querySelectorAll("button")) {
      button.setAttribute("aria-pressed", String(Number(button.dataset.value) === value));
    }
    const piece = pieces.get(value);
    $("tool-name").textContent = piece ? Pieces.describe(piece) : "eraser";
  }

  function buildLegend() {
    $("colours").replaceChildren(
      ...spec.colours.map((colour) => {
        const item = document.createElement("li");
        const swatch = document.createElement("span");
        swatch.className = "swatch clue";
        Pieces.decorateClue(swatch, { text: "" }, colour);
        item.append(swatch, ` ${colour.letter}: ${colour.name} clues`);
        return item;
      }),
    );
  }

  function buildTabs() {
    if (boards.length < 2) return;
    $("boards").replaceChildren(
      ...boards.map((b) => {
        const tab = document.createElement("button");
        tab.type = "button";
        tab.dataset.index = b.index;
        tab.textContent = b.label;
        tab.addEventListener("click", () => showBoard(b));
        return tab;
      }),
    );
  }

  function showBoard(next) {
    board = next;
    for (const tab of $("boards").querySelectorAll("button")) {
      tab.setAttribute("aria-pressed", String(Number(tab.dataset.index) === board.index));
    }
    $("board-label").textContent = board.label;
    view.show(board);
    changed();
  }

  // -- codes in, drafts -----------------------------------------------------------------

  function load(text) {
    let found;
    try {
      found = BoardCode.decode(text, spec.kind);
    } catch (error) {
      return say(error.message, true);
    }
    const target = boards.find((b) => b.height === found.height && b.width === found.width);
    if (!target) {
      const sizes = boards.map((b) => `${b.height}×${b.width}`).join(" or ");
      return say(`That code is a ${found.height}×${found.width} board; here: ${sizes}.`, true);
    }
    if (!fits(found.cells)) {
      return say("That code uses objects this match's palette does not have.", true);
    }
    if (board !== target) showBoard(target);
    board.replace(found.cells);
    view.drawAll();
    changed();
    say("Board loaded from the code (Undo goes back).");
  }

  function fits(cells) {
    return shade || cells.every((v) => v === 0 || pieces.has(v));
  }

  const draftKey = (b) => `genius:${spec.key}:${b.index}`;

  function store(b, text) {
    try {
      localStorage.setItem(draftKey(b), text);
    } catch (error) {
      // Storage may be off (private windows); drafts are a convenience only.
    }
  }

  // Boards drawn before (this link, this browser) come back after a reload.
  function restore() {
    for (const b of boards) {
      try {
        const found = BoardCode.decode(localStorage.getItem(draftKey(b)) || "", spec.kind);
        if (found.height === b.height && found.width === b.width && fits(found.cells)) {
          b.cells = found.cells.slice();
        }
      } catch (error) {
        // No draft, or one this page cannot use: start empty.
      }
    }
  }

  // -- copying and messages ----------------------------------------------------------------

  function commandRow(template) {
    const row = document.createElement("li");
    const text = document.createElement("code");
    text.textContent = template.replace("{code}", code);
    const button = document.createElement("button");
    button.type = "button";
    button.className = "copy";
    button.textContent = "Copy";
    button.addEventListener("click", () => copy(text.textContent, button));
    row.append(text, " ", button);
    return row;
  }

  async function copy(text, button) {
    try {
      await navigator.clipboard.writeText(text);
    } catch (error) {
      // Plain http (not localhost) has no clipboard API: copy the old way.
      const area = $("copy-area");
      area.value = text;
      area.select();
      document.execCommand("copy");
    }
    button.textContent = "Copied!";
    setTimeout(() => (button.textContent = "Copy"), 1500);
  }

  function say(text, isError) {
    $("message").textContent = text;
    $("message").classList.toggle("error", Boolean(isError));
  }

  // -- start ---------------------------------------------------------------------------------

  document.body.classList.add(`mode-${spec.mode}`);
  $("intro").textContent = spec.intro;
  const grid = $("grid");
  grid.addEventListener("pointerdown", onPointerDown);
  grid.addEventListener("pointermove", onPointerMove);
  window.addEventListener("pointerup", onPointerUp);
  window.addEventListener("pointercancel", onPointerUp);
  grid.addEventListener("keydown", onKey);
  grid.addEventListener("contextmenu", (event) => event.preventDefault());
  $("undo").addEventListener("click", undo);
  $("clear").addEventListener("click", clear);
  $("copy-code").addEventListener("click", (event) => copy(code, event.currentTarget));
  $("load").addEventListener("click", () => load($("paste").value));
  $("paste").addEventListener("keydown", (event) => {
    if (event.key === "Enter") load($("paste").value);
  });
  restore(); // before anything is drawn (drawing saves the board shown)
  if (shade) buildLegend();
  else buildPalette();
  buildTabs();
  showBoard(board);
  grid.focus();
})();
