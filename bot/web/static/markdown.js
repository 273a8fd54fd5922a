// The bit of Discord markdown the bot's messages use, as DOM nodes: code
// blocks, `code`, **bold**, __underline__, *italic*, and backslash escapes.
// Text only ever becomes text nodes (never HTML), so a name or message can
// never turn into markup.
//
// Escapes are read as Discord reads them: a backslash before any character
// that is not a letter, digit or space stands for that character, and inside
// bold, underline or italic an escaped character is taken whole, so the "\*"
// ending an escaped name (the bot escapes every display name) can never close
// the "**" around it.
"use strict";

(function (global) {
  const FENCE = /```(?:[A-Za-z]+\n|\n)?([\s\S]*?)```/;
  const ESCAPED = String.raw`\\[\s\S]`;
  const INLINE = new RegExp(
    [
      String.raw`\\([^0-9A-Za-z\s])`, // an escape
      "`([^`]+)`", // code: backslashes inside stay as typed
      String.raw`\*\*((?:${ESCAPED}|[^\\])+?)\*\*(?!\*)`, // bold
      String.raw`__((?:${ESCAPED}|[^\\])+?)__(?!_)`, // underline
      String.raw`\*(?=\S)((?:${ESCAPED}|[^\\*\n])+?)\*(?!\*)`, // italic
      String.raw`_(?=[^_\s])((?:${ESCAPED}|[^\\_\n])+?)_(?!_)`, // italic
    ].join("|"),
    "u", // code points, so an escaped emoji stays whole
  );

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
