// First-load size of a release build: wasm + js + css, each gzip -9, in dist and below it (wasm-bindgen's
// snippets). Says how it stands against the budget; fails above the ceiling, which guards against
// growth while the figure is over the budget (README, "Budgets").
// Usage: node scripts/size-budget.mjs dist BUDGET_KB [CEILING_KB]
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";

const dir = process.argv[2] ?? "dist";
const budgetKb = Number(process.argv[3] ?? 260);
const ceilingKb = Number(process.argv[4] ?? budgetKb);
let total = 0;
for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !/\.(wasm|js|css)$/.test(entry.name)) continue;
  const path = join(entry.parentPath, entry.name);
  const raw = readFileSync(path);
  const gz = gzipSync(raw, { level: 9 }).length;
  total += gz;
  const name = relative(dir, path);
  console.log(`${name.padEnd(56)} raw ${(raw.length / 1024).toFixed(1).padStart(7)} KB   gzip -9 ${(gz / 1024).toFixed(1).padStart(6)} KB`);
}
const kb = total / 1024;
console.log(`first load (wasm + js + css, gzip -9): ${kb.toFixed(1)} KB (budget ${budgetKb} KB${kb > budgetKb ? `: ${(kb - budgetKb).toFixed(1)} KB OVER BUDGET` : ""})`);
if (total === 0) {
  console.error("no build output found");
  process.exit(1);
}
if (kb > ceilingKb) {
  console.error(`larger than the ${ceilingKb} KB ceiling`);
  process.exit(1);
}
