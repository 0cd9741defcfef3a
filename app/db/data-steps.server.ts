import { type Db, nowIso } from "./db.server.ts";

/**
 * One-time data steps: work on existing data that a migration cannot do because it needs a
 * service (the media library, whose files may live in a bucket), run at start after the
 * migrations and recorded as done in `data_steps` (migration 090). A database that has not run a
 * step yet (a new one, or one an older version made) runs it on its next start; every start after
 * that looks it up in that small table and does nothing more. Start-up work runs one process at a
 * time (`oneAtATime`), so two processes do not run a step together. A step must be safe to run
 * twice: a process stopped between the work and its record runs it again on the next start.
 * Returns whether the step ran.
 */
export async function runOnce(db: Db, name: string, step: () => Promise<unknown>): Promise<boolean> {
  const done = await db.selectFrom("data_steps").select("name").where("name", "=", name).executeTakeFirst();
  if (done) return false;
  await step();
  await db
    .insertInto("data_steps")
    .values({ name, done_at: nowIso() })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  return true;
}
