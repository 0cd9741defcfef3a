import type { Transaction } from "kysely";
import { type AuditActor, recordAudit } from "../../audit/audit.server.ts";
import { type Db, nowIso } from "../../db/db.server.ts";
import type { Database } from "../../db/tables.ts";
import { AppError, invalidFields, notFound, parseInput } from "../../errors.ts";
import type { DbOrTrx } from "../../db/db.server.ts";
import type { UploadedFile } from "../../multipart.server.ts";
import type { Services } from "../../services.server.ts";
import { shortDate } from "../../shared/dates.ts";
import { canMove, isBriefOpen, type Stage } from "../../shared/order-stages.ts";
import type { OrderFileStore } from "../files/order-files.server.ts";
import { mailSide, orderName } from "../portal-mail.server.ts";
import { moveOrder } from "../stages.server.ts";
import {
  type Answers,
  type BriefQuestion,
  checkAnswers,
  DEFAULT_QUESTIONS,
  formAnswers,
  MAX_QUESTIONS,
  type QuestionKind,
  type QuestionInput,
  questionSchema,
  requiredAnswered,
} from "./questions.ts";

/**
 * Briefs: each plan's questions (data an Admin edits), and each order's answers. An order keeps
 * the questions as they were when it was placed, so editing a plan's questions never changes what
 * a customer was asked. The customer may save part of a brief and come back; sending it checks the
 * required answers and, once the order is paid, moves it to "Brief received" and starts the clock
 * of the plan's delivery time. A brief sent before paying arrives with the payment.
 */

type Trx = Transaction<Database>;

// ── A plan's questions ────────────────────────────────────────────────────────

const toQuestion = (row: { key: string; kind: QuestionKind; label: string; help: string; required: number; options: string }): BriefQuestion => ({
  key: row.key,
  kind: row.kind,
  label: row.label,
  help: row.help,
  required: row.required === 1,
  options: JSON.parse(row.options) as string[],
});

/** The questions of plan `planId`, in order: its own, or the default questions while it has none. */
export async function planQuestions(db: DbOrTrx, planId: string): Promise<{ questions: BriefQuestion[]; custom: boolean }> {
  const rows = await db.selectFrom("brief_questions").selectAll().where("plan_id", "=", planId).orderBy("position").execute();
  return rows.length ? { questions: rows.map(toQuestion), custom: true } : { questions: DEFAULT_QUESTIONS, custom: false };
}

function checkQuestion(input: unknown): QuestionInput {
  const question = parseInput(questionSchema, input);
  if (question.kind === "choice" && question.options.length < 2) throw invalidFields({ options: "A choice needs at least two choices, one per line" }, { options: "Choices" });
  return question;
}

/**
 * Replaces plan `planId`'s questions with `questions` (an Admin's edit: add, change, remove or
 * reorder), recorded in the audit log. Keys of kept questions stay; new ones get a new key.
 */
async function writeQuestions(db: Db, actor: AuditActor, planId: string, planName: string, questions: BriefQuestion[], summary: string): Promise<void> {
  if (questions.length > MAX_QUESTIONS) throw new AppError(409, `A brief can have at most ${MAX_QUESTIONS} questions.`);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("brief_questions").where("plan_id", "=", planId).execute();
    const now = nowIso();
    for (const [position, q] of questions.entries()) {
      await trx
        .insertInto("brief_questions")
        .values({ plan_id: planId, key: q.key, position, kind: q.kind, label: q.label, help: q.help, required: q.required ? 1 : 0, options: JSON.stringify(q.options), updated_at: now, updated_by: actor.email })
        .execute();
    }
    await recordAudit(trx, { actor, action: "brief.questions", target: `Brief of the ${planName} plan`, summary });
  });
}

const newKey = (questions: BriefQuestion[]) => {
  for (let n = questions.length + 1; ; n += 1) if (!questions.some((q) => q.key === `q${n}`)) return `q${n}`;
};

export async function addQuestion(db: Db, actor: AuditActor, plan: { id: string; name: string }, input: unknown): Promise<void> {
  const question = checkQuestion(input);
  const { questions } = await planQuestions(db, plan.id);
  await writeQuestions(db, actor, plan.id, plan.name, [...questions, { ...question, key: newKey(questions) }], `Added “${question.label}”`);
}

