// First-load size of a release build: wasm + js + css, each gzip -9, in dist and below it (wasm-bindgen's
// snippets). The deferred wasm (src/ui/split.rs) is fetched after the first paint: listed, not counted.
// Usage: node scripts/size-budget.mjs dist BUDGET_KB CEILING_KB
//   BUDGET_KB  the budget; a build above it is reported as OVER BUDGET and fails
//   CEILING_KB a regression guard below the budget: a build above it fails, so the size can only go
//              down from here (the budget's room is not spent unseen)
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";

const dir = process.argv[2] ?? "dist";
const budgetKb = Number(process.argv[3] ?? 200);
const ceilingKb = Number(process.argv[4] ?? budgetKb);
let total = 0;
let deferred = 0;
for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !/\.(wasm|js|css)$/.test(entry.name)) continue;
  const path = join(entry.parentPath, entry.name);
  const raw = readFileSync(path);
  const gz = gzipSync(raw, { level: 9 }).length;
  const later = entry.name.endsWith(".deferred.wasm");
  if (later) deferred += gz;
  else total += gz;
  const name = relative(dir, path);
  console.log(`${name.padEnd(56)} raw ${(raw.length / 1024).toFixed(1).padStart(7)} KB   gzip -9 ${(gz / 1024).toFixed(1).padStart(6)} KB${later ? "   (after the first paint)" : ""}`);
}
const kb = total / 1024;
console.log(`first load (wasm + js + css, gzip -9): ${kb.toFixed(1)} KB (budget ${budgetKb} KB${kb > budgetKb ? ": OVER BUDGET" : ""})`);
console.log(`fetched after the first paint: ${(deferred / 1024).toFixed(1)} KB; all code: ${((total + deferred) / 1024).toFixed(1)} KB`);
if (total === 0) {
  console.error("no build output found");
  process.exit(1);
}
if (kb > budgetKb) {
  console.error(`over the ${budgetKb} KB budget`);
  process.exit(1);
}
if (kb > ceilingKb) {
  console.error(`larger than the ${ceilingKb} KB regression ceiling`);
  process.exit(1);
}
