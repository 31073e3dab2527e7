// What each product of a release build loads, gzip -9: the app's first load (`index.html`: podip-web's
// wasm and JS glue, the stylesheet); a page of figures before any interaction (`podip-figure.js` and the
// stylesheet: the figures are drawn from the build's pictures, `figures/`, which are not counted, and
// their words, `steps.json`, said apart); and the figures' engine, fetched when a reader plays or a
// figure needs it (podip-figures' wasm and glue; with the page's first load, what a figure that plays
// has loaded). Says how each stands against its budget; fails above its ceiling, which guards against
// growth while one is over its budget (README, "Budgets").
// Usage: node scripts/size-budget.mjs dist APP_BUDGET_KB APP_CEILING_KB ENGINE_BUDGET_KB ENGINE_CEILING_KB
//          PAGE_BUDGET_KB PAGE_CEILING_KB
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";

const [dir = "dist", ...limits] = process.argv.slice(2);
const [appBudget, appCeiling, engineBudget, engineCeiling, pageBudget, pageCeiling] = limits.map(Number);
const stylesheet = (name) => /^style[-_.].*\.css$/.test(name) || name === "style.css";
const products = {
  // Everything but the figures' own files, as index.html loads it.
  app: { budget: appBudget, ceiling: appCeiling, of: (name) => name !== "podip-figure.js" && !/^podip-figures[-_.]/.test(name) },
  "page of figures before interaction": {
    budget: pageBudget,
    ceiling: pageCeiling,
    of: (name) => name === "podip-figure.js" || stylesheet(name),
  },
  "figures' engine": { budget: engineBudget, ceiling: engineCeiling, of: (name) => /^podip-figures[-_.]/.test(name) },
};
const sizes = Object.fromEntries(Object.keys(products).map((name) => [name, 0]));
let words = { files: 0, gz: 0, largest: 0 };
for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile()) continue;
  const path = join(entry.parentPath, entry.name);
  if (entry.name === "steps.json") {
    const gz = gzipSync(readFileSync(path), { level: 9 }).length;
    words = { files: words.files + 1, gz: words.gz + gz, largest: Math.max(words.largest, gz) };
    continue;
  }
  // Own code and style only: the pictures (SVG) and the pages' HTML are what they show.
  if (!/\.(wasm|js|css)$/.test(entry.name) || relative(dir, path).startsWith("figures")) continue;
  const raw = readFileSync(path);
  const gz = gzipSync(raw, { level: 9 }).length;
  const owners = Object.entries(products).filter(([, p]) => p.of(entry.name)).map(([name]) => name);
  for (const owner of owners) sizes[owner] += gz;
  const name = relative(dir, path);
  console.log(`${name.padEnd(48)} raw ${(raw.length / 1024).toFixed(1).padStart(7)} KB   gzip -9 ${(gz / 1024).toFixed(1).padStart(6)} KB   ${owners.join(", ") || "none"}`);
}
let failed = false;
for (const [name, { budget, ceiling }] of Object.entries(products)) {
  const kb = sizes[name] / 1024;
  const over = kb > budget ? `: ${(kb - budget).toFixed(1)} KB OVER BUDGET` : "";
  console.log(`the ${name} (gzip -9): ${kb.toFixed(1)} KB (budget ${budget} KB${over})`);
  if (!sizes[name]) {
    console.error(`no build output found for the ${name}`);
    failed = true;
  } else if (!(kb <= ceiling)) {
    console.error(`the ${name} is larger than its ${ceiling} KB ceiling`);
    failed = true;
  }
}
const played = (sizes["page of figures before interaction"] + sizes["figures' engine"]) / 1024;
console.log(`a page of figures once one plays (both above): ${played.toFixed(1)} KB`);
console.log(`the figures' words (steps.json, one per tour and language a page shows): ${words.files} files, ${(words.largest / 1024).toFixed(1)} KB the largest, gzip -9`);
process.exit(failed ? 1 : 0);
