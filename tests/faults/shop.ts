import { type Db, openDatabase } from "~/db/db.server.ts";
import { nowIso } from "~/db/db.server.ts";
import { newId } from "~/db/ids.server.ts";
import { createPlan, customerFields } from "../integration/orders-fixtures.ts";
import { sql } from "kysely";
import { enrolTotp, TestClient } from "../setup/server.ts";

/**
 * A shop to put under fault: a customer, an admin (who gets the new-order notes) and a plan,
 * made over HTTP against a running server process; the admin role is granted in the database as
 * `npm run admin -- add` does.
 */
export interface Shop {
  customer: TestClient;
  admin: TestClient;
  planId: string;
  db: Db;
  close(): Promise<void>;
}

export function openDb(databaseUrl: string): Db {
  return openDatabase(databaseUrl.startsWith("file:") ? { kind: "sqlite", file: databaseUrl.slice(5) } : { kind: "postgres", url: databaseUrl }).db;
}

export async function openShop(baseUrl: string, databaseUrl: string): Promise<Shop> {
  const db = openDb(databaseUrl);
  const signUp = async (email: string) => {
    const client = new TestClient(baseUrl);
    const { status, body } = await client.json("POST", "/api/auth/sign-up/email", { email, password: "quiet-harbor-42", name: email.split("@")[0] });
    if (status !== 200) throw new Error(`sign-up of ${email} answered ${status}: ${JSON.stringify(body)}`);
    return client;
  };
  const customer = await signUp("fault-customer@example.com");
  const admin = await signUp("fault-admin@example.com");
  await grantAdmin(db, "fault-admin@example.com");
  // An Admin's role applies with a second factor proved in the session (issue 22).
  await enrolTotp(admin);
  const planId = await createPlan(admin, "Premium", "149.99");
  return { customer, admin, planId, db, close: () => db.destroy() };
}

/** POST /api/new-order with an Idempotency-Key, as a careful API client sends it (against `baseUrl`). */
export async function orderWithKey(client: TestClient, baseUrl: string, planId: string, key: string): Promise<{ status: number; id?: string; replayed: boolean }> {
  const response = await fetch(`${baseUrl}/api/new-order`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Idempotency-Key": key, Origin: baseUrl, Cookie: client.cookieHeader() },
    body: JSON.stringify({ planId, ...customerFields }),
  });
  const body = (await response.json().catch(() => ({}))) as { _id?: string };
  return { status: response.status, id: body._id, replayed: response.headers.get("idempotent-replayed") === "true" };
}

/** Every order with its key, and how many new-order notes (to admins) were queued for it. */
export async function ordersAndNotes(db: Db) {
  const orders = await db.selectFrom("orders").select(["id", "idempotency_key", "number"]).execute();
  const notes = (await db.selectFrom("jobs").select("payload").where("kind", "=", "mail").execute()).filter((n) => (JSON.parse(n.payload) as { subject: string }).subject.startsWith("New order"));
  const notesFor = (id: string) => notes.filter((n) => n.payload.includes(id)).length;
  return orders.map((o) => ({ id: o.id, key: o.idempotency_key, number: o.number, notes: notesFor(o.id) }));
}

/**
 * Makes an existing account an admin, as `npm run admin -- add` does for a verified account (the
 * grant is proven at once: the operator on the server is trusted); the address is marked verified.
 */
export async function grantAdmin(db: Db, email: string): Promise<void> {
  const now = nowIso();
  await db.updateTable("user").set({ emailVerified: sql<boolean>`true` }).where("email", "=", email).execute();
  await db.insertInto("user_roles").values({ id: newId(), user_email: email, user_role: "Admin", created_at: now, updated_at: now, proven_at: now }).execute();
}
