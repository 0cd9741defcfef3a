// Preloaded by `npm start` (`node --import ./server/compile-cache.mjs server/main.ts`), before any
// TypeScript is read, so it is plain JavaScript. Turns on Node's compile cache in the build
// directory. Besides the compiled code of the build's modules (a faster start), the cache holds
// the type-stripped code of server/main.ts and server/hard-deadline.ts: a start that finds them
// there never loads Node's TypeScript stripper, a WebAssembly module that otherwise stays in
// memory for the life of the process (about 17 MB of RSS; docs/decisions/0040). `npm run build`
// fills the cache (scripts/compile-cache.ts); a start that misses fills it for the next one.
import { enableCompileCache } from "node:module";
import { join } from "node:path";
import process from "node:process";

enableCompileCache(join(process.env.BUILD_DIR ?? "build", ".compile-cache"));
