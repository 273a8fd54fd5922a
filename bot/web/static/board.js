// The editor's grid: a board's cells with their undo history (Board), and the
// grid on the page that shows one board with its cursor (GridView).
"use strict";

(function (global) {
  const LABELS = ["unshaded", "shaded", "note"];
  const UNDO_DEPTH = 500;

  class Board {
    constructor(spec, index) {
      Object.assign(this, spec);
      this.index = index;
      this.cells = new Array(spec.height * spec.width).fill(0);
      this.history = [];
    }

    // A copy of the cells, to hand to remember() once a change is made.
    snapshot() {
      return this.cells.slice();
    }

    remember(before) {
      this.history.push(before);
      if (this.history.length > UNDO_DEPTH) this.history.shift();
    }

    set(index, value) {
      if (this.cells[index] === value) return false;
      this.cells[index] = value;
      return true;
    }

    undo() {
      const last = this.history.pop();
      if (!last) return false;
      this.cells = last;
      return true;
    }

    replace(cells) {
      this.remember(this.snapshot());
      this.cells = cells.slice();
    }

    where(index) {
      return `Row ${Math.floor(index / this.width) + 1}, column ${(index % this.width) + 1}`;
    }
  }

  class GridView {
    constructor(node, spec) {
      this.node = node;
      this.shade = spec.mode === "shade";
      this.pieces = new Map(spec.palette.map((p) => [p.value, p]));
      this.colours = new Map(spec.colours.map((c) => [c.key, c]));
      this.board = null;
      this.cursor = 0;
    }

    show(board) {
      this.board = board;
      this.cursor = Math.min(this.cursor, board.cells.length - 1);
      this.node.style.setProperty("--cols", board.width);
      const nodes = [document.createElement("span")];
      for (let c = 1; c <= board.width; c++) nodes.push(axis(c));
      const clues = new Map(board.clues.map((k) => [k.row * board.width + k.col, k]));
      for (let index = 0; index < board.cells.length; index++) {
        if (index % board.width === 0) nodes.push(axis(index / board.width + 1, "row"));
        const cell = document.createElement("div");
        cell.className = "cell";
        cell.dataset.index = index;
        cell.setAttribute("role", "gridcell");
        const clue = clues.get(index);
        if (clue) Pieces.decorateClue(cell, clue, this.colours.get(clue.colour));
        nodes.push(cell);
      }
      this.node.replaceChildren(...nodes);
      this.drawAll();
    }

    drawAll() {
      for (let i = 0; i < this.board.cells.length; i++) this.draw(i);
    }

    draw(index) {
      const cell = this.node.querySelector(`[data-index="${index}"]`);
      const value = this.board.cells[index];
      const where = this.board.where(index);
      cell.classList.toggle("cursor", index === this.cursor);
      if (this.shade) {
        cell.classList.toggle("shaded", value === 1);
        cell.classList.toggle("note", value === 2);
        cell.setAttribute("aria-label", `${where}: ${LABELS[value]}`);
        return;
      }
      cell.querySelector("svg")?.remove();
      const piece = this.pieces.get(value);
      if (piece) cell.appendChild(Pieces.pieceSvg(piece));
      cell.dataset.value = value;
      cell.setAttribute("aria-label", `${where}: ${piece ? Pieces.describe(piece) : "empty"}`);
    }

    moveCursor(index) {
      const old = this.cursor;
      this.cursor = Math.max(0, Math.min(this.board.cells.length - 1, index));
      this.draw(old);
      this.draw(this.cursor);
    }

    // Moves the cursor by rows and columns; stays put at the edges.
    step(rows, cols) {
      const row = Math.floor(this.cursor / this.board.width) + rows;
      const col = (this.cursor % this.board.width) + cols;
      if (row >= 0 && row < this.board.height && col >= 0 && col < this.board.width) {
        this.moveCursor(row * this.board.width + col);
        // On a phone a wide board scrolls in its own box: keep the cursor in sight.
        const cell = this.node.querySelector(`[data-index="${this.cursor}"]`);
        cell.scrollIntoView({ block: "nearest", inline: "nearest" });
      }
    }

    // The cell under a pointer (drags cross cells, so ask the page, not the target).
    indexAt(clientX, clientY) {
      const target = document.elementFromPoint(clientX, clientY);
      const cell = target && target.closest(".cell");
      return cell && cell.parentElement === this.node ? Number(cell.dataset.index) : null;
    }
  }

  function axis(n, kind = "column") {
    const node = document.createElement("span");
    node.className = `axis ${kind}`;
    node.textContent = n;
    return node;
  }

  global.Board = Board;
  global.GridView = GridView;
})(window);
