// `npm run restore -- ARCHIVE [--replace]`: restores a backup into the database the environment
// names (DATABASE_URL: SQLite or PostgreSQL, whichever the backup came from). The archive is
// checked in full first; an empty database is required unless --replace, which first writes a
// backup of the database it replaces (in BACKUP_DIR, else ./backups) and says where.
import { resolve } from "node:path";
import { configOrNull, loadBuiltServer } from "./lib/built-server.ts";

const args = process.argv.slice(2);
const replace = args.includes("--replace");
const files = args.filter((a) => a !== "--replace");
if (files.length !== 1 || files[0]!.startsWith("--")) {
  console.error("usage: npm run restore -- ARCHIVE [--replace]");
  process.exit(2);
}
const archive = resolve(files[0]!);

const mod = await loadBuiltServer();

async function run(): Promise<number> {
  const config = configOrNull(mod);
  if (!config) return 2;
  try {
    const replacedBackup = mod.defaultBackupName(process.env.BACKUP_DIR || undefined, "rankwell-replaced");
    const report = await mod.restoreBackup(archive, config, { replace, replacedBackup });
    if (report.replacedBackup) console.log(`the database it replaced is saved in ${report.replacedBackup}`);
    console.log(`restored ${archive} (${report.manifest.source}, schema ${report.manifest.schemaVersion}, taken ${report.manifest.createdAt}) into ${config.database.kind}:`);
    for (const [table, n] of Object.entries(report.counts)) console.log(`  ${table}: ${n}`);
    console.log(`  bucket objects: ${report.bucketObjects}`);
    if (report.migratedAfter.length) console.log(`then applied ${report.migratedAfter.length} newer migrations: ${report.migratedAfter.join(", ")}`);
    return 0;
  } catch (error) {
    const refused = error instanceof mod.ArchiveError || error instanceof mod.RestoreRefused;
    console.error(refused ? `restore refused, nothing written: ${(error as Error).message}` : (error as Error).message);
    return 1;
  }
}

process.exitCode = await run();
