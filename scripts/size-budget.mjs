// First-load size of a release build: wasm + js + css, each gzip -9.
// Usage: node scripts/size-budget.mjs dist BUDGET_KB CEILING_KB
//   BUDGET_KB  the budget; a build above it is reported as OVER BUDGET (see the README's table)
//   CEILING_KB a regression guard: a build above it fails, so the size can only go down from here
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const dir = process.argv[2] ?? "dist";
const budgetKb = Number(process.argv[3] ?? 200);
const ceilingKb = Number(process.argv[4] ?? budgetKb);
let total = 0;
for (const name of readdirSync(dir)) {
  if (!/\.(wasm|js|css)$/.test(name)) continue;
  const raw = readFileSync(join(dir, name));
  const gz = gzipSync(raw, { level: 9 }).length;
  total += gz;
  console.log(`${name.padEnd(40)} raw ${(raw.length / 1024).toFixed(1).padStart(7)} KB   gzip -9 ${(gz / 1024).toFixed(1).padStart(6)} KB`);
}
const kb = total / 1024;
console.log(`first load (wasm + js + css, gzip -9): ${kb.toFixed(1)} KB (budget ${budgetKb} KB${kb > budgetKb ? ": OVER BUDGET" : ""})`);
if (total === 0) {
  console.error("no build output found");
  process.exit(1);
}
if (kb > ceilingKb) {
  console.error(`larger than the ${ceilingKb} KB regression ceiling`);
  process.exit(1);
}
