/* printgen studio, "Your deck": open a deck (a zip, pasted text or the example), see every card drawn,
   edit the layout or the deck file and see the cards drawn again, download the files.

   Drawing is asked of the server a little after the last keystroke (DEBOUNCE ms). Each drawing has a number;
   a newer edit aborts the request in flight, and an answer that is not the newest is dropped, so the cards
   never go back to an older layout. The cards in sight are asked for first, the rest after, a few at a time. */
(function () {
  "use strict";

  const DEBOUNCE = 350;
  const CHUNK = 12;
  const boot = JSON.parse(document.getElementById("boot").textContent);
  const $ = (id) => document.getElementById(id);

  const state = {
    session: null, data: "", layout: "", texts: {}, total: 0, round: 0, controller: null, timer: null,
    visible: new Set(), problems: new Map(), ready: false,
  };

  // The files can be made once the deck as it stands has been drawn: before that, or after an edit that cannot
  // be drawn, a download would only repeat the message.
  function ready(drawn) {
    state.ready = drawn;
    for (const button of document.querySelectorAll("#downloads button")) button.disabled = !drawn;
  }

  // Choices -------------------------------------------------------------------------------------------------
  function fillChoices() {
    const size = $("opt-card-size");
    for (const name of boot.sizes) size.append(new Option(name, name));
    size.append(new Option("other size…", "other"));
    const paper = $("opt-paper");
    for (const name of boot.papers) paper.append(new Option(name, name));
    $("opt-seed").value = boot.seed;
  }

  function options() {
    const size = $("opt-card-size").value === "other" ? $("opt-size-text").value.trim() : $("opt-card-size").value;
    return {
      "card-size": size, "paper": $("opt-paper").value, "deck-card": $("opt-deck-card").value,
      "duplex": $("opt-duplex").value, "title": $("opt-title").value.trim(), "rows": $("opt-rows").value.trim(),
      "ink-saver": $("opt-ink-saver").checked, "draft": $("opt-draft").checked, "seed": $("opt-seed").value.trim(),
    };
  }

  // Talking to the server --------------------------------------------------------------------------------
  async function post(path, body, signal) {
    const init = { method: "POST", signal };
    if (body instanceof FormData) {
      init.body = body;
    } else {
      init.body = JSON.stringify(body);
      init.headers = { "Content-Type": "application/json" };
    }
    const response = await fetch(path, init);
    if (!response.ok) {
      let message = `the studio answered ${response.status}`;
      try { message = (await response.json()).error || message; } catch (e) { /* not JSON */ }
      const error = new Error(message);
      error.status = response.status;
      throw error;
    }
    return response;
  }

  function deckBody(extra) {
    const body = { session: state.session, data: state.data, layout: state.layout, options: options() };
    if (!$("layout-text").disabled) body.layout_text = $("layout-text").value;
    if (!$("data-text").disabled) body.data_text = $("data-text").value;
    return Object.assign(body, extra);
  }

  function say(id, text, error) {
    const node = $(id);
    node.textContent = text || "";
    node.classList.toggle("error", Boolean(error));
    if (id === "status") $("to-cards-status").textContent = state.session ? `(${shortly(text)})` : "";
  }

  // On a phone the cards are below the editors: a link to them under the layout says how they are coming along.
  function shortly(text) {
    if (/again|Drawing/.test(text || "")) return "drawing…";
    const wrong = /(\d+) with something to fix/.exec(text || "");
    return wrong ? `${wrong[1]} to fix` : "drawn";
  }

  // Opening a deck ---------------------------------------------------------------------------------------
  async function open(request, what) {
    say("open-message", `Reading ${what}…`);
    try {
      const answer = await (await request()).json();
      closeSession();
      state.session = answer.session;
      state.texts = answer.texts;
      $("opt-seed").value = answer.seed;
      choose("layout-name", answer.layout_choices, answer.layout);
      choose("data-name", answer.data_choices, answer.data);
      state.layout = answer.layout;
      state.data = answer.data;
      showTexts();
      $("editors").hidden = false;
      ready(false);
      say("open-message", `${what}: ${answer.files.length} file${answer.files.length === 1 ? "" : "s"}, deck file ` +
          `${answer.data}, layout ${answer.layout}.`);
      $("grid").textContent = "";
      state.total = 0;
      draw(true);
    } catch (error) {
      say("open-message", error.message, true);
    }
  }

  function choose(id, choices, chosen) {
    const select = $(id);
    select.textContent = "";
    for (const name of choices) select.append(new Option(name, name, false, name === chosen));
    select.hidden = choices.length < 2;
  }

  function showTexts() {
    for (const [id, name] of [["layout-text", state.layout], ["data-text", state.data]]) {
      const text = state.texts[name];
      const area = $(id);
      area.value = text === null || text === undefined ? "" : text;
      area.disabled = text === null || text === undefined;
    }
    $("data-note").hidden = !$("data-text").disabled;
  }

  function closeSession() {
    if (state.session) {
      navigator.sendBeacon("/deck/api/close", new Blob([JSON.stringify({ session: state.session })],
                                                      { type: "application/json" }));
      state.session = null;
    }
  }

  // Drawing the cards ------------------------------------------------------------------------------------
  function edited() {
    clearTimeout(state.timer);
    $("grid").classList.add("stale");
    state.timer = setTimeout(() => draw(false), DEBOUNCE);
  }

  async function draw(fresh) {
    if (!state.session) return;
    if (state.controller) state.controller.abort();
    const controller = new AbortController();
    state.controller = controller;
    const round = ++state.round;
    const width = Math.min(800, Math.max(160, Math.round(220 * (window.devicePixelRatio || 1))));
    say("status", fresh ? "Drawing the cards…" : "Drawing the cards again…");
    try {
      // The first answer says how many cards there are: the cards in sight (or the first few) come with it.
      const first = fresh || state.visible.size === 0 ? range(0, CHUNK) : [...state.visible].sort((a, b) => a - b);
      const done = new Set();
      let answer = await ask(first, width, controller);
      if (round !== state.round) return;
      layOut(answer.total);
      show(answer, done);
      const rest = range(0, answer.total).filter((index) => !done.has(index));
      for (let start = 0; start < rest.length; start += CHUNK) {
        answer = await ask(rest.slice(start, start + CHUNK), width, controller);
        if (round !== state.round) return;
        show(answer, done);
      }
      $("grid").classList.remove("stale");
      say("edit-message", "");
      summarise(answer);
      ready(answer.total > 0);
    } catch (error) {
      if (error.name === "AbortError" || round !== state.round) return;
      say("edit-message", error.message, true);
      ready(false);
      const shown = document.querySelector("#grid figure img[src]") !== null;
      say("status", shown ? "The cards shown are from before this change: it cannot be drawn (see the message)."
        : "No card can be drawn yet: see the message under the editors.");
    }
  }

  async function ask(cards, width, controller) {
    return (await post("/deck/api/cards", deckBody({ cards, width }), controller.signal)).json();
  }

  function range(from, to) {
    return Array.from({ length: Math.max(0, to - from) }, (_, k) => from + k);
  }

  function layOut(total) {
    const grid = $("grid");
    if (total === state.total && grid.children.length === total) return;
    state.total = total;
    grid.textContent = "";
    state.problems.clear();
    for (let index = 0; index < total; index++) {
      const figure = document.createElement("figure");
      figure.className = "card";
      figure.dataset.index = String(index);
      const image = document.createElement("img");
      image.alt = "";
      const caption = document.createElement("figcaption");
      figure.append(image, caption);
      grid.append(figure);
      watcher.observe(figure);
    }
  }

  function show(answer, done) {
    const figures = $("grid").children;
    for (const card of answer.cards) {
      done.add(card.index);
      const figure = figures[card.index];
      if (!figure) continue;
      const image = figure.querySelector("img");
      image.src = card.png;
      image.alt = `${card.title}, as drawn`;
      image.dataset.round = String(state.round);
      figure.classList.toggle("wrong", card.problems.length > 0);
      state.problems.set(card.index, card.problems.length);
      const caption = figure.querySelector("figcaption");
      caption.textContent = "";
      const title = document.createElement("b");
      title.textContent = card.title;
      const where = document.createElement("span");
      where.className = "where";
      where.textContent = card.count === 1 ? card.source : `${card.source} · ×${card.count}`;
      caption.append(title, where);
      for (const problem of card.problems) {
        const line = document.createElement("span");
        line.className = "problem";
        line.textContent = problem.replace(/^[^:]+: (row|card) \d+ \([^)]*\): /, "");
        caption.append(line);
      }
    }
    const notes = $("notes");
    notes.textContent = "";
    for (const text of answer.notes) {
      const item = document.createElement("li");
      item.textContent = text;
      notes.append(item);
    }
    $("grid").dataset.round = String(state.round);
  }

  function summarise(answer) {
    const wrong = [...state.problems.values()].filter((count) => count > 0).length;
    const cards = `${answer.total} card${answer.total === 1 ? "" : "s"} (${answer.printed} printed), ${answer.size}`;
    say("status", wrong ? `${cards}: ${wrong} with something to fix, marked in red.` : `${cards}.`, wrong > 0);
  }

  // The cards in sight are drawn first after an edit.
  const watcher = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      const index = Number(entry.target.dataset.index);
      if (entry.isIntersecting) state.visible.add(index); else state.visible.delete(index);
    }
  });

  // Downloads --------------------------------------------------------------------------------------------
  async function download(kind, button) {
    button.disabled = true;
    say("download-message", "Making the file…");
    try {
      const response = await post("/deck/api/file", deckBody({ kind }));
      const blob = await response.blob();
      const disposition = response.headers.get("Content-Disposition") || "";
      const named = /filename\*=UTF-8''([^;]+)/.exec(disposition) || /filename="([^"]+)"/.exec(disposition);
      const link = document.createElement("a");
      link.href = URL.createObjectURL(blob);
      link.download = named ? decodeURIComponent(named[1]) : "deck";
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 60000);
      $("code").textContent = response.headers.get("X-Printgen-Seed-Code") || "";
      $("code-box").hidden = false;
      say("download-message", `Downloaded ${link.download}.`);
    } catch (error) {
      say("download-message", error.message, true);
    } finally {
      button.disabled = !state.ready;
    }
  }

  // Wiring -----------------------------------------------------------------------------------------------
  fillChoices();
  $("zip").addEventListener("change", (event) => {
    const file = event.target.files[0];
    if (!file) return;
    if (file.size > boot.limits.upload) {
      say("open-message", `${file.name} is larger than the studio's ${Math.round(boot.limits.upload / 1048576)} MiB ` +
          "for a deck; make its pictures smaller.", true);
      return;
    }
    const form = new FormData();
    form.append("file", file);
    open(() => post("/deck/api/open", form), file.name);
    event.target.value = "";
  });
  $("example").addEventListener("click", () => open(() => post("/deck/api/example", {}), "The example deck"));
  $("paste-open").addEventListener("click", () => {
    const form = $("paste");
    form.hidden = !form.hidden;
    $("paste-open").setAttribute("aria-expanded", String(!form.hidden));
  });
  // The example in the paste box follows the kind of file chosen, until it is edited.
  $("paste-kind").addEventListener("change", () => {
    const area = $("paste-data");
    if (Object.values(boot.paste).includes(area.value)) area.value = boot.paste[$("paste-kind").value];
  });
  $("paste").addEventListener("submit", (event) => {
    event.preventDefault();
    const body = { data: $("paste-data").value, kind: $("paste-kind").value, layout: $("paste-layout").value };
    open(() => post("/deck/api/open", body), "The pasted deck");
  });
  $("layout-text").addEventListener("input", () => { state.texts[state.layout] = $("layout-text").value; edited(); });
  $("data-text").addEventListener("input", () => { state.texts[state.data] = $("data-text").value; edited(); });
  $("layout-name").addEventListener("change", (event) => { state.layout = event.target.value; showTexts(); edited(); });
  $("data-name").addEventListener("change", (event) => { state.data = event.target.value; showTexts(); edited(); });
  $("opt-card-size").addEventListener("change", () => {
    $("other-size").hidden = $("opt-card-size").value !== "other";
    if ($("opt-card-size").value !== "other") edited();
  });
  for (const id of ["opt-size-text", "opt-title", "opt-rows"]) $(id).addEventListener("input", edited);
  for (const id of ["opt-ink-saver"]) $(id).addEventListener("change", edited);
  for (const button of document.querySelectorAll("#downloads button")) {
    button.addEventListener("click", () => download(button.dataset.kind, button));
  }
  window.addEventListener("pagehide", closeSession);
}());
