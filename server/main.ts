// Starts Rankwell: `node server/main.ts` serves the production build, `--dev` serves the source
// through Vite. Runs on Node 24's built-in TypeScript support, so it uses erasable syntax only.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const dev = process.argv.includes("--dev");
const buildDir = process.env.BUILD_DIR ?? "build";
// Before React is imported: it picks its (twice as slow) development build unless told otherwise.
process.env.NODE_ENV ??= dev ? "development" : "production";

type AppModule = typeof import("./index.ts");

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

  const running = await mod.startServer(config, dev ? { devMiddleware } : { clientDir: resolve(buildDir, "client") });
  console.log(`[rankwell] listening on ${config.appUrl} (${config.database.kind}, port ${running.url.split(":").at(-1)})`);

  // SIGTERM drains: no new connections, idle keep-alive ones closed, requests in flight finish
  // (answered with Connection: close), jobs finish or are handed back; exit 0 within the grace.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const graceMs = config.shutdownGraceSeconds * 1000;
    console.log(`[rankwell] ${signal}: finishing open requests, then closing (at most ${config.shutdownGraceSeconds} s)`);
    // Only if closing itself hangs past the grace: something is stuck, say so in the exit code.
    const force = setTimeout(() => {
      console.error("[rankwell] shutdown did not finish within the grace period; exiting");
      process.exit(1);
    }, graceMs + 1000);
    force.unref();
    const { cut } = await running.close(graceMs);
    await viteServer?.close();
    if (cut > 0) console.error(`[rankwell] ${cut} request(s) still running at the end of the grace period were cut`);
    console.log("[rankwell] stopped");
    process.exit(0);
  };
  // Vite (dev) exits on SIGTERM by itself, which would cut the drain short: the drain decides.
  process.removeAllListeners("SIGTERM");
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((error) => {
  console.error("[rankwell] failed to start:", error);
  process.exit(1);
});
