// First load of each product of a release build, gzip -9: the app (`index.html`: podip-web's wasm and
// JS glue, the stylesheet) and a page of figures (`podip-figure.js`, podip-figures' wasm and glue, the
// stylesheet). Says how each stands against its budget; fails above its ceiling, which guards against
// growth while a figure is over its budget (README, "Budgets").
// Usage: node scripts/size-budget.mjs dist APP_BUDGET_KB APP_CEILING_KB FIGURES_BUDGET_KB FIGURES_CEILING_KB
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";

const [dir = "dist", ...limits] = process.argv.slice(2);
const [appBudget, appCeiling, figuresBudget, figuresCeiling] = limits.map(Number);
const products = {
  app: { budget: appBudget, ceiling: appCeiling, of: (name) => /^podip-web[-_.]/.test(name) },
  "page of figures": {
    budget: figuresBudget,
    ceiling: figuresCeiling,
    of: (name) => name === "podip-figure.js" || /^podip-figures[-_.]/.test(name),
  },
};
const sizes = { app: 0, "page of figures": 0 };
for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !/\.(wasm|js|css)$/.test(entry.name)) continue;
  const path = join(entry.parentPath, entry.name);
  const raw = readFileSync(path);
  const gz = gzipSync(raw, { level: 9 }).length;
  // The stylesheet (and any wasm-bindgen snippet) is loaded by both.
  const owners = Object.entries(products).filter(([, p]) => p.of(entry.name)).map(([name]) => name);
  for (const owner of owners.length ? owners : Object.keys(products)) sizes[owner] += gz;
  const name = relative(dir, path);
  console.log(`${name.padEnd(48)} raw ${(raw.length / 1024).toFixed(1).padStart(7)} KB   gzip -9 ${(gz / 1024).toFixed(1).padStart(6)} KB   ${owners.join(", ") || "both"}`);
}
let failed = false;
for (const [name, { budget, ceiling }] of Object.entries(products)) {
  const kb = sizes[name] / 1024;
  const over = kb > budget ? `: ${(kb - budget).toFixed(1)} KB OVER BUDGET` : "";
  console.log(`first load of the ${name} (wasm + js + css, gzip -9): ${kb.toFixed(1)} KB (budget ${budget} KB${over})`);
  if (!sizes[name]) {
    console.error(`no build output found for the ${name}`);
    failed = true;
  } else if (kb > ceiling) {
    console.error(`the ${name} is larger than its ${ceiling} KB ceiling`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
