// Preloaded by a test (`node --import ./tests/setup/record-modules.ts server/main.ts`): appends the
// URL of every module the process loads, by import or require, to the file MODULE_LOG names, so
// the test can tell what a start loads and what waits until it is needed.
import { appendFileSync } from "node:fs";
import { registerHooks } from "node:module";

const file = process.env.MODULE_LOG;
if (file) {
  registerHooks({
    load(url, context, nextLoad) {
      appendFileSync(file, `${url}\n`);
      return nextLoad(url, context);
    },
  });
}
