// Preloaded with `node --import` into a server process a test starts: appends the URL of every
// module of the build that the process loads to the file MODULE_LOG names, so the test can tell
// which chunks a server loaded. Plain Node (no build step): erasable TypeScript only.
import { appendFileSync } from "node:fs";
import { registerHooks } from "node:module";

const log = process.env.MODULE_LOG;
if (log) {
  registerHooks({
    load(url, context, nextLoad) {
      if (url.startsWith("file:") && url.includes("/server/")) appendFileSync(log, `${url}\n`);
      return nextLoad(url, context);
    },
  });
}
