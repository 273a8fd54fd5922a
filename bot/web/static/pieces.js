// Drawing objects (a coloured shape with its colour letter) and clue cells
// (a coloured, patterned cell with the clue and its colour letter), so that
// nothing is told by colour alone. The shapes match the bot's board images.
"use strict";

(function (global) {
  const SVG = "http://www.w3.org/2000/svg";
  const INK = "#1b1b1b";
  const PAPER = "#ffffff";

  // Unit shapes in a 100×100 box, like bot/render/runebreaker draws them.
  const POLYGONS = {
    triangle: "50,10 90,82 10,82",
    diamond: "50,8 92,50 50,92 8,50",
    cross: "35,10 65,10 65,35 90,35 90,65 65,65 65,90 35,90 35,65 10,65 10,35 35,35",
  };
  const HEART =
    "M50 88 C26 70 8 54 8 34 C8 19 19 9 32 9 C41 9 47 14 50 21 " +
    "C53 14 59 9 68 9 C81 9 92 19 92 34 C92 54 74 70 50 88 Z";
  // Where the letter sits: a triangle's room is low, a heart's a little high.
  const LETTER_Y = { triangle: 66, heart: 48 };

  function element(name, attributes) {
    const node = document.createElementNS(SVG, name);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
    return node;
  }

  function letterInk(hex) {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.4 ? INK : PAPER;
  }

  function shapeNode(shape, fill) {
    const paint = { fill, stroke: INK, "stroke-width": "4", "stroke-linejoin": "round" };
    if (shape === "circle") return element("circle", { cx: 50, cy: 50, r: 40, ...paint });
    if (shape === "square") return element("rect", { x: 14, y: 14, width: 72, height: 72, ...paint });
    if (shape === "heart") return element("path", { d: HEART, ...paint });
    return element("polygon", { points: POLYGONS[shape] || POLYGONS.cross, ...paint });
  }

  // An object as an <svg>: its shape in its colour, its colour letter on top.
  function pieceSvg(piece) {
    const svg = element("svg", { viewBox: "0 0 100 100", class: "piece", "aria-hidden": "true" });
    svg.appendChild(shapeNode(piece.shape, piece.hex));
    const letter = element("text", {
      x: 50,
      y: LETTER_Y[piece.shape] || 52,
      "text-anchor": "middle",
      "dominant-baseline": "middle",
      fill: letterInk(piece.hex),
      class: "piece-letter",
    });
    letter.textContent = piece.letter;
    svg.appendChild(letter);
    return svg;
  }

  // A clue's cell contents: colour by class and custom property, pattern by
  // class, the clue text, and the colour's letter in a corner.
  function decorateClue(cell, clue, colour) {
    cell.classList.add("clue", `pattern-${colour.pattern}`);
    cell.style.setProperty("--clue", colour.hex);
    cell.style.setProperty("--clue-ink", letterInk(colour.hex));
    const text = document.createElement("span");
    text.className = "clue-text";
    text.textContent = clue.text;
    const letter = document.createElement("span");
    letter.className = "clue-letter";
    letter.textContent = colour.letter;
    cell.append(text, letter);
  }

  function describe(piece) {
    return `${piece.colour} ${piece.shape} (${piece.token})`;
  }

  global.Pieces = { pieceSvg, decorateClue, describe, letterInk };
})(window);
