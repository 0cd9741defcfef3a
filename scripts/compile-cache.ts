// Runs after `react-router build` (npm run build): fills the build's compile cache
// (BUILD_DIR/.compile-cache, server/compile-cache.mjs) with the type-stripped server entry, so
// that even the first `npm start` after a build runs without Node's TypeScript stripper in
// memory. Importing server/main.ts here does not start the server (it starts only as the entry).
import { constants, enableCompileCache, flushCompileCache } from "node:module";
import { join } from "node:path";

const dir = join(process.env.BUILD_DIR ?? "build", ".compile-cache");
const { status, message } = enableCompileCache(dir);
if (status === constants.compileCacheStatus.FAILED || status === constants.compileCacheStatus.DISABLED) {
  // Not an error: every start then strips the types itself, as before.
  console.log(`compile cache not written: ${message ?? "disabled"}`);
} else {
  await import("../server/main.ts");
  flushCompileCache();
  console.log(`compile cache written to ${dir}`);
}
