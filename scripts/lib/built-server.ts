// The production build's server module (what `npm start` runs), for the operator's scripts
// (backup, restore), and the settings from the environment: a bad setting is printed and answers
// exit code 2, as the server itself would refuse to start.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

export type BuiltServer = typeof import("../../server/index.ts");

export async function loadBuiltServer(): Promise<BuiltServer> {
  return (await import(pathToFileURL(resolve(process.env.BUILD_DIR ?? "build", "server/index.js")).href)) as BuiltServer;
}

/** The configuration, or null after printing why it is refused. */
export function configOrNull(mod: BuiltServer): ReturnType<BuiltServer["loadConfig"]> | null {
  try {
    return mod.loadConfig({ ...process.env, LOG_LEVEL: "error" });
  } catch (error) {
    console.error((error as Error).message);
    return null;
  }
}