export async function updateQuestion(db: Db, actor: AuditActor, plan: { id: string; name: string }, key: string, input: unknown): Promise<void> {
  const question = checkQuestion(input);
  const { questions } = await planQuestions(db, plan.id);
  const before = questions.find((q) => q.key === key);
  if (!before) throw notFound("Question");
  await writeQuestions(db, actor, plan.id, plan.name, questions.map((q) => (q.key === key ? { ...question, key } : q)), `Changed “${before.label}”${before.label === question.label ? "" : ` to “${question.label}”`}`);
}

export async function removeQuestion(db: Db, actor: AuditActor, plan: { id: string; name: string }, key: string): Promise<void> {
  const { questions } = await planQuestions(db, plan.id);
  const gone = questions.find((q) => q.key === key);
  if (!gone) throw notFound("Question");
  await writeQuestions(db, actor, plan.id, plan.name, questions.filter((q) => q.key !== key), `Removed “${gone.label}”`);
}

export async function moveQuestion(db: Db, actor: AuditActor, plan: { id: string; name: string }, key: string, direction: "up" | "down"): Promise<void> {
  const { questions } = await planQuestions(db, plan.id);
  const at = questions.findIndex((q) => q.key === key);
  if (at < 0) throw notFound("Question");
  const to = direction === "up" ? at - 1 : at + 1;
  if (to < 0 || to >= questions.length) return;
  const moved = [...questions];
  [moved[at], moved[to]] = [moved[to]!, moved[at]!];
  await writeQuestions(db, actor, plan.id, plan.name, moved, `Moved “${questions[at]!.label}” ${direction}`);
}

// ── An order's brief ─────────────────────────────────────────────────────────

export interface Brief {
  questions: BriefQuestion[];
  answers: Answers;
  submittedAt: string | null;
  updatedAt: string;
  /** Required questions answered, of all required. */
  progress: { answered: number; required: number };
}

/**
 * Brief answers given on the order form, checked before the order is stored: well-formed, or a
 * 400 naming each wrong field. Complete (every required answer given) they count as sent, and
 * reach the agency with the payment. File questions are answered on the order's brief page.
 */
export async function earlyBrief(db: DbOrTrx, planId: string, given: Answers): Promise<{ answers: Answers; sent: boolean }> {
  const { questions } = await planQuestions(db, planId);
  const asked = questions.filter((q) => q.kind !== "file");
  const { answers, errors } = checkAnswers(asked, given, false);
  if (Object.keys(errors).length) {
    throw invalidFields(
      Object.fromEntries(Object.entries(errors).map(([key, message]) => [`answer.${key}`, message])),
      Object.fromEntries(asked.map((q) => [`answer.${q.key}`, q.label])),
    );
  }
  const { answered, required } = requiredAnswered(questions, answers);
  return { answers, sent: answered === required && Object.keys(answers).length > 0 };
}

/** The brief an order starts with: the plan's questions as they are now, and any answers given on the order form. */
export async function startBrief(trx: DbOrTrx, orderId: string, planId: string, at: string, early?: { answers: Answers; sent: boolean }): Promise<void> {
  const { questions } = await planQuestions(trx, planId);
  await trx
    .insertInto("order_briefs")
    .values({ order_id: orderId, questions: JSON.stringify(questions), answers: JSON.stringify(early?.answers ?? {}), submitted_at: early?.sent ? at : null, updated_at: at })
    .execute();
}

/** An order's brief (orders placed before briefs existed get one with the plan's questions on first read). */
export async function briefOf(db: Db, order: { id: string; plan_id: string; created_at: string }): Promise<Brief> {
  let row = await db.selectFrom("order_briefs").selectAll().where("order_id", "=", order.id).executeTakeFirst();
  if (!row) {
    await db.transaction().execute((trx) => startBrief(trx, order.id, order.plan_id, order.created_at)).catch(() => undefined);
    row = await db.selectFrom("order_briefs").selectAll().where("order_id", "=", order.id).executeTakeFirstOrThrow();
  }
  const questions = JSON.parse(row.questions) as BriefQuestion[];
  const answers = JSON.parse(row.answers) as Answers;
  return { questions, answers, submittedAt: row.submitted_at, updatedAt: row.updated_at, progress: requiredAnswered(questions, answers) };
}


/** The answers a form or an API call sends: `answers` as an object, or the form's `answer.<key>` fields. */
export function answersFrom(input: Record<string, unknown>): Answers {
  if (input.answers && typeof input.answers === "object" && !Array.isArray(input.answers)) {
    return Object.fromEntries(Object.entries(input.answers as Record<string, unknown>).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : String(v ?? "")]));
  }
  return formAnswers(input);
}

export interface SaveBrief {
  answers: Answers;
  /** Files for `file` questions, in fields named `file.<key>`. */
  uploads?: UploadedFile[];
  /** Send the brief (required answers checked) rather than save part of it. */
  send: boolean;
}

