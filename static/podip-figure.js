// <podip-figure>: podip's stage in any page. A page includes this script once, from podip's build:
//   <script type="module" src="https://example.org/podip/podip-figure.js"></script>
// and writes figures (`<podip-figure tour="kind" step="8"></podip-figure>`, or a lesson's:
// `lesson="mine.md"`, or a `<script type="text/podip-lesson">` inside; README, "Figures in your docs").
// Every figure of the page shares one WebAssembly instance and one stylesheet, both loaded from this
// script's own folder, so the script works from another origin when that host allows it (CORS).
// Each figure draws in its own shadow root; what the element holds (the figure's SVG, an <img>) shows
// until the figure is drawn, and always where scripts are off. A figure plays only while on screen.
// The build writes the hashed file names below (src/bin/prerender.rs).
const folder = new URL("./", import.meta.url);
const files = { glue: "__PODIP_GLUE__", wasm: "__PODIP_WASM__", css: "__PODIP_CSS__" };

let engine;
/** The one engine of the page: the wasm started and podip's stylesheet parsed, once. */
const start = () =>
  (engine ??= (async () => {
    // The wasm compiles as it downloads, beside the glue and the stylesheet.
    const [glue, module, css] = await Promise.all([
      import(new URL(files.glue, folder).href),
      WebAssembly.compileStreaming(fetch(new URL(files.wasm, folder))),
      fetch(new URL(files.css, folder)).then((response) => response.text()),
    ]);
    await glue.default({ module_or_path: module });
    const sheet = new CSSStyleSheet();
    // Sized from the figure's own 16 px, whatever the host's root font size (mdBook's is 10 px): rem
    // inside a shadow root would be the host page's.
    sheet.replaceSync(css.replace(/(?<![\w.-])(\d*\.?\d+)rem\b/g, (_, n) => `${+n * 16}px`));
    return { glue, sheet };
  })());

const onScreen = new IntersectionObserver((entries) => {
  for (const entry of entries) {
    if (entry.target.drawn) engine.then(({ glue }) => glue.figureOnScreen(entry.target, entry.isIntersecting));
  }
});

class PodipFigure extends HTMLElement {
  static observedAttributes = ["tour", "lesson", "step", "t", "lang", "theme", "controls", "autoplay", "caption", "fit"];

  async connectedCallback() {
    followHostThemes();
    const { glue, sheet } = await start();
    await deckReady(this);
    // The figure of an explorable sentence is the sentence's to draw: the one the build rendered
    // inside it waits, as its picture, until the sentence is drawn with its own.
    const sentence = this.closest("podip-sentence");
    // Drawn once however often it was connected while it waited (reveal.js moves its slides at start).
    if (this.isConnected && !this.drawn && (!sentence || sentence.hasAttribute("data-drawn"))) this.draw(glue, sheet);
  }

  disconnectedCallback() {
    onScreen.unobserve(this);
    if (this.drawn) engine.then(({ glue }) => glue.disconnectFigure(this));
    this.drawn = false;
  }

  attributeChangedCallback() {
    if (this.drawn) engine.then(({ glue, sheet }) => this.isConnected && this.draw(glue, sheet));
  }

  /** Draw the figure from its attributes (again, when one changed). */
  draw(glue, sheet) {
    fitSlide(this);
    if (!this.shadowRoot) {
      const shadow = this.attachShadow({ mode: "open" });
      shadow.adoptedStyleSheets = [sheet];
      this.box = document.createElement("div");
      this.box.className = "figure-root";
      shadow.append(this.box);
    }
    glue.connectFigure(this, this.box, folder.href);
    this.drawn = true;
    // Observed anew: the figure drawn is told at once whether it is on screen.
    onScreen.unobserve(this);
    onScreen.observe(this);
  }
}

customElements.define("podip-figure", PodipFigure);

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
    figure.style.colorScheme = figure.hasAttribute("theme") ? "" : (hostTheme(figure) ?? "");
  }
}
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
  for (const { target } of entries) target.querySelectorAll("podip-figure").forEach((figure) => figure.drawn && fitSlide(figure));
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
 *  time (in the page, with the page's podip stylesheet). */
class PodipSentence extends HTMLElement {
  async connectedCallback() {
    const { glue } = await start();
    if (this.isConnected && !this.drawn) {
      this.drawn = true;
      glue.connectSentence(this, folder.href);
    }
  }
}

customElements.define("podip-sentence", PodipSentence);
