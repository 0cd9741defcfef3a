// Starts Rankwell: `node server/main.ts` serves the production build, `--dev` serves the source
// through Vite. Runs on Node 24's built-in TypeScript support, so it uses erasable syntax only.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { armHardDeadline } from "./hard-deadline.ts";

const dev = process.argv.includes("--dev");
const buildDir = process.env.BUILD_DIR ?? "build";
// Before React is imported: it picks its (twice as slow) development build unless told otherwise.
process.env.NODE_ENV ??= dev ? "development" : "production";

type AppModule = typeof import("./index.ts");

/** How long the stopped process idles before it exits (see `stop`). */
const EXIT_IDLE_MS = 100;

async function main() {
  let mod: AppModule;
  let devMiddleware: import("express").RequestHandler | undefined;
  let viteServer: import("vite").ViteDevServer | undefined;
  if (dev) {
    const vite = await import("vite");
    viteServer = await vite.createServer({ server: { middlewareMode: true }, appType: "custom" });
    devMiddleware = viteServer.middlewares;
    mod = (await viteServer.ssrLoadModule("./server/index.ts")) as AppModule;
  } else {
    mod = (await import(pathToFileURL(resolve(buildDir, "server/index.js")).href)) as AppModule;
  }

  let config: ReturnType<AppModule["loadConfig"]>;
  try {
    config = mod.loadConfig(process.env);
  } catch (error) {
    if (error instanceof mod.ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const log = mod.createLogger(config.logLevel, { format: config.logFormat });
  const running = await mod.startServer(config, dev ? { devMiddleware } : { clientDir: resolve(buildDir, "client") });
  log.info(`listening on ${config.appUrl}`, { database: config.database.kind, port: Number(running.url.split(":").at(-1)) });

  // SIGTERM drains: every request already received is answered (with Connection: close), idle
  // keep-alive connections closed, jobs finish or are handed back; the process is gone within
  // the grace period whatever the load (server/hard-deadline.ts), with 0 if everything finished.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const graceMs = config.shutdownGraceSeconds * 1000;
    log.info(`${signal}: finishing open requests, then closing (at most ${config.shutdownGraceSeconds} s)`);
    // Room at the end for closing the database and exiting before the deadline.
    const closing = running.close(Math.max(200, graceMs - 400));
    armHardDeadline(graceMs, () => {
      log.error("shutdown did not finish within the grace period; exiting");
      process.exit(1);
    });
    const { cut } = await closing;
    await viteServer?.close();
    if (cut > 0) log.error(`${cut} request(s) still running at the end of the grace period were cut`);
    log.info("stopped");
    // A moment with nothing to do before exiting: V8 finishes the compilations the shutdown's own
    // work started (and the collections they ask of this thread), which process.exit would
    // otherwise wait for with this thread blocked, forever (server/hard-deadline.ts).
    await new Promise((resolve) => setTimeout(resolve, EXIT_IDLE_MS));
    process.exit(0);
  };
  // Vite (dev) exits on SIGTERM by itself, which would cut the drain short: the drain decides.
  process.removeAllListeners("SIGTERM");
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

// Only as the entry point: the build imports this file to fill its compile cache (scripts/compile-cache.ts).
if (import.meta.main) {
  main().catch((error) => {
    console.error("[rankwell] failed to start:", error);
    process.exit(1);
  });
}