/**
 * The customer saves or sends their brief. What is given must be well-formed; sending also needs
 * every required answer (each missing or malformed one is named next to its field, and nothing is
 * stored). A file question keeps its file unless a new one is sent.
 */
export async function saveBrief(
  services: Pick<Services, "db" | "mailer" | "config"> & { orderFiles: OrderFileStore },
  order: { id: string; stage: Stage; plan_id: string; created_at: string; package_name: string },
  by: AuditActor,
  input: SaveBrief,
): Promise<Brief> {
  if (!isBriefOpen(order)) throw new AppError(409, "The work on this order has started, so its brief can no longer be changed. Send a message instead.");
  const brief = await briefOf(services.db, order);
  const fileQuestions = new Map(brief.questions.filter((q) => q.kind === "file").map((q) => [`file.${q.key}`, q]));
  const uploads = (input.uploads ?? []).filter((u) => fileQuestions.has(u.field));
  // A file answer is a file of this order: one named by its id (the API), a new upload (its id is
  // set below, once stored), or else the one given before.
  const given: Answers = { ...input.answers };
  const ownFiles = new Set((await services.db.selectFrom("order_files").select("id").where("order_id", "=", order.id).execute()).map((f) => f.id));
  for (const q of fileQuestions.values()) {
    const named = input.answers[q.key];
    if (typeof named === "string" && named && !ownFiles.has(named)) {
      throw invalidFields({ [`answer.${q.key}`]: `${q.label}: not a file of this order (attach it to a message first, or upload it on the brief page)` }, { [`answer.${q.key}`]: q.label });
    }
    given[q.key] = named && ownFiles.has(named as string) ? named : (brief.answers[q.key] ?? "");
  }
  for (const upload of uploads) given[fileQuestions.get(upload.field)!.key] = "0".repeat(32);
  const { answers, errors } = checkAnswers(brief.questions, given, input.send);
  if (Object.keys(errors).length) {
    throw invalidFields(
      Object.fromEntries(Object.entries(errors).map(([key, message]) => [`answer.${key}`, message])),
      Object.fromEntries(brief.questions.map((q) => [`answer.${q.key}`, q.label])),
    );
  }
  const now = nowIso();
  await services.db.transaction().execute(async (trx) => {
    for (const upload of uploads) {
      const question = fileQuestions.get(upload.field)!;
      const [file] = await services.orderFiles.add(trx, order.id, [{ ...upload, field: `answer.${question.key}` }], { questionKey: question.key }, by.email);
      answers[question.key] = file!.id;
    }
    const sending = input.send && !brief.submittedAt;
    await trx
      .updateTable("order_briefs")
      .set({ answers: JSON.stringify(answers), updated_at: now, ...(sending ? { submitted_at: now } : {}) })
      .where("order_id", "=", order.id)
      .execute();
    if (sending) await briefArrives(services, trx, order.id, by, now);
  });
  return briefOf(services.db, order);
}

/**
 * A sent brief reaches the agency once the order is paid: the order moves to "Brief received",
 * its due date is set from the plan's delivery time, and the Admins are told. Called when the
 * brief is sent and when a payment arrives (a brief sent before paying arrives with the money).
 */
export async function briefArrives(services: Pick<Services, "mailer" | "config">, trx: Trx, orderId: string, by: AuditActor, at: string): Promise<void> {
  const brief = await trx.selectFrom("order_briefs").select("submitted_at").where("order_id", "=", orderId).executeTakeFirst();
  const order = await trx.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst();
  if (!brief?.submitted_at || !order || !canMove(order.stage, "submitBrief")) return;
  const moved = await moveOrder(trx, orderId, "submitBrief", by.email, { at });
  if (!moved.moved) return;
  const due = order.delivery_days ? new Date(Date.parse(at) + order.delivery_days * 86_400_000).toISOString() : null;
  if (due) await trx.updateTable("orders").set({ due_at: due }).where("id", "=", orderId).execute();
  await recordAudit(trx, { actor: by, action: "order.brief", target: `Order ${orderId} (${order.customer_email}, ${order.package_name})`, summary: "Brief sent" });
  await mailSide(services, trx, order, "agency", {
    subject: `Brief received: ${orderName(order)}`,
    lines: [`${order.customer_name} <${order.customer_email}> sent the brief of their ${order.package_name} order.`, due ? `Due by ${shortDate(due)} (${order.delivery_days} days).` : ""].filter(Boolean),
  });
}
