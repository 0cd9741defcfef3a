// `npm run admin -- add <email>` grants the Admin role; `remove <email>` takes it away; `list`
// prints the admins. Works on the database the environment names (SQLite by default).
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [command, email] = process.argv.slice(2);
const usage = "usage: npm run admin -- add <email> | remove <email> | list";

const serverBuild = resolve(process.env.BUILD_DIR ?? "build", "server/index.js");
const mod = (await import(pathToFileURL(serverBuild).href)) as typeof import("./app.ts");

async function run(): Promise<number> {
  if (!command || ((command === "add" || command === "remove") && !email)) {
    console.error(usage);
    return 2;
  }
  const config = mod.loadConfig({ ...process.env, LOG_LEVEL: "error" });
  const services = await mod.createServices(config);
  try {
    if (command === "add") {
      if (!mod.isEmailAddress(email!)) {
        console.error(`"${email}" is not an email address`);
        return 2;
      }
      const result = await mod.grantAdmin(services.db, email!);
      console.log(result === "added" ? `${email} is now an admin` : `${email} was already an admin`);
    } else if (command === "remove") {
      console.log((await mod.revokeAdmin(services.db, email!)) ? `${email} is no longer an admin` : `${email} was not an admin`);
    } else if (command === "list") {
      const admins = await mod.listAdmins(services.db);
      console.log(admins.length ? admins.join("\n") : "no admins yet");
    } else {
      console.error(usage);
      return 2;
    }
    return 0;
  } finally {
    await services.db.destroy();
  }
}

process.exitCode = await run();
