// The page's style sheet and the game viewer's script, compiled into the binary: the server serves
// them from these constants (at /static/league.css and /static/viewer.js), never from disk, and no
// front-end build step exists. The viewer reads the game from the page's JSON block (never run as
// code) and writes every student-supplied string with textContent, never as HTML.
#pragma once

namespace reversi {

inline constexpr const char* kLeagueCss = R"css(
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 70em; color: #222; padding: 0 1em; }
h1 { font-size: 1.5em; } h1 a { color: inherit; text-decoration: none; }
table.list { border-collapse: collapse; width: 100%; }
table.list th, table.list td { padding: 0.25em 0.6em; border-bottom: 1px solid #ddd; text-align: left; }
table.list td.num, table.list th.num { text-align: right; font-variant-numeric: tabular-nums; }
tr.reference td { color: #666; font-style: italic; }
.status-pass { color: #1a7f37; } .status-fault { color: #b3261e; font-weight: bold; }
.summary { color: #555; }
.board { display: inline-grid; background: #2e7d32; gap: 2px; padding: 2px; margin: 1em 0; }
.cell { width: 2.2em; height: 2.2em; background: #388e3c; display: flex; align-items: center; justify-content: center; }
.cell.last { outline: 2px solid #ffeb3b; outline-offset: -2px; }
.disc { width: 80%; height: 80%; border-radius: 50%; }
.disc.B { background: #111; } .disc.W { background: #f5f5f5; }
.controls button { font-size: 1em; margin-right: 0.3em; }
.counts { font-size: 1.1em; margin-left: 1em; }
)css";

inline constexpr const char* kViewerJs = R"js(
"use strict";
(function () {
  const game = JSON.parse(document.getElementById("game-data").textContent);
  const boards = game.boards, n = game.size;
  let ply = 0;
  const boardEl = document.getElementById("board");
  boardEl.style.gridTemplateColumns = "repeat(" + n + ", auto)";
  const cells = [];
  for (let i = 0; i < n * n; i++) {
    const cell = document.createElement("div");
    cell.className = "cell";
    boardEl.appendChild(cell);
    cells.push(cell);
  }
  function moveIndex(move) {  // "f5": column letter, then the 1-based row
    return (parseInt(move.slice(1), 10) - 1) * n + (move.charCodeAt(0) - 97);
  }
  function count(text, colour) { return text.split(colour).length - 1; }
  function show() {
    const text = boards[ply];
    const last = ply > 0 ? moveIndex(game.moves[ply - 1]) : -1;
    for (let i = 0; i < n * n; i++) {
      const c = text[i];
      cells[i].className = "cell" + (i === last ? " last" : "");
      cells[i].replaceChildren();
      if (c === "B" || c === "W") {
        const disc = document.createElement("div");
        disc.className = "disc " + c;
        cells[i].appendChild(disc);
      }
    }
    document.getElementById("black-count").textContent = String(count(text, "B"));
    document.getElementById("white-count").textContent = String(count(text, "W"));
    document.getElementById("ply").textContent = String(ply);
    document.getElementById("plies").textContent = String(boards.length - 1);
    // The square just played holds its player's disc; a pass before it is in passes_before.
    const who = last >= 0 ? (text[last] === "B" ? " by Black" : " by White") : "";
    const passed = ply > 0 && game.passes_before.indexOf(ply - 1) >= 0 ? ", after a pass" : "";
    document.getElementById("move").textContent = ply > 0 ? game.moves[ply - 1] + who + passed : "start";
  }
  function go(to) { ply = Math.max(0, Math.min(boards.length - 1, to)); show(); }
  document.getElementById("first").addEventListener("click", function () { go(0); });
  document.getElementById("prev").addEventListener("click", function () { go(ply - 1); });
  document.getElementById("next").addEventListener("click", function () { go(ply + 1); });
  document.getElementById("last").addEventListener("click", function () { go(boards.length - 1); });
  document.addEventListener("keydown", function (e) {
    if (e.key === "ArrowLeft") go(ply - 1);
    if (e.key === "ArrowRight") go(ply + 1);
  });
  show();
})();
)js";

}  // namespace reversi
