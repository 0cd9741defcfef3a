import { createServer, type Socket, connect } from "node:net";

/**
 * A TCP proxy the test controls, between the server and PostgreSQL: it can drop every
 * connection at once (a restart, a failover), refuse new ones (the database is down), or stall:
 * keep connections open and pass nothing (a network that stops answering).
 */
export interface TcpProxy {
  port: number;
  /** Cuts every open connection, both ways. */
  dropAll(): void;
  /** New connections are refused (closed at once) while true. */
  refuse(on: boolean): void;
  /** Passes nothing in either direction, on open and new connections, until `resume`. */
  stall(): void;
  resume(): void;
  /** Connections opened through the proxy so far. */
  opened(): number;
  close(): Promise<void>;
}

export async function startTcpProxy(targetPort: number, targetHost = "127.0.0.1"): Promise<TcpProxy> {
  const pairs = new Set<{ client: Socket; upstream?: Socket }>();
  let refusing = false;
  let stalled = false;
  let opened = 0;

  const wire = (pair: { client: Socket; upstream?: Socket }) => {
    const upstream = connect(targetPort, targetHost);
    pair.upstream = upstream;
    pair.client.pipe(upstream);
    upstream.pipe(pair.client);
    upstream.on("error", () => pair.client.destroy());
    upstream.on("close", () => pair.client.destroy());
  };

  const server = createServer((client) => {
    if (refusing) return void client.destroy();
    opened += 1;
    const pair: { client: Socket; upstream?: Socket } = { client };
    pairs.add(pair);
    client.on("error", () => pair.upstream?.destroy());
    client.on("close", () => {
      pair.upstream?.destroy();
      pairs.delete(pair);
    });
    if (stalled) client.pause();
    else wire(pair);
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as { port: number };

  return {
    port,
    dropAll() {
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream?.destroy();
      }
      pairs.clear();
    },
    refuse(on) {
      refusing = on;
    },
    stall() {
      stalled = true;
      for (const { client, upstream } of pairs) {
        if (upstream) {
          client.unpipe(upstream);
          upstream.unpipe(client);
          upstream.pause();
        }
        client.pause();
      }
    },
    resume() {
      stalled = false;
      for (const pair of pairs) {
        if (!pair.upstream) {
          wire(pair);
          continue;
        }
        pair.client.pipe(pair.upstream);
        pair.upstream.pipe(pair.client);
      }
    },
    opened: () => opened,
    close: () =>
      new Promise<void>((done) => {
        for (const { client, upstream } of pairs) {
          client.destroy();
          upstream?.destroy();
        }
        server.close(() => done());
      }),
  };
}
