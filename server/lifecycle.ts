import { createServer, type Server } from "node:http";
import { hostname } from "node:os";
import type { Config } from "~/config.server.ts";
import type { Services } from "~/services.server.ts";
import { type AppOptions, createApp } from "./app.ts";
import { createDrainer } from "./graceful-shutdown.ts";
import { observeRequests } from "./request-log.ts";
import { createServices, type ServiceOptions } from "./services.ts";

export interface RankwellOptions extends ServiceOptions, AppOptions {}

export interface RunningServer {
  url: string;
  services: Services;
  server: Server;
  /**
   * Shuts down within `graceMs` (default SHUTDOWN_GRACE_SECONDS): stops taking requests, lets
   * those in flight finish (answered with `Connection: close`), lets running jobs finish or hands
   * them back, then closes the database. Answers how many requests had to be cut.
   */
  close(graceMs?: number): Promise<{ cut: number }>;
}

/**
 * The process's server: services, then the app behind its fast path, listening; starts the job
 * worker (unless JOBS_WORKER is off); `close` drains (see RunningServer).
 */
export async function startServer(config: Config, options: RankwellOptions = {}): Promise<RunningServer> {
  const services = await createServices(config, options);
  const { app, fastPath } = createApp(services, options);
  const drainer = createDrainer();
  const server = createServer(
    drainer.wrap(
      observeRequests(services.log, services.metrics, (req, res) => {
        fastPath(req, res).then(
          (answered) => answered || app(req, res),
          () => app(req, res),
        );
      }),
    ),
  );
  drainer.attach(server);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  // The slot is where this process serves: a restart on the same host and port takes back at
  // once the jobs its killed predecessor had claimed (docs/decisions/0038).
  if (config.jobs.worker) await services.jobs.start({ slot: `${hostname()}:${port}` });
  return {
    url: `http://localhost:${port}`,
    services,
    server,
    async close(graceMs = config.shutdownGraceSeconds * 1000) {
      // Leave a little of the grace for closing the database.
      const budget = Math.max(100, graceMs - 500);
      const [{ cut }] = await Promise.all([drainer.drain(server, budget), services.jobs.stop(budget)]);
      await services.publicVersion.stop();
      services.redirects.table.stop();
      // The 404 counts still in memory.
      await services.notFoundHits.stop();
      await Promise.race([services.db.destroy(), new Promise((resolve) => setTimeout(resolve, 400).unref())]);
      return { cut };
    },
  };
}
