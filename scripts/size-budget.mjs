// First-load size of a release build: wasm + js + css, each gzip -9, against the budget in the README.
// Usage: node scripts/size-budget.mjs dist [budget-kB]
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const dir = process.argv[2] ?? "dist";
const budgetKb = Number(process.argv[3] ?? 200);
let total = 0;
for (const name of readdirSync(dir)) {
  if (!/\.(wasm|js|css)$/.test(name)) continue;
  const raw = readFileSync(join(dir, name));
  const gz = gzipSync(raw, { level: 9 }).length;
  total += gz;
  console.log(`${name.padEnd(40)} raw ${(raw.length / 1024).toFixed(1).padStart(7)} KB   gzip -9 ${(gz / 1024).toFixed(1).padStart(6)} KB`);
}
console.log(`first load (wasm + js + css, gzip -9): ${(total / 1024).toFixed(1)} KB (budget ${budgetKb} KB)`);
if (total === 0 || total > budgetKb * 1024) {
  console.error(total === 0 ? "no build output found" : "over budget");
  process.exit(1);
}
