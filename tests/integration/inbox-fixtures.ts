import type { TestServer } from "../setup/server.ts";

/** What the inbox test files share: a valid contact message and a row counter. */

export const unknownId = "0123456789abcdef01234567";

export const message = (overrides: Record<string, string> = {}) => ({
  name: "Ada Lovelace",
  email: "ada@example.com",
  number: "+44 20 7946 0958",
  subject: "A question about Premium",
  message: "Hello,\nhow long does the Premium package take?",
  ...overrides,
});

export async function countRows(server: TestServer, table: "messages" | "subscribers"): Promise<number> {
  const row = await server.services.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
