// The command `npm start` runs (package.json's "start": `[NAME=value …] node <flags> server/main.ts`),
// so the footprint, the benchmarks and the process tests start the server exactly as an operator does:
// the same environment settings in front of node and the same node flags.
import { readFileSync } from "node:fs";

export interface StartCommand {
  /** Environment variables set in front of `node` (e.g. MALLOC_ARENA_MAX). */
  env: Record<string, string>;
  /** node's arguments, ending with server/main.ts. */
  args: string[];
}

export function startCommand(): StartCommand {
  const { scripts } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { scripts: { start: string } };
  const words = scripts.start.trim().split(/\s+/);
  const env: Record<string, string> = {};
  while (/^[A-Z_][A-Z0-9_]*=/.test(words[0] ?? "")) {
    const [name, ...value] = words.shift()!.split("=");
    env[name!] = value.join("=");
  }
  const [command, ...args] = words;
  if (command !== "node" || args.at(-1) !== "server/main.ts") throw new Error(`package.json "start" is not \`[NAME=value …] node … server/main.ts\`: ${scripts.start}`);
  return { env, args };
}
