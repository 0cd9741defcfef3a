import { connect } from "node:net";

/**
 * A raw HTTP/1.1 POST over one socket, for what fetch will not do: announce a body and send none,
 * send a body in chunks and stop halfway, or push bytes as fast as the server takes them. Answers
 * the status the server gave (0 if none), how many body bytes went out, and when the answer came.
 */
export interface RawResult {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Body bytes written before the answer came or the connection closed. */
  sent: number;
  /** Milliseconds from the first byte sent to the status line received (or to the end). */
  ms: number;
  error?: string;
}

export interface RawPost {
  port: number;
  path: string;
  /** Content-Length to announce; without it the body goes chunked. */
  declared?: number;
  /** Body bytes to send at most (default: the declared length, else 0). */
  send?: number;
  /** After sending, keep the connection open and wait for the answer (do not finish the body). */
  holdOpen?: boolean;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

const CHUNK = Buffer.alloc(64 * 1024, "a");

export function rawPost(options: RawPost): Promise<RawResult> {
  const { port, path, declared, holdOpen = false, timeoutMs = 15_000 } = options;
  const toSend = options.send ?? declared ?? 0;
  const chunked = declared === undefined;
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    const started = Date.now();
    let answeredAt = 0;
    let response = Buffer.alloc(0);
    let sent = 0;
    let finished = false;
    const finish = (error?: string) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      socket.destroy();
      const text = response.toString("latin1");
      const [head = "", ...rest] = text.split("\r\n\r\n");
      const [statusLine = "", ...headerLines] = head.split("\r\n");
      const headers = Object.fromEntries(headerLines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]));
      resolve({ status: Number(statusLine.split(" ")[1] ?? 0), headers, body: rest.join("\r\n\r\n"), sent, ms: (answeredAt || Date.now()) - started, error });
    };
    const timer = setTimeout(() => finish("timed out"), timeoutMs);
    socket.on("data", (data) => {
      if (!answeredAt) answeredAt = Date.now();
      response = Buffer.concat([response, data]);
      // The whole JSON answer of a refusal is small: once its body is in, we are done.
      const text = response.toString("latin1");
      const length = Number(/content-length: (\d+)/i.exec(text)?.[1] ?? -1);
      const bodyStart = text.indexOf("\r\n\r\n");
      if (length >= 0 && bodyStart >= 0 && response.length - bodyStart - 4 >= length) finish();
    });
    socket.on("error", (e) => finish((e as NodeJS.ErrnoException).code ?? e.message));
    socket.on("close", () => finish());
    const head = [
      `POST ${path} HTTP/1.1`,
      "Host: localhost",
      "Content-Type: application/x-www-form-urlencoded",
      chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${declared}`,
      ...Object.entries(options.headers ?? {}).map(([k, v]) => `${k}: ${v}`),
      "",
      "",
    ].join("\r\n");
    socket.write(head);
    const pump = () => {
      while (!finished && !answeredAt && sent < toSend) {
        const piece = CHUNK.subarray(0, Math.min(CHUNK.length, toSend - sent));
        const ok = socket.write(chunked ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n")]) : piece);
        sent += piece.length;
        if (!ok) return void socket.once("drain", pump);
      }
      if (!finished && !holdOpen && chunked && sent >= toSend) socket.write("0\r\n\r\n");
    };
    pump();
  });
}
