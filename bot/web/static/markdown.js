// The bit of Discord markdown the bot's messages use, as DOM nodes: code
// blocks, `code`, **bold**, __underline__, *italic*, and backslash escapes.
// Text only ever becomes text nodes (never HTML), so a name or message can
// never turn into markup.
"use strict";

(function (global) {
  const FENCE = /```(?:[A-Za-z]+\n|\n)?([\s\S]*?)```/;
  const INLINE =
    /\\([\\*_~`|>#-])|`([^`]+)`|\*\*([\s\S]+?)\*\*|__([\s\S]+?)__|\*([^*\n]+?)\*|_([^_\s][^_\n]*?)_/;

  function render(text, into) {
    let rest = text;
    while (rest) {
      const found = FENCE.exec(rest);
      if (!found) {
        inline(rest, into);
        return;
      }
      inline(rest.slice(0, found.index), into);
      const block = document.createElement("pre");
      block.textContent = found[1].replace(/\n$/, "");
      into.appendChild(block);
      rest = rest.slice(found.index + found[0].length);
    }
  }

  function inline(text, into) {
    let rest = text;
    while (rest) {
      const found = INLINE.exec(rest);
      if (!found) {
        into.appendChild(document.createTextNode(rest));
        return;
      }
      if (found.index) into.appendChild(document.createTextNode(rest.slice(0, found.index)));
      const [, escaped, code, bold, underline, italic, italic2] = found;
      if (escaped !== undefined) into.appendChild(document.createTextNode(escaped));
      else if (code !== undefined) into.appendChild(wrap("code", code, false));
      else if (bold !== undefined) into.appendChild(wrap("strong", bold, true));
      else if (underline !== undefined) into.appendChild(wrap("u", underline, true));
      else into.appendChild(wrap("em", italic !== undefined ? italic : italic2, true));
      rest = rest.slice(found.index + found[0].length);
    }
  }

  function wrap(tag, text, nested) {
    const node = document.createElement(tag);
    if (nested) inline(text, node);
    else node.textContent = text;
    return node;
  }

  global.Markdown = { render };
})(window);
