// Runs after `react-router build` (npm run build): writes a brotli (.br) and a gzip (.gz) copy
// beside each hashed asset in build/client/assets (BUILD_DIR/client/assets when set, as
// react-router.config.ts builds there), so the server sends them without compressing per request
// (server/assets.ts). Build output only; never committed.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const dir = process.argv[2] ?? join(process.env.BUILD_DIR ?? "build", "client/assets");
let before = 0;
let after = 0;
for (const name of readdirSync(dir)) {
  if (!/\.(js|css|json|svg|map)$/.test(name)) continue;
  const body = readFileSync(join(dir, name));
  const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
  writeFileSync(join(dir, `${name}.br`), br);
  writeFileSync(join(dir, `${name}.gz`), gzipSync(body, { level: 9 }));
  before += body.length;
  after += br.length;
}
console.log(`precompressed ${dir}: ${Math.round(before / 1024)} KB -> ${Math.round(after / 1024)} KB brotli`);
