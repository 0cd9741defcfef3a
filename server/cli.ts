// `npm run admin -- add <email> [--role Editor|Admin]` grants a role (Admin unless told): at once
// to an existing account whose address is verified (the operator on the server is trusted), else
// as an invitation mailed to the address; `remove <email>` takes it away (never the last admin's); `list` prints who holds
// which role. Works on the database the environment names (SQLite by default). Every change is
// in the audit log as done from the command line. `migrations` lists the migrations the database
// has applied and those this release would apply on its next start, and changes nothing.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const args = process.argv.slice(2);
const roleFlag = args.indexOf("--role");
const role = roleFlag >= 0 ? args.splice(roleFlag, 2)[1] : "Admin";
const [command, email] = args;
const usage = "usage: npm run admin -- add <email> [--role Editor|Admin] | remove <email> | list | migrations";

const serverBuild = resolve(process.env.BUILD_DIR ?? "build", "server/index.js");
const mod = (await import(pathToFileURL(serverBuild).href)) as typeof import("./index.ts");

const article = (r: string) => (r === "Admin" ? "an Admin" : `an ${r}`);

async function run(): Promise<number> {
  if (!command || ((command === "add" || command === "remove") && !email)) {
    console.error(usage);
    return 2;
  }
  if (!role || !mod.isRole(role)) {
    console.error(`"${role ?? ""}" is not a role: use Editor or Admin`);
    return 2;
  }
  const config = mod.loadConfig({ ...process.env, LOG_LEVEL: "error" });
  // Read-only: opening the services would apply the pending migrations it is asked to list.
  if (command === "migrations") return listMigrations(config);
  const services = await mod.createServices(config);
  try {
    if (command === "add") {
      if (!mod.isEmailAddress(email!)) {
        console.error(`"${email}" is not an email address`);
        return 2;
      }
      const result = await mod.grantRole(services, email!, role);
      const said = {
        added: `${email} is now ${article(role)}`,
        changed: `${email} is now ${article(role)}`,
        invited: `${email} has no verified account yet (none, or its owner has not verified the address): an invitation is queued (a running server mails it). The role applies once they follow its link.`,
        already: `${email} already was`,
      };
      console.log(said[result]);
    } else if (command === "remove") {
      const row = await mod.roleRowOf(services.db, email!);
      if (!row) {
        console.log(`${email} had no role`);
        return 0;
      }
      // The same rule as the admin users screen: the last admin who can sign in stays.
      await mod.deleteUser(services, { email: mod.COMMAND_LINE, ip: null }, row.id);
      console.log(`${email} no longer has a role`);
    } else if (command === "list") {
      const holders = await mod.listRoleHolders(services.db);
      const notes = { active: "", pending: "  (invited, not yet accepted)", unverified: "  (address not verified: the role waits until its owner follows the verification link)" };
      console.log(holders.length ? holders.map(([who, held, status]) => `${who}  ${held}${notes[status]}`).join("\n") : "no admins yet");
    } else {
      console.error(usage);
      return 2;
    }
    return 0;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  } finally {
    await services.db.destroy();
  }
}

async function listMigrations(config: ReturnType<typeof mod.loadConfig>): Promise<number> {
  // Listing must not create the SQLite file it is asked about.
  if (config.database.kind === "sqlite" && !existsSync(config.database.file)) {
    console.error(`no database at ${config.database.file} yet: every migration is pending (the first start applies them)`);
    return 1;
  }
  const { db } = mod.openDatabase(config.database);
  try {
    const { applied, pending, unknown } = await mod.migrationStatus(db);
    const known = new Set(unknown);
    console.log(`applied (${applied.length}):`);
    for (const m of applied) console.log(`  ${m.name}  ${m.at}${known.has(m.name) ? "  (not in this release: the database was upgraded by a newer one)" : ""}`);
    console.log(`pending (${pending.length}):${pending.length ? "" : " none"}`);
    for (const name of pending) console.log(`  ${name}`);
    return 0;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await run();
