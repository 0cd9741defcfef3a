// The server bundle's entry (vite.config.ts): what `npm start` (main.ts), the `admin` command
// (cli.ts) and the tests load from the build. Start-up is three steps, one module each:
// services.ts (database, migrations, jobs, mail, media), app.ts (the Express pipeline and its
// fast path), lifecycle.ts (listen, drain, close).
export { createServices, type ServiceOptions } from "./services.ts";
export { createApp, type AppOptions, type FastPath, type RankwellApp } from "./app.ts";
export { startServer, type RankwellOptions, type RunningServer } from "./lifecycle.ts";

// For the admin command (cli.ts).
export { ConfigError, loadConfig } from "~/config.server.ts";
export { createLogger } from "~/logger.server.ts";
export { isEmailAddress } from "~/shared/validation.ts";
export { listRoleHolders, roleRowOf } from "~/users/roles.server.ts";
export { deleteUser, grantRole } from "~/users/users.server.ts";
export { COMMAND_LINE } from "~/audit/actions.ts";
export { isRole } from "~/auth/roles.ts";

// For the backup and restore commands (scripts/backup.ts, scripts/restore.ts) and `admin -- migrations`.
export { openDatabase } from "~/db/db.server.ts";
export { migrationStatus } from "~/db/migration-status.server.ts";
export { createBackup, defaultBackupName } from "~/backup/backup.server.ts";
export { ArchiveError, RestoreRefused, restoreBackup, verifyArchive } from "~/backup/restore.server.ts";
