// The arguments `npm start` gives node (package.json's "start": `node <flags> server/main.ts`), so
// the footprint, the benchmarks and the process tests start the server exactly as an operator does.
import { readFileSync } from "node:fs";

export function startArgs(): string[] {
  const { scripts } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { scripts: { start: string } };
  const [command, ...args] = scripts.start.trim().split(/\s+/);
  if (command !== "node" || args.at(-1) !== "server/main.ts") throw new Error(`package.json "start" is not \`node … server/main.ts\`: ${scripts.start}`);
  return args;
}
