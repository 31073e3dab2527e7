// <podip-figure>: podip's stage in any page. A page includes this script once, from podip's build:
//   <script type="module" src="https://example.org/podip/podip-figure.js"></script>
// and writes figures (`<podip-figure tour="kind" step="8"></podip-figure>`, or a lesson's:
// `lesson="mine.md"`, or a `<script type="text/podip-lesson">` inside; README, "Figures in your docs").
// A tour's figure is drawn first by this script alone, from the build's pictures of its steps and their
// words (`figures/<lang>/<tour>/<step>.svg`, `steps.json`): it steps, follows reveal.js fragments, the
// theme and the print without WebAssembly. The engine (the figures' wasm and its glue) is fetched when a
// reader asks for motion (play), when an `autoplay` figure comes on screen, or for a figure the build has
// no pictures of (a scenario or a lesson of its own); it then draws the figure in place and the press
// that asked for it is honoured. Every figure of the page shares one engine and one stylesheet, loaded
// from this script's own folder, so the script works from another origin when that host allows it
// (CORS). Each figure draws in its own shadow root; what the element holds (the figure's SVG, an <img>)
// shows until the figure is drawn, and always where scripts are off. A figure plays only while on
// screen. The build writes the hashed file names below (src/bin/prerender.rs).
const folder = new URL("./", import.meta.url);
const files = { glue: "__PODIP_GLUE__", wasm: "__PODIP_WASM__", css: "__PODIP_CSS__" };
/** The tours the build drew pictures of. */
const tours = "__PODIP_TOURS__".split(" ");

let styled;
/** podip's stylesheet, parsed once for every figure: the pictures' and the engine's. */
const styles = () =>
  (styled ??= fetch(new URL(files.css, folder))
    .then((response) => response.text())
    .then((css) => {
      const sheet = new CSSStyleSheet();
      // Sized from the figure's own 16 px, whatever the host's root font size (mdBook's is 10 px): rem
      // inside a shadow root would be the host page's.
      sheet.replaceSync(css.replace(/(?<![\w.-])(\d*\.?\d+)rem\b/g, (_, n) => `${+n * 16}px`));
      return sheet;
    }));

let engine;
let engineHere = false;
/** The one engine of the page: the wasm started, once, when a figure first needs it. */
const start = () =>
  (engine ??= (async () => {
    // The wasm compiles as it downloads, beside the glue.
    const [glue, module] = await Promise.all([
      import(new URL(files.glue, folder).href),
      WebAssembly.compileStreaming(fetch(new URL(files.wasm, folder))),
    ]);
    await glue.default({ module_or_path: module });
    engineHere = true;
    return glue;
  })());

const steps = new Map();
/** What a tour's figure says at each step in a language (the build's `steps.json`), once per page;
 *  `null` where the build has none. */
const stepsOf = (lang, tour) => {
  const key = `${lang}/${tour}`;
  if (!steps.has(key)) {
    const url = new URL(`figures/${key}/steps.json`, folder);
    steps.set(key, fetch(url).then((r) => (r.ok ? r.json() : null)).catch(() => null));
  }
  return steps.get(key);
};

const onScreen = new IntersectionObserver((entries) => {
  for (const entry of entries) {
    const figure = entry.target;
    if (figure.drawn) engine.then((glue) => glue.figureOnScreen(figure, entry.isIntersecting));
    // An autoplay figure plays when it comes on screen: its engine is fetched then.
    else if (figure.pictured && entry.isIntersecting && figure.hasAttribute("autoplay") && !reducedMotion()) figure.wake();
    else if (figure.pictured) figure.near = entry.isIntersecting;
    if (figure.pictured && figure.near) figure.fetchNeighbours();
  }
});
const reducedMotion = () => matchMedia("(prefers-reduced-motion: reduce)").matches;

