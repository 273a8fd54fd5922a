// Board codes: the twin of games/core/boardcode.py. Both must write
// byte-identical codes (a browser test holds them to it); read that module's
// docstring for the format.
"use strict";

(function (global) {
  const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
  const VERSION = "1";
  const MIN_SIDE = 4;
  const MAX_SIDE = 10;
  const SIDES = BigInt(MAX_SIDE - MIN_SIDE + 1);
  const GF32_POLY = 0b100101;
  const KINDS = {
    lh: { title: "Logical Horror", values: 3 },
    rb: { title: "Rune Breaker", values: 37 },
  };
  const DAMAGED = "This code is damaged — copy it again from the board editor.";
  const SHAPE = /^([a-z]{2})([0-9]{1,3})-([0-9a-z]+)$/;

  class CodeError extends Error {}

  function timesTwo(x) {
    const doubled = x << 1;
    return doubled & 32 ? doubled ^ GF32_POLY : doubled;
  }

  function checkDigit(prefix, payload) {
    let interim = 0;
    for (const ch of prefix) interim = timesTwo(interim) ^ (ch.charCodeAt(0) % 32);
    for (const ch of payload) {
      const value = ALPHABET.indexOf(ch);
      if (value < 0) return "";
      interim = timesTwo(interim) ^ value;
    }
    return ALPHABET[timesTwo(interim)];
  }

  function toDigits(number) {
    const digits = [];
    do {
      digits.push(ALPHABET[Number(number % 32n)]);
      number /= 32n;
    } while (number > 0n);
    return digits.reverse().join("");
  }

  function clean(text) {
    return text.trim().replace(/^`+|`+$/g, "").trim().toLowerCase();
  }

  function encode(kind, height, width, cells) {
    const spec = KINDS[kind];
    if (!spec) throw new RangeError(`unknown board kind ${kind}`);
    for (const side of [height, width]) {
      if (side < MIN_SIDE || side > MAX_SIDE) throw new RangeError(`bad side ${side}`);
    }
    if (cells.length !== height * width) throw new RangeError("wrong number of cells");
    if (cells.some((c) => !Number.isInteger(c) || c < 0 || c >= spec.values)) {
      throw new RangeError(`${kind} cells are 0–${spec.values - 1}`);
    }
    const used = [...new Set(cells)].sort((a, b) => a - b);
    const rank = new Map(used.map((value, i) => [value, BigInt(i)]));
    const base = BigInt(used.length);
    let number = 0n;
    for (let i = cells.length - 1; i >= 0; i--) number = number * base + rank.get(cells[i]);
    let mask = 0n;
    for (const value of used) mask |= 1n << BigInt(value);
    const size = BigInt((height - MIN_SIDE) * (MAX_SIDE - MIN_SIDE + 1) + (width - MIN_SIDE));
    number = ((number << BigInt(spec.values)) | mask) * SIDES * SIDES + size;
    const prefix = kind + VERSION;
    const payload = toDigits(number);
    return `${prefix}-${payload}${checkDigit(prefix, payload)}`;
  }

  function decode(text, kind) {
    const found = SHAPE.exec(clean(text));
    if (!found) throw new CodeError(DAMAGED);
    const [, codeKind, version, body] = found;
    const spec = KINDS[codeKind];
    if (!spec) throw new CodeError(DAMAGED);
    if (kind && codeKind !== kind) {
      throw new CodeError(
        `That is a ${spec.title} board code; this game needs a ${KINDS[kind].title} code ` +
          "from this match's board editor.",
      );
    }
    if (version !== VERSION) {
      throw new CodeError(
        `That code is version ${version}; this bot reads version ${VERSION} codes. ` +
          "Make the code again with this match's board editor.",
      );
    }
    const payload = body.slice(0, -1);
    if (!payload || checkDigit(codeKind + version, payload) !== body.slice(-1)) {
      throw new CodeError(DAMAGED);
    }
    const board = unpack(codeKind, spec, payload);
    if (!board) throw new CodeError(DAMAGED);
    return board;
  }

  function unpack(kind, spec, payload) {
    if (payload.length > 1 && payload[0] === "0") return null;
    let number = 0n;
    for (const ch of payload) {
      const value = ALPHABET.indexOf(ch);
      if (value < 0) return null;
      number = number * 32n + BigInt(value);
    }
    const size = Number(number % (SIDES * SIDES));
    number /= SIDES * SIDES;
    const sides = MAX_SIDE - MIN_SIDE + 1;
    const height = MIN_SIDE + Math.floor(size / sides);
    const width = MIN_SIDE + (size % sides);
    const values = BigInt(spec.values);
    const mask = number & ((1n << values) - 1n);
    number >>= values;
    const used = [];
    for (let value = 0; value < spec.values; value++) {
      if ((mask >> BigInt(value)) & 1n) used.push(value);
    }
    if (!used.length) return null;
    const base = BigInt(used.length);
    const cells = [];
    for (let i = 0; i < height * width; i++) {
      cells.push(used[Number(number % base)]);
      number /= base;
    }
    if (number !== 0n || new Set(cells).size !== used.length) return null;
    return { kind, height, width, cells };
  }

  function looksLikeCode(text) {
    return SHAPE.test(clean(text));
  }

  global.BoardCode = { encode, decode, looksLikeCode, CodeError, KINDS };
})(window);
