import { existsSync, readdirSync, readFileSync } from "node:fs";
import { extname, join } from "node:path";
import type { IncomingMessage, ServerResponse } from "node:http";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".map": "application/json; charset=utf-8",
  ".woff2": "font/woff2",
};

interface Asset {
  type: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * The hashed build assets, from memory: their names change with their content, so they are
 * immutable for a year. scripts/precompress.ts wrote a .br and a .gz beside each at build time;
 * the one the browser accepts is sent as it is (no compression per request). Read once at
 * start: a few hundred kilobytes.
 */
export function precompressedAssets(dir: string, securityHeaders: [string, string][]): (req: IncomingMessage, res: ServerResponse) => boolean {
  const assets = new Map<string, Asset>();
  if (existsSync(dir)) {
    for (const name of readdirSync(dir)) {
      if (name.endsWith(".br") || name.endsWith(".gz")) continue;
      const file = join(dir, name);
      const sibling = (suffix: string) => (existsSync(file + suffix) ? readFileSync(file + suffix) : undefined);
      assets.set(`/${name}`, {
        type: TYPES[extname(name)] ?? "application/octet-stream",
        identity: readFileSync(file),
        br: sibling(".br"),
        gzip: sibling(".gz"),
      });
    }
  }
  return (req, res) => {
    const path = (req.url ?? "").split("?")[0]!;
    const asset = path.startsWith("/assets/") ? assets.get(path.slice("/assets".length)) : undefined;
    if (!asset || (req.method !== "GET" && req.method !== "HEAD")) return false;
    for (const [name, value] of securityHeaders) res.setHeader(name, value);
    const accepts = String(req.headers["accept-encoding"] ?? "");
    const [encoding, body] =
      asset.br && /\bbr\b/.test(accepts) ? ["br", asset.br] : asset.gzip && /\bgzip\b/.test(accepts) ? ["gzip", asset.gzip] : [undefined, asset.identity];
    res.setHeader("Content-Type", asset.type);
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    res.setHeader("Vary", "Accept-Encoding");
    if (encoding) res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.statusCode = 200;
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
  };
}
