/**
 * What a database error means for the person waiting: the database cannot store anything right
 * now (disk full, read-only file or database, I/O error), or it cannot be reached at all
 * (connection refused or dropped, timed out, shutting down). Both answer 503 "try again" with
 * nothing half-written (the transaction rolled back); anything else is a bug and answers 500.
 */
export type DbFailure = { kind: "storage" | "unavailable"; code: string; message: string };

const SQLITE_STORAGE = /^SQLITE_(FULL|READONLY|IOERR|CANTOPEN|CORRUPT|NOTADB)/;
// PostgreSQL SQLSTATEs: disk_full, insufficient_resources, out_of_memory, io_error,
// read_only_sql_transaction.
const PG_STORAGE = new Set(["53100", "53000", "53200", "58030", "25006"]);
// query_canceled (statement_timeout), admin/crash shutdown, cannot_connect_now, connection
// exceptions (08xxx), too_many_connections.
const PG_UNAVAILABLE = /^(57014|57P0[123]|08\d\d\d|53300)$/;
const NODE_UNAVAILABLE = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN", "SQLITE_BUSY"]);
// What the pg driver and pool say without a code when a connection dies or cannot be had.
const DRIVER_UNAVAILABLE = /Connection terminated|timeout exceeded when trying to connect|Query read timeout|connection has been discarded|Client has encountered a connection error|Connection ended/i;

export function dbFailure(error: unknown, depth = 0): DbFailure | undefined {
  if (!(error instanceof Error) || depth > 3) return undefined;
  const code = String((error as { code?: unknown }).code ?? "");
  const message = error.message;
  if (SQLITE_STORAGE.test(code) || PG_STORAGE.has(code)) return { kind: "storage", code, message };
  if (NODE_UNAVAILABLE.has(code) || PG_UNAVAILABLE.test(code) || DRIVER_UNAVAILABLE.test(message)) return { kind: "unavailable", code: code || "CONNECTION", message };
  // AggregateError (several addresses refused) carries its reasons inside; better-auth wraps
  // what its database said as the cause of its own error.
  if (error instanceof AggregateError) return error.errors.map((e) => dbFailure(e, depth + 1)).find(Boolean);
  return dbFailure(error.cause, depth + 1);
}

export const COULD_NOT_SAVE = "We could not save this just now. Please try again in a moment.";
export const DATABASE_UNAVAILABLE = "The site cannot reach its database just now. Please try again in a moment.";

/** The sentence for the person: nothing was stored, try again. */
export const failureMessage = (failure: DbFailure) => (failure.kind === "storage" ? COULD_NOT_SAVE : DATABASE_UNAVAILABLE);
