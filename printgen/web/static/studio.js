// printgen studio: the form is built from the catalogue (/api/products, embedded in the page), every change
// asks the server for the seed code (/api/code), and the pages are the server's PNGs of the very file.
// Changes are debounced; an answer that arrives after a newer change is dropped.
"use strict";

(() => {
  const boot = JSON.parse(document.getElementById("boot").textContent);
  const catalogue = boot.catalogue;
  const $ = (id) => document.getElementById(id);
  const DEBOUNCE_MS = 250;
  const THUMB_WIDTH = 180;

  const els = {
    system: $("system"), product: $("product"), summary: $("product-summary"), deckField: $("deck-field"),
    deck: $("deck"), deckSummary: $("deck-summary"), seed: $("seed"), newSeed: $("new-seed"),
    fields: $("option-fields"), options: $("options"), templates: $("use-templates"), message: $("message"),
    page: $("page"), working: $("working"), pageNo: $("page-no"), pageCount: $("page-count"), strip: $("strip"),
    prev: $("prev-page"), next: $("next-page"), code: $("code"), copyCode: $("copy-code"),
    share: $("share-link"), copyLink: $("copy-link"), qr: $("qr"), downloads: $("downloads"),
    upload: $("open-upload"), uploadForm: $("open-file"), figure: $("page-figure"),
    toPages: $("to-pages"), toPagesStatus: $("to-pages-status"), viewer: $("viewer"),
    openForm: $("open-code"), openBox: $("open-q"), openMessage: $("open-message"),
  };

  // ---- the catalogue, by game -------------------------------------------------------------------------

  const gameTitles = Object.fromEntries(catalogue.games.map((g) => [g.id, g.title]));

  function offers(system) {
    // The products made for ``system``, in the catalogue's order (the registry's), each with its catalogue
    // entry; a product of named offers (decks) only where the game has one.
    const found = [];
    for (const product of catalogue.products) {
      const entry = product.systems.find((s) => s.id === system);
      if (entry && (!("decks" in entry) || entry.decks.length)) found.push({ product, entry });
    }
    return found;
  }

  function systems() {
    const ids = catalogue.games.map((g) => g.id);
    for (const product of catalogue.products) {
      for (const s of product.systems) if (!ids.includes(s.id)) ids.push(s.id);
    }
    return ids.filter((id) => offers(id).length);
  }

  function systemLabel(id) {
    if (gameTitles[id]) return gameTitles[id];
    return "Any game: " + offers(id).map((o) => words(o.product.name).toLowerCase()).join(", ");
  }

  const words = (name) => name.charAt(0).toUpperCase() + name.slice(1).replace(/-/g, " ");

  function current() {
    return offers(els.system.value).find((o) => o.product.name === els.product.value);
  }

  function declaredOptions() {
    const chosen = current();
    if (!chosen) return [];
    let options = chosen.entry.options.filter((o) => o.name !== "format");
    if (chosen.product.name === "deck") {
      const deck = (chosen.entry.decks || []).find((d) => d.name === els.deck.value);
      if (deck) options = deck.options.concat(options); // what the deck asks first, then how it is printed
    }
    return options;
  }

  // ---- building the form --------------------------------------------------------------------------------

  function fill(select, items, value) {
    select.replaceChildren(...items.map(([v, label]) => new Option(label, v)));
    if (value !== undefined && items.some(([v]) => v === value)) select.value = value;
  }

  function buildSystems(value) {
    fill(els.system, systems().map((id) => [id, systemLabel(id)]), value);
  }

  function buildProducts(value) {
    fill(els.product, offers(els.system.value).map((o) => [o.product.name, words(o.product.name)]), value);
  }

  function buildDeck(value) {
    const chosen = current();
    const isDeck = chosen && chosen.product.name === "deck";
    els.deckField.hidden = !isDeck;
    if (isDeck) {
      fill(els.deck, chosen.entry.decks.map((d) => [d.name, words(d.name)]), value);
      const deck = chosen.entry.decks.find((d) => d.name === els.deck.value);
      els.deckSummary.textContent = deck ? deck.summary : "";
    }
    els.summary.textContent = chosen ? chosen.product.summary : "";
  }

  let lastValues = {};

  function shownDefault(option) {
    const text = option.default;
    return option.kind === "pair" && text ? text.replace("x", ",") : text;
  }

  function field(option, given) {
    const wrap = document.createElement("div");
    wrap.className = "field kind-" + option.kind;
    wrap.dataset.option = option.name;
    if (option.when) {
      wrap.dataset.whenOption = option.when.option;
      wrap.dataset.whenValue = option.when.value;
    }
    const id = "opt-" + option.name;
    const label = document.createElement("label");
    label.htmlFor = id;
    label.textContent = words(option.name);
    let input;
    if (option.kind === "flag") {
      input = document.createElement("input");
      input.type = "checkbox";
      input.checked = (given ?? option.default) === "yes";
      wrap.classList.add("check");
    } else if (option.kind === "choice") {
      input = document.createElement("select");
      const items = option.choices.map((c) => [c, c]);
      if (option.default === null) items.unshift(["", option.absent || "automatic"]);
      fill(input, items);
      if (option.default_depends) input.dataset.automatic = "yes"; // its first item names what it follows
      input.value = given ?? option.default ?? "";
    } else {
      input = document.createElement("input");
      if (option.kind === "whole" || option.kind === "number") {
        input.type = "number";
        input.inputMode = option.kind === "whole" ? "numeric" : "decimal";
        input.min = option.low;
        input.max = option.high;
        input.step = option.kind === "whole" ? "1" : "any";
      } else {
        input.type = "text";
        input.spellcheck = false;
        if (option.kind === "pair") input.placeholder = "X,Y";
      }
      const value = given !== undefined ? (option.kind === "pair" ? given.replace("x", ",") : given) : shownDefault(option);
      input.value = value ?? "";
      if (option.default === null) input.placeholder = option.default_depends ? "automatic" : "none";
    }
    input.id = id;
    input.name = option.name;
    input.dataset.kind = option.kind;
    const help = document.createElement("small");
    help.className = "help";
    const range = option.low !== undefined ? ` (${option.low}–${option.high})` : "";
    help.textContent = option.help + range;
    help.id = id + "-help";
    const problem = document.createElement("p");
    problem.className = "field-error";
    problem.id = id + "-error";
    problem.hidden = true;
    input.setAttribute("aria-describedby", `${problem.id} ${help.id}`);
    if (option.kind === "flag") {
      label.prepend(input);
      wrap.append(label, problem, help);
    } else {
      wrap.append(label, input, problem, help);
    }
    return wrap;
  }

  function buildOptions(given = {}) {
    const fields = declaredOptions().map((o) => field(o, given[o.name]));
    els.fields.replaceChildren(...fields);
    els.options.hidden = fields.length === 0;
    applyWhen();
  }

  function valueOf(input) {
    if (input.dataset.kind === "flag") return input.checked ? "yes" : "no";
    return input.value.trim();
  }

  function effective(name) {
    const input = els.fields.querySelector(`[name="${CSS.escape(name)}"]`);
    const typed = input ? valueOf(input) : "";
    return typed !== "" ? typed : lastValues[name];
  }

  function applyWhen() {
    for (const wrap of els.fields.querySelectorAll(".field[data-when-option]")) {
      const other = effective(wrap.dataset.whenOption);
      wrap.hidden = other !== undefined && other !== null && other !== wrap.dataset.whenValue;
    }
    for (const input of els.fields.querySelectorAll("input, select")) {
      const auto = lastValues[input.name];
      if (input.tagName === "SELECT" && input.dataset.automatic && input.options[0] && input.options[0].value === "") {
        input.options[0].textContent = auto ? `automatic (${auto})` : "automatic";
      } else if (input.placeholder === "automatic" && auto) {
        input.placeholder = `automatic: ${auto}`;
      }
    }
  }

  function collect() {
    const options = {};
    for (const wrap of els.fields.querySelectorAll(".field")) {
      if (wrap.hidden) continue;
      const input = wrap.querySelector("input, select");
      const value = valueOf(input);
      if (value !== "") options[input.name] = value;
    }
    if (!els.deckField.hidden) options.deck = els.deck.value;
    return {
      system: els.system.value, product: els.product.value, seed: els.seed.value, options,
      templates: els.templates ? els.templates.checked : false,
    };
  }

  // ---- talking to the server -------------------------------------------------------------------------

  let generation = 0;
  let controller = null;
  let timer = null;
  let shown = null; // the last answer of /api/code shown
  let pages = []; // the page sizes of the file shown
  let selected = 1;

  function schedule(delay = DEBOUNCE_MS) {
    clearTimeout(timer);
    applyWhen();
    timer = setTimeout(refresh, delay);
  }

  function say(text, kind = "") {
    els.message.textContent = text || "";
    els.message.className = "message " + kind;
  }

  function working(on) {
    els.working.hidden = !on;
    els.figure.classList.toggle("busy", on);
    els.toPagesStatus.textContent = on ? "(making…)" : pages.length ? `(${pages.length})` : "";
  }

  async function answer(response) {
    let body = null;
    try {
      body = await response.json();
    } catch (_) {
      body = { error: (await response.text().catch(() => "")) || response.statusText };
    }
    if (!response.ok) {
      const wait = response.headers.get("Retry-After");
      const error = new Error((body && body.error) || response.statusText + (wait ? ` (try again in ${wait} s)` : ""));
      error.field = body && body.field;
      throw error;
    }
    return body;
  }

  // ---- a refusal beside the field it is about -------------------------------------------------------

  function fieldInput(name) {
    // The form's control for ``name``: an option's field, or the game, product, deck or seed.
    if (!name) return null;
    const own = { system: els.system, product: els.product, deck: els.deck, seed: els.seed }[name];
    return own || els.fields.querySelector(`[name="${CSS.escape(name)}"]`);
  }

  function clearMarks() {
    for (const marked of document.querySelectorAll("#make [aria-invalid='true']")) marked.removeAttribute("aria-invalid");
    for (const wrap of document.querySelectorAll("#make .invalid")) wrap.classList.remove("invalid");
    for (const problem of document.querySelectorAll("#make .field-error")) {
      problem.hidden = true;
      problem.textContent = "";
    }
  }

  function markField(name, message) {
    // The field marked and the message under it, in the page's words; true when the form has that field.
    const input = fieldInput(name);
    if (!input || input.closest("[hidden]")) return false;
    const wrap = input.closest(".field, label, .row") || input.parentElement;
    let problem = wrap.querySelector(".field-error");
    if (!problem) {
      problem = document.createElement("p");
      problem.className = "field-error";
      problem.id = input.id + "-error";
      wrap.append(problem);
      input.setAttribute("aria-describedby", problem.id);
    }
    problem.textContent = message;
    problem.hidden = false;
    input.setAttribute("aria-invalid", "true");
    wrap.classList.add("invalid");
    return true;
  }

  // The form whose answer is awaited or shown: leaving a field fires "change" after the "input" that already
  // asked for its value, and asking again would redraw the page and its download links under the pointer.
  let asked = null;

  async function refresh() {
    const form = JSON.stringify(collect());
    if (form === asked) return;
    asked = form;
    const mine = ++generation;
    if (controller) controller.abort();
    controller = new AbortController();
    const signal = controller.signal;
    working(true);
    try {
      const described = await answer(await fetch("/api/code", {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(collect()), signal,
      }));
      if (mine !== generation) return;
      clearMarks();
      await show(described, mine, signal);
    } catch (error) {
      if (error.name === "AbortError" || mine !== generation) return;
      asked = null; // the same form asked again is answered again (a server that was busy may not be now)
      working(false);
      clearMarks();
      markField(error.field, error.message);
      say(error.message, "error");
      document.body.classList.add("stale");
      forgetPages();
    }
  }

  // The pages shown were another form's (another game's, before the change): never left beside this one.
  function forgetPages() {
    shown = null;
    pages = [];
    els.page.hidden = true;
    delete els.page.dataset.code;
    els.strip.replaceChildren();
    els.downloads.replaceChildren();
    els.pageCount.textContent = "0";
    els.pageNo.textContent = "0";
  }

  async function show(described, mine, signal) {
    say("");
    document.body.classList.remove("stale");
    shown = described;
    lastValues = described.values || {};
    applyWhen();
    els.code.value = described.code;
    els.code.textContent = described.code;
    els.share.value = described.share;
    els.qr.src = described.qr;
    els.qr.hidden = false;
    els.downloads.replaceChildren(...described.downloads.map((d) => {
      const link = document.createElement("a");
      link.href = d.href;
      link.className = "button download";
      link.textContent = d.label;
      link.setAttribute("download", "");
      link.dataset.suffix = d.suffix;
      return link;
    }));
    history.replaceState(null, "", "/?code=" + described.share.split("?code=")[1]);
    // Page 1 (or the page chosen) is asked for at once: the server makes the file for it and draws the page.
    if (selected < 1) selected = 1;
    const first = pageUrl(selected, largeWidth());
    new Image().src = first; // asked for at once, beside the file's description: one render makes both
    const info = await answer(await fetch(described.info, { signal }));
    if (mine !== generation) return;
    pages = info.pages;
    if (!info.previewable || !pages.length) {
      working(false);
      say(info.note ? info.note.charAt(0).toUpperCase() + info.note.slice(1) + "." : "This file has no pages to show.");
      return;
    }
    if (selected > pages.length) selected = 1;
    els.pageCount.textContent = String(pages.length);
    buildStrip(mine);
    await showPage(selected === 1 ? first : pageUrl(selected, largeWidth()), mine);
  }

  function pageUrl(number, width) {
    return `${shown.preview}${number}.png?width=${width}`;
  }

  function largeWidth() {
    const box = els.figure.getBoundingClientRect();
    const size = pages[selected - 1] || [612, 792];
    // On a laptop the page fits the window's height; on a phone it takes the column's width.
    const byHeight = window.matchMedia("(min-width: 1000px)").matches ? (box.height || 700) * (size[0] / size[1]) : Infinity;
    const css = Math.min(box.width || 600, byHeight);
    const px = Math.ceil((css * (window.devicePixelRatio || 1)) / 100) * 100;
    return Math.max(200, Math.min(2000, px));
  }

  function showPage(url, mine) {
    return new Promise((resolve) => {
      const picture = new Image();
      picture.onload = () => {
        if (mine === generation) {
          els.page.src = url;
          els.page.hidden = false;
          els.page.alt = `Page ${selected} of ${pages.length}`;
          els.page.dataset.code = shown.shown;
          els.page.dataset.pages = String(pages.length);
          els.pageNo.textContent = String(selected);
          markStrip();
          working(false);
        }
        resolve();
      };
      picture.onerror = async () => {
        if (mine === generation) {
          working(false);
          const response = await fetch(url).catch(() => null);
          say(response ? (await response.text()).trim() : "the page could not be loaded", "error");
        }
        resolve();
      };
      picture.src = url;
    });
  }

  function buildStrip(mine) {
    const items = pages.map((size, index) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "thumb";
      button.dataset.page = String(index + 1);
      button.setAttribute("aria-label", `Page ${index + 1}`);
      const img = document.createElement("img");
      img.loading = "lazy";
      img.alt = "";
      img.width = 90;
      img.height = Math.round((90 * size[1]) / size[0]);
      img.src = pageUrl(index + 1, THUMB_WIDTH);
      const number = document.createElement("span");
      number.textContent = String(index + 1);
      button.append(img, number);
      button.addEventListener("click", () => choose(index + 1));
      return button;
    });
    if (mine === generation) els.strip.replaceChildren(...items);
  }

  function markStrip() {
    for (const button of els.strip.querySelectorAll(".thumb")) {
      const on = button.dataset.page === String(selected);
      button.classList.toggle("selected", on);
      if (on) button.setAttribute("aria-current", "page");
      else button.removeAttribute("aria-current");
    }
  }

  function choose(number) {
    if (!shown || number < 1 || number > pages.length) return;
    selected = number;
    const mine = generation;
    working(true);
    showPage(pageUrl(number, largeWidth()), mine);
    const thumb = els.strip.querySelector(`[data-page="${number}"]`);
    if (thumb) thumb.scrollIntoView({ block: "nearest", inline: "nearest" });
  }

  // ---- copying ---------------------------------------------------------------------------------------

  async function copy(text, button) {
    try {
      await navigator.clipboard.writeText(text);
    } catch (_) {
      const area = document.createElement("textarea");
      area.value = text;
      document.body.append(area);
      area.select();
      document.execCommand("copy");
      area.remove();
    }
    const was = button.textContent;
    button.textContent = "Copied";
    setTimeout(() => { button.textContent = was; }, 1200);
  }

  // ---- wiring ----------------------------------------------------------------------------------------

  function start(state) {
    buildSystems(state.system);
    buildProducts(state.product);
    buildDeck(state.options && state.options.deck);
    els.seed.value = state.seed || "";
    if (els.templates && state.templates !== undefined && boot.described) els.templates.checked = state.templates;
    buildOptions(state.options || {});
    seedShown();
  }

  // A product that rolls nothing (graph paper) needs no seed: the same choices, the same file. Its seed box
  // stays empty unless a seed is typed; the seed of the product before comes back with a product that rolls.
  let keptSeed = "";

  function seedShown() {
    const chosen = current();
    const seeded = !chosen || chosen.product.seeded !== false;
    els.seed.placeholder = seeded ? "" : "none needed: it rolls nothing";
    els.newSeed.hidden = !seeded;
  }

  function productChanged() {
    const chosen = current();
    const seeded = !chosen || chosen.product.seeded !== false;
    if (!seeded && els.seed.value) {
      keptSeed = els.seed.value;
      els.seed.value = "";
    } else if (seeded && !els.seed.value && keptSeed) {
      els.seed.value = keptSeed;
    }
    seedShown();
  }

  els.system.addEventListener("change", () => {
    const product = els.product.value;
    buildProducts(product);
    buildDeck();
    buildOptions();
    productChanged();
    selected = 1;
    schedule(0);
  });
  els.product.addEventListener("change", () => { buildDeck(); buildOptions(); productChanged(); selected = 1; schedule(0); });
  els.deck.addEventListener("change", () => { buildDeck(els.deck.value); buildOptions(collect().options); schedule(0); });
  els.fields.addEventListener("input", () => schedule());
  els.fields.addEventListener("change", () => schedule());
  els.seed.addEventListener("input", () => schedule());
  if (els.templates) els.templates.addEventListener("change", () => schedule(0));
  els.newSeed.addEventListener("click", async () => {
    try {
      const fresh = await answer(await fetch("/api/seed", { cache: "no-store" }));
      els.seed.value = fresh.seed;
      schedule(0);
    } catch (error) {
      say(error.message, "error");
    }
  });
  els.prev.addEventListener("click", () => choose(selected - 1));
  els.next.addEventListener("click", () => choose(selected + 1));
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, select, textarea")) return;
    if (event.key === "ArrowLeft" || event.key === "PageUp") choose(selected - 1);
    if (event.key === "ArrowRight" || event.key === "PageDown") choose(selected + 1);
  });
  els.copyCode.addEventListener("click", () => copy(els.code.textContent, els.copyCode));
  els.copyLink.addEventListener("click", () => copy(els.share.value, els.copyLink));
  els.share.addEventListener("focus", () => els.share.select());
  // ---- opening a code, a link or a file: the page's choices stay as they are when it is refused ------------

  function openSaid(text) {
    els.openMessage.textContent = text || "";
    els.openMessage.hidden = !text;
    if (text) els.openBox.setAttribute("aria-invalid", "true");
    else els.openBox.removeAttribute("aria-invalid");
  }

  let opening = null; // the open box's request, apart from the form's own: an edit does not cancel it

  async function open(request) {
    if (opening) opening.abort();
    const mine = (opening = new AbortController());
    try {
      const described = await answer(await fetch("/api/open", { ...request, signal: mine.signal }));
      if (mine !== opening) return;
      openSaid("");
      els.openBox.value = "";
      clearTimeout(timer); // the opened file replaces whatever the form was about to ask
      asked = null;
      const shownNow = ++generation;
      if (controller) controller.abort();
      controller = new AbortController();
      start(described.state);
      selected = 1;
      clearMarks();
      working(true);
      await show(described, shownNow, controller.signal);
    } catch (error) {
      if (error.name === "AbortError" || mine !== opening) return;
      openSaid(error.message); // the form, its pages and its code are left as they were
    }
  }

  els.openForm.addEventListener("submit", (event) => {
    event.preventDefault();
    open({ method: "POST", body: new URLSearchParams({ q: els.openBox.value }) });
  });
  els.openBox.addEventListener("input", () => openSaid(""));
  els.upload.addEventListener("change", () => {
    if (!els.upload.files.length) return;
    const body = new FormData();
    body.append("file", els.upload.files[0]);
    els.upload.value = "";
    open({ method: "POST", body });
  });
  let resized = null;
  window.addEventListener("resize", () => {
    clearTimeout(resized);
    resized = setTimeout(() => { if (shown && pages.length) choose(selected); }, 300);
  });

  if ("IntersectionObserver" in window) {
    // Shown until a quarter of the pages' part is in sight (the top of an empty page is no sight of it).
    new IntersectionObserver((seen) => { els.toPages.hidden = seen[0].intersectionRatio >= 0.25; },
      { threshold: [0, 0.25] }).observe(els.viewer);
  }

  start(boot.start);
  if (boot.described) {
    const mine = ++generation;
    controller = new AbortController();
    working(true);
    show(boot.described, mine, controller.signal).catch((error) => {
      if (mine === generation) { working(false); say(error.message, "error"); }
    });
  } else {
    refresh();
  }
})();
