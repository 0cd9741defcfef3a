// `npm run backup [-- --out FILE]`: one archive of the site (every table, the media bucket's
// objects when MEDIA_S3_URL is set, a manifest with checksums), taken while the site runs, from
// the database the environment names (DATABASE_URL, SQLite by default). Exit 0 only when the
// archive is complete at its final name (by default in BACKUP_DIR, else ./backups); on any error no file is left there.
import { configOrNull, loadBuiltServer } from "./lib/built-server.ts";

const args = process.argv.slice(2);
const outFlag = args.indexOf("--out");
const out = outFlag >= 0 ? args[outFlag + 1] : undefined;
if ((outFlag >= 0 && !out) || args.some((a, i) => a !== "--out" && i !== outFlag + 1)) {
  console.error("usage: npm run backup [-- --out FILE]");
  process.exit(2);
}

const mod = await loadBuiltServer();

async function run(): Promise<number> {
  const config = configOrNull(mod);
  if (!config) return 2;
  const { db, kind } = mod.openDatabase(config.database);
  try {
    const started = Date.now();
    const { file, manifest } = await mod.createBackup({ db, kind, s3: config.media.s3 }, out ?? mod.defaultBackupName(process.env.BACKUP_DIR || undefined));
    const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
    console.log(`backup written: ${file}`);
    console.log(`  ${kind}, schema ${manifest.schemaVersion}, ${manifest.tables.length} tables, ${rows} rows, ${manifest.bucket.length} bucket objects, ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return 0;
  } catch (error) {
    console.error(`backup failed, no archive written: ${(error as Error).message}`);
    return 1;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await run();