/** `text` safe inside HTML. */
const esc = (text) => String(text).replace(/[&<>"]/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot" }[c]};`);
/** One of the values `ok` (trimmed), the first when absent; `undefined` when it is none of them. */
const oneOf = (value, ok) => (value == null ? ok[0] : ok.find((v) => v === value.trim()));
const LANGS = ["en", "zh", "ja"];
const langOf = (tag) => LANGS.find((l) => l === tag?.split(/[-_]/)[0].toLowerCase());

class PodipFigure extends HTMLElement {
  static observedAttributes = ["tour", "lesson", "step", "t", "lang", "theme", "controls", "autoplay", "caption", "fit"];

  async connectedCallback() {
    followHostThemes();
    const turn = (this.turn = (this.turn ?? 0) + 1);
    await deckReady(this);
    // The figure of an explorable sentence is the sentence's to draw: the one the build rendered
    // inside it waits, as its picture, until the sentence is drawn with its own.
    const sentence = this.closest("podip-sentence");
    // Drawn once however often it was connected while it waited (reveal.js moves its slides at start).
    if (turn !== this.turn || !this.isConnected || this.drawn || this.pictured || (sentence && !sentence.hasAttribute("data-drawn"))) return;
    if (!(await this.picture(turn))) this.wake();
  }

  disconnectedCallback() {
    this.turn = (this.turn ?? 0) + 1;
    onScreen.unobserve(this);
    if (this.drawn) engine.then((glue) => glue.disconnectFigure(this));
    this.drawn = this.pictured = this.waking = false;
  }

  attributeChangedCallback() {
    if (this.carrying) return;
    if (this.drawn) engine.then((glue) => this.isConnected && this.draw(glue));
    // A reveal.js fragment shown forward plays its step's motion: the engine's, at the step asked.
    else if (this.pictured && this.hasAttribute("data-podip-forward") && !reducedMotion()) this.wake(undefined, false);
    else if (this.pictured) this.picture(this.turn).then((drawn) => drawn || this.wake());
  }

  /** The figure as the build's pictures show it, if the build drew them (a tour's figure at a step):
   *  whether it is drawn so. */
  async picture(turn) {
    const view = this.view();
    if (!view || engineHere) return false;
    const [told, sheet] = await Promise.all([stepsOf(view.lang, view.tour), styles()]);
    if (turn !== this.turn || !this.isConnected || this.drawn) return true;
    if (!told || view.step > told.steps.length) return false;
    Object.assign(this, { told, at: view.step, shownView: view, pictured: true });
    this.removeAttribute("data-podip-forward");
    fitSlide(this);
    this.root(sheet);
    this.render();
    onScreen.unobserve(this);
    onScreen.observe(this);
    return true;
  }

  /** What the figure's attributes ask of its pictures; `undefined` when pictures cannot show it (a
   *  scenario or a lesson of its own, a time, a value the engine must refuse in words). */
  view() {
    const at = (name) => this.getAttribute(name);
    if (this.querySelector(':scope > script[type^="text/podip"]') || at("lesson") != null || at("t") != null) return;
    const step = /^\s*\d+\s*$/.test(at("step") ?? "") ? Number(at("step")) : 0;
    const lang = at("lang") == null ? (langOf(this.closest("[lang]")?.getAttribute("lang")) ?? "en") : langOf(at("lang").trim());
    const theme = oneOf(at("theme"), ["", "light", "dark"]);
    const controls = oneOf(at("controls"), ["step", "none", "full"]);
    const caption = oneOf(at("caption"), ["step", "none"]);
    if (!tours.includes(at("tour")) || step < 1 || !lang || theme == null || !controls || !caption) return;
    return { tour: at("tour"), step, lang, theme, controls, caption: caption === "step" };
  }

  /** The shadow root's box, made once, with podip's stylesheet. */
  root(sheet) {
    if (!this.shadowRoot) {
      const shadow = this.attachShadow({ mode: "open" });
      shadow.adoptedStyleSheets = [sheet];
      this.box = document.createElement("div");
      this.box.className = "figure-root";
      shadow.append(this.box);
      // The pictures' controls (the engine's own listen on their own box).
      shadow.addEventListener("click", (event) => this.pictured && this.press(event.target.closest?.("button")?.dataset.testid));
      shadow.addEventListener("keydown", (event) => this.pictured && this.key(event));
    }
    return this.box;
  }

  /** The address of the build's picture of step `at` in the figure's language and theme. */
  pictureOf(at) {
    const v = this.shownView;
    const dark = (v.theme || this.style.colorScheme || (matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light")) === "dark";
    return new URL(`figures/${v.lang}/${v.tour}/${at}${dark ? "-dark" : ""}.svg`, folder).href;
  }

  /** The pictures of the steps beside the one shown, fetched ahead while the figure is on screen, so
   *  that a press shows its step at once. */
  fetchNeighbours() {
    for (const at of [this.at - 1, this.at + 1]) {
      if (at >= 1 && at <= this.told.steps.length) new Image().src = this.pictureOf(at);
    }
  }

  /** The figure at its step drawn from its picture, in the markup the engine draws (src/ui/figure). */
  render() {
    const { told, at, shownView: v } = this;
    const step = told.steps[at - 1];
    const slide = this.hasAttribute("data-podip-slide");
    const fill = this.hasAttribute("fit") || slide;
    const src = this.pictureOf(at);
    const { width, band } = told;
    const [first, last] = (this.getAttribute("data-podip-steps") ?? "").split(" ").map(Number);
    const held = slide && first >= 1 ? told.steps.slice(Math.max(first, 1) - 1, Math.min(last, told.steps.length)) : [];
    const unseen = held.filter((s) => s !== step).map((s) => `<div class="figure-words unseen" aria-hidden="true">${s.words}</div>`).join("");
    const caption = v.caption && step.words
      ? `<figcaption class="figure-caption${slide ? " held" : ""}" data-testid="figure-caption"><div class="figure-words">${step.words}</div>${unseen}</figcaption>`
      : "";
    const button = (id, ok, label, text) =>
      `<button data-testid="figure-${id}"${ok ? "" : " disabled"} aria-label="${esc(label)}">${text}</button>`;
    const bar = [
      v.controls !== "none" ? button("prev", step.back, told.prev, "◀") : "",
      v.controls === "full" ? `<button data-testid="figure-play" aria-pressed="false">${esc(told.play)}</button>` : "",
      v.controls !== "none" ? button("next", step.forward, told.next, "▶") : "",
    ].join("");
    const open = new URL(step.open[["", "light", "dark"].indexOf(v.theme)], folder).href;
    const focused = this.shadowRoot.activeElement?.dataset.testid;
    this.box.innerHTML = `<figure class="podip-figure fast${fill ? " fit" : ""}" data-testid="figure" data-step="${at}" data-time="${step.time}" data-playing="false" tabindex="0" aria-label="${esc(step.label)}">`
      + `<figure class="stage${fill ? " fill" : ""}" data-testid="stage" data-step="${at} ${told.steps.length}">`
      + `<div class="stage-canvas"><svg viewBox="0 0 ${width} ${step.height}"${fill ? ' style="height: 100%"' : ""} role="img" aria-label="${esc(step.count)}">`
      + `<image href="${esc(src)}" y="${-band}" width="${width}" height="${step.height + band}" /></svg></div></figure>`
      + `${caption}<div class="figure-bar">${bar}<span class="figure-count" data-testid="figure-count" aria-live="polite">${esc(step.count)}</span>`
      + `<a class="figure-open" data-testid="figure-open" href="${esc(open)}" target="_blank" rel="noopener">${esc(told.open)}</a></div></figure>`;
    if (focused) this.shadowRoot.querySelector(`[data-testid="${focused}"]`)?.focus();
    if (this.near) this.fetchNeighbours();
  }

  /** A press on the pictures: a step they show, or the engine for the rest (play, the introduction). */
  press(id) {
    const to = { "figure-prev": this.at - 1, "figure-next": this.at + 1 }[id];
    if (id === "figure-play" || to === 0) this.wake(id);
    else if (to <= this.told.steps.length) {
      this.at = to;
      this.render();
    }
  }

  key(event) {
    const controls = this.shownView.controls;
    const id = controls === "none" ? undefined
      : { ArrowRight: "figure-next", ArrowLeft: "figure-prev", " ": controls === "full" ? "figure-play" : undefined, k: controls === "full" ? "figure-play" : undefined }[event.key];
    if (!id) return;
    // The figure's, not the page's too: a reveal.js deck must not also move.
    event.preventDefault();
    event.stopPropagation();
    this.press(id);
  }

  /** The engine fetched and the figure drawn by it in place, at the step the pictures show (`carry`)
   *  or its `step`; then `press` (a button's test id) is pressed there. Until then the button pressed
   *  shows that it is under way. */
  async wake(press, carry = true) {
    if (this.waking || this.drawn) return;
    this.waking = true;
    const mark = this.box?.querySelector(`[data-testid="${press}"]`) ?? this.box?.querySelector("[data-testid=figure]");
    mark?.setAttribute("aria-busy", "true");
    const [glue, sheet] = await Promise.all([start(), styles()]);
    if (!this.isConnected || !this.waking) return;
    // The engine opens at the step the pictures show.
    if (carry && this.pictured && String(this.at) !== this.getAttribute("step")?.trim()) {
      this.carrying = true;
      this.setAttribute("step", String(this.at));
      this.carrying = false;
    }
    this.draw(glue, sheet, press);
  }

  /** Draw the figure by the engine from its attributes (again, when one changed). */
  draw(glue, sheet = this.shadowRoot?.adoptedStyleSheets[0], press) {
    fitSlide(this);
    const pictures = this.pictured && this.box;
    this.pictured = this.waking = false;
    if (!this.shadowRoot) this.root(sheet);
    if (pictures) {
      // Drawn unseen over the pictures, in their room, and shown in their place once drawn.
      const focused = this.shadowRoot.activeElement?.dataset.testid ?? (press && "figure");
      const box = document.createElement("div");
      box.className = "figure-root";
      box.style.cssText = "position: absolute; inset: 0; visibility: hidden";
      pictures.style.position = "relative";
      // The engine's figure fills the pictures' box, in their proportions, as a `fit` figure fills its
      // own — where the picture is shown near its size: narrower (a phone), the engine lays the stage
      // out taller, one node at a time, and the figure grows to it.
      const { width, height } = pictures.getBoundingClientRect();
      if (!this.hasAttribute("fit") && !this.hasAttribute("data-podip-slide") && width >= HELD_MIN_WIDTH) {
        this.style.aspectRatio = `${width.toFixed(1)} / ${height.toFixed(1)}`;
        this.setAttribute("data-podip-held", "");
      }
      pictures.append(box);
      this.box = box;
      const done = new MutationObserver(() => {
        const figure = box.querySelector("[data-testid=figure]");
        if (!figure) return;
        done.disconnect();
        pictures.replaceWith(box);
        box.removeAttribute("style");
        if (focused) box.querySelector(`[data-testid="${focused}"]`)?.focus();
        if (press) box.querySelector(`[data-testid="${press}"]`)?.click();
      });
      done.observe(box, { childList: true, subtree: true });
    }
    glue.connectFigure(this, this.box, folder.href);
    this.drawn = true;
    // Observed anew: the figure drawn is told at once whether it is on screen.
    onScreen.unobserve(this);
    onScreen.observe(this);
  }
}

customElements.define("podip-figure", PodipFigure);
/** The least width at which the engine's figure keeps its pictures' box: the build's 960-unit picture
 *  at 0.7 of its size, where the engine's stage fits the same box with its labels at 11 px. */
const HELD_MIN_WIDTH = 672;

/** The host page's theme where it says which: mdBook's theme class on <html>, Material for MkDocs'
 *  colour scheme on <body>, else the page's own background behind the figure; `undefined` leaves the
 *  reader's system preference. A figure's own `theme` attribute wins over all of them. */
function hostTheme(figure) {
  const html = document.documentElement.classList;
  if (["coal", "navy", "ayu"].some((c) => html.contains(c))) return "dark";
  if (["light", "rust"].some((c) => html.contains(c))) return "light";
  const scheme = document.body?.dataset.mdColorScheme;
  if (scheme) return scheme === "slate" ? "dark" : "light";
  for (let at = figure.parentElement; at; at = at.parentElement) {
    const [r, g, b, a = 1] = (getComputedStyle(at).backgroundColor.match(/[\d.]+/g) ?? []).map(Number);
    if (a > 0.5) return 0.2126 * r + 0.7152 * g + 0.0722 * b < 110 ? "dark" : "light";
  }
  return undefined;
}

/** Each figure without a theme of its own takes the host's, now and when the host switches. */
function followHostThemes() {
  for (const figure of document.querySelectorAll("podip-figure")) {
    const scheme = figure.hasAttribute("theme") ? "" : (hostTheme(figure) ?? "");
    if (figure.style.colorScheme === scheme) continue;
    figure.style.colorScheme = scheme;
    // The pictures of the scheme.
    if (figure.pictured) figure.render();
  }
}
matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => {
  for (const figure of document.querySelectorAll("podip-figure")) if (figure.pictured) figure.render();
});
const themeWatch = new MutationObserver(followHostThemes);
themeWatch.observe(document.documentElement, { attributes: true, attributeFilter: ["class", "style", "data-theme"] });
if (document.body) themeWatch.observe(document.body, { attributes: true, attributeFilter: ["data-md-color-scheme", "class"] });

/** reveal.js: a figure with `fragments` in a slide steps with the slide's fragments — its `step`, plus
 *  one per fragment shown — forwards and back, and in the speaker view and the PDF export, which show
 *  the same fragments. A fragment shown forward plays the step's motion at 1×, as a press in podip does
 *  (`data-podip-forward`, read once by the figure drawn). */
function followFragments(event) {
  for (const figure of document.querySelectorAll("podip-figure[fragments]")) {
    const slide = figure.closest("section");
    if (!slide) continue;
    figure.dataset.firstStep ??= figure.getAttribute("step") ?? "1";
    const shown = slide.querySelectorAll(".fragment.visible").length;
    const step = String(Number(figure.dataset.firstStep) + shown);
    if (figure.getAttribute("step") === step) continue;
    const forward = event?.type === "fragmentshown" && Number(step) === Number(figure.getAttribute("step")) + 1;
    figure.toggleAttribute("data-podip-forward", forward);
    figure.setAttribute("step", step);
  }
}
for (const type of ["ready", "slidechanged", "fragmentshown", "fragmenthidden", "pdf-ready"]) {
  document.addEventListener(type, followFragments);
}

/** reveal.js: a figure in a slide fits the slide. Unless it has `fit` (the box the page gives it), it is
 *  as tall as the slide's height leaves beside the slide's other content (the fragments under it stay
 *  on screen), and it is told, as `data-podip-slide`, the scale a 1024 × 768 projector shows the slide
 *  at, so that its stage sets its smallest label at the presenter's 14 px there (and the same picture,
 *  larger, on a larger screen), and as `data-podip-steps` the first and last step its fragments show. */
function fitSlide(figure) {
  const slide = figure.closest(".reveal .slides section");
  const slides = slide?.closest(".slides");
  const [width, height] = [parseFloat(slides?.style.width), parseFloat(slides?.style.height)];
  if (!slide || !(width > 0 && height > 0)) {
    figure.removeAttribute("data-podip-slide");
    return;
  }
  // reveal scales the slide to its window less a margin: the scale now, over the window's fit, is that
  // of any window (the PDF export prints the slide at its own size).
  const deck = slides.closest(".reveal");
  const fit = (w, h) => Math.min(w / width, h / height);
  const printed = document.documentElement.classList.contains("print-pdf");
  const scale = printed ? 1 : (slides.getBoundingClientRect().width / slides.offsetWidth) * fit(1024, 768) / fit(deck.offsetWidth, deck.offsetHeight);
  if (scale > 0 && Number.isFinite(scale)) figure.setAttribute("data-podip-slide", scale.toFixed(3));
  // The steps its fragments show, whose words the caption keeps room for.
  const first = Number(figure.dataset.firstStep ?? figure.getAttribute("step"));
  const last = first + (figure.hasAttribute("fragments") ? slide.querySelectorAll(".fragment").length : 0);
  if (first >= 1) figure.setAttribute("data-podip-steps", `${first} ${last}`);
  if (!figure.hasAttribute("fit")) {
    const rest = slide.scrollHeight - figure.offsetHeight;
    const room = `${Math.max(Math.floor(height - rest), MIN_SLIDE_FIGURE)}px`;
    if (figure.style.height !== room) figure.style.height = room;
    // reveal centres a slide by its height when it lays the deck out, before the figure took its room.
    if (slide.style.top) slide.style.top = `${Math.max((height - slide.scrollHeight) / 2, 0)}px`;
  }
  slideWatch.observe(slide);
}
/** The least height of a figure in a slide crowded by other content. */
const MIN_SLIDE_FIGURE = 240;
/** A slide's content that changes height (its fonts loaded, a line rewrapped) fits its figures again. */
const slideWatch = new ResizeObserver((entries) => {
  for (const { target } of entries) target.querySelectorAll("podip-figure").forEach((figure) => (figure.drawn || figure.pictured) && fitSlide(figure));
});

/** A figure in a reveal.js deck waits for the deck to be laid out, so it is drawn for its slide's room. */
function deckReady(figure) {
  const deck = figure.closest(".reveal");
  if (!deck || deck.classList.contains("ready") || !figure.closest(".slides section")) return;
  return new Promise((resolve) => {
    document.addEventListener("ready", resolve, { once: true });
    // A deck that never says it is ready (an old reveal.js) still gets its figures.
    setTimeout(resolve, 3000);
  });
}

/** <podip-sentence>: the article's explorable sentence, drawn over the same sentence rendered at build
 *  time (in the page, with the page's podip stylesheet) by the engine, which it fetches when a reader
 *  reaches for it (a pointer over it, a touch, the focus) or when it comes on screen. Its fields take a
 *  reader's values before then (the mask's field and slider kept together), and the engine starts from
 *  them. */
class PodipSentence extends HTMLElement {
  connectedCallback() {
    if (this.drawn) return;
    for (const type of ["pointerover", "pointerdown", "touchstart", "focusin"]) {
      this.addEventListener(type, () => this.wake(), { once: true, passive: true });
    }
    // Disabled in the built page, where without a script they would do nothing.
    for (const field of this.querySelectorAll(".sentence input[disabled]")) field.disabled = false;
    this.addEventListener("input", (event) => {
      if (this.hasAttribute("data-drawn")) return;
      const mask = this.querySelector("[data-testid=sentence-mask]");
      const slider = this.querySelector("[data-testid=sentence-slider]");
      if (event.target === slider && mask) mask.value = slider.value;
      if (event.target === mask && slider) slider.value = mask.value;
      this.dataset.typed = "";
      this.wake();
    });
    sentenceWatch.observe(this);
  }

  disconnectedCallback() {
    sentenceWatch.unobserve(this);
  }

  async wake() {
    if (this.waking || this.drawn) return;
    this.waking = true;
    sentenceWatch.unobserve(this);
    this.setAttribute("aria-busy", "true");
    const glue = await start();
    this.removeAttribute("aria-busy");
    if (this.isConnected && !this.drawn) {
      this.drawn = true;
      glue.connectSentence(this, folder.href);
    }
  }
}
const sentenceWatch = new IntersectionObserver((entries) => {
  for (const entry of entries) if (entry.isIntersecting) entry.target.wake();
});

customElements.define("podip-sentence", PodipSentence);
