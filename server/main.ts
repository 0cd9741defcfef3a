// Starts Rankwell: `node server/main.ts` serves the production build, `--dev` serves the source
// through Vite. Runs on Node 24's built-in TypeScript support, so it uses erasable syntax only.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const dev = process.argv.includes("--dev");
const buildDir = process.env.BUILD_DIR ?? "build";
if (dev) process.env.NODE_ENV ??= "development";

type AppModule = typeof import("./app.ts");

async function main() {
  let mod: AppModule;
  let devMiddleware: import("express").RequestHandler | undefined;
  if (dev) {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ server: { middlewareMode: true }, appType: "custom" });
    devMiddleware = viteServer.middlewares;
    mod = (await viteServer.ssrLoadModule("./server/app.ts")) as AppModule;
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

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[rankwell] ${signal}: finishing open requests, then closing`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await running.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((error) => {
  console.error("[rankwell] failed to start:", error);
  process.exit(1);
});
