// <podip-figure>: podip's stage in any page. A page includes this script once, from podip's build:
//   <script type="module" src="https://example.org/podip/podip-figure.js"></script>
// and writes figures (`<podip-figure tour="kind" step="8"></podip-figure>`; README, "Figures in your
// docs"). Every figure of the page shares one WebAssembly instance and one stylesheet, both loaded from
// this script's own folder, so the script works from another origin when that host allows it (CORS).
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
    sheet.replaceSync(css);
    return { glue, sheet };
  })());

const onScreen = new IntersectionObserver((entries) => {
  for (const entry of entries) {
    if (entry.target.drawn) engine.then(({ glue }) => glue.figureOnScreen(entry.target, entry.isIntersecting));
  }
});

class PodipFigure extends HTMLElement {
  static observedAttributes = ["tour", "step", "t", "lang", "theme", "controls", "autoplay", "caption", "fit"];

  async connectedCallback() {
    const { glue, sheet } = await start();
    // The figure of an explorable sentence is the sentence's to draw: the one the build rendered
    // inside it waits, as its picture, until the sentence is drawn with its own.
    const sentence = this.closest("podip-sentence");
    if (this.isConnected && (!sentence || sentence.hasAttribute("data-drawn"))) this.draw(glue, sheet);
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
