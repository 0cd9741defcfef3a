import { z } from "zod";
import { isHttpUrl } from "../../shared/validation.ts";

/**
 * A brief: the questions a plan's customers answer so the agency can start (which website, which
 * keywords, who the competitors are, how to get access). Questions are data an Admin edits per
 * plan; a plan without its own questions asks DEFAULT_QUESTIONS. Shared by the server (checks) and
 * the browser (the form).
 */

export const QUESTION_KINDS = {
  url: "Website address",
  text: "Short text",
  longText: "Long text",
  keywords: "List of keywords",
  yesNo: "Yes or no",
  choice: "One choice of several",
  file: "A file",
} as const;

export type QuestionKind = keyof typeof QUESTION_KINDS;
export const QUESTION_KIND_NAMES = Object.keys(QUESTION_KINDS) as QuestionKind[];

export interface BriefQuestion {
  /** Stable within the plan: answers are keyed by it. */
  key: string;
  kind: QuestionKind;
  label: string;
  help: string;
  required: boolean;
  /** The choices of a `choice` question. */
  options: string[];
}

/** An answer: text, a list (keywords), "yes"/"no", or the id of an order file. */
export type Answer = string | string[];
export type Answers = Record<string, Answer>;

export const MAX_KEYWORDS = 20;
export const MAX_QUESTIONS = 30;

/** What every plan asks until an Admin changes its questions. */
export const DEFAULT_QUESTIONS: BriefQuestion[] = [
  { key: "website", kind: "url", label: "Your website", help: "The site we work on, for example https://www.example.com", required: true, options: [] },
  { key: "keywords", kind: "keywords", label: "Target keywords", help: `The searches you want to be found for, one per line (up to ${MAX_KEYWORDS})`, required: false, options: [] },
  { key: "competitors", kind: "longText", label: "Main competitors", help: "Their names or websites, one per line", required: false, options: [] },
  { key: "goals", kind: "longText", label: "Goals", help: "What should visitors from search do on your site: call, book, buy, ask for a quote?", required: false, options: [] },
  {
    key: "access",
    kind: "longText",
    label: "How we get access",
    help: "How we get access to Google Search Console, analytics and your CMS: whom to add, or who can add us. Never write passwords here.",
    required: false,
    options: [],
  },
];

/** The list a keywords answer holds: one per line (or comma), trimmed, empty ones and repeats dropped. */
export function keywordList(value: Answer | undefined): string[] {
  const items = Array.isArray(value) ? value : String(value ?? "").split(/[\n,]/);
  const seen = new Set<string>();
  return items.map((k) => k.trim()).filter((k) => k && !seen.has(k.toLowerCase()) && seen.add(k.toLowerCase()));
}

/** The answers of a posted form: its `answer.<key>` fields. */
export const formAnswers = (values: Record<string, unknown> | undefined): Answers =>
  Object.fromEntries(Object.entries(values ?? {}).flatMap(([k, v]) => (k.startsWith("answer.") && typeof v === "string" ? [[k.slice(7), v]] : [])));

const isEmpty = (value: Answer | undefined) => (Array.isArray(value) ? value.length === 0 : String(value ?? "").trim() === "");

/**
 * Checks one answer. `required` is applied only when the brief is sent (a saved part may leave
 * anything out), but what is given must always be well-formed. Answers the normalised value, or a
 * message for the field.
 */
export function checkAnswer(question: BriefQuestion, value: Answer | undefined, sending: boolean): { value: Answer } | { error: string } {
  if (isEmpty(value)) return sending && question.required ? { error: `${question.label} is required` } : { value: question.kind === "keywords" ? [] : "" };
  const text = Array.isArray(value) ? value.join("\n") : String(value).trim();
  switch (question.kind) {
    case "url":
      if (text.length > 2048 || !isHttpUrl(text)) return { error: `${question.label} must be a full address starting with http:// or https://, such as https://www.example.com` };
      return { value: text };
    case "text":
      return text.length > 200 ? { error: `${question.label} must be at most 200 characters` } : { value: text };
    case "longText":
      return text.length > 5000 ? { error: `${question.label} must be at most 5000 characters` } : { value: text };
    case "keywords": {
      const list = keywordList(value);
      if (list.length > MAX_KEYWORDS) return { error: `${question.label}: at most ${MAX_KEYWORDS} keywords (you gave ${list.length})` };
      if (list.some((k) => k.length > 100)) return { error: `${question.label}: each keyword must be at most 100 characters` };
      return { value: list };
    }
    case "yesNo":
      return text === "yes" || text === "no" ? { value: text } : { error: `${question.label}: choose yes or no` };
    case "choice":
      return question.options.includes(text) ? { value: text } : { error: `${question.label}: choose one of ${question.options.join(", ")}` };
    case "file":
      return /^[0-9a-f]{32}$/.test(text) ? { value: text } : { error: `${question.label}: upload the file again` };
  }
}

/** Every answer checked: the clean answers, and a message per wrong field (keyed by question key). */
export function checkAnswers(questions: BriefQuestion[], given: Answers, sending: boolean): { answers: Answers; errors: Record<string, string> } {
  const answers: Answers = {};
  const errors: Record<string, string> = {};
  for (const question of questions) {
    const checked = checkAnswer(question, given[question.key], sending);
    if ("error" in checked) errors[question.key] = checked.error;
    else if (!isEmpty(checked.value)) answers[question.key] = checked.value;
  }
  return { answers, errors };
}

/** How far a brief is: the required questions answered, of all required. */
export function requiredAnswered(questions: BriefQuestion[], answers: Answers): { answered: number; required: number } {
  const required = questions.filter((q) => q.required);
  return { answered: required.filter((q) => !isEmpty(answers[q.key])).length, required: required.length };
}

/** One question as an Admin edits it. */
export const questionSchema = z.object({
  label: z.string().trim().min(1, "Question is required").max(200, "Question must be at most 200 characters").describe("Question"),
  kind: z.enum(QUESTION_KIND_NAMES, { error: "Choose the kind of answer" }).describe("Kind of answer"),
  help: z.string().trim().max(500, "Help text must be at most 500 characters").default("").describe("Help text"),
  required: z
    .union([z.boolean(), z.enum(["on", "true", "false", ""])])
    .default(false)
    .transform((v) => v === true || v === "on" || v === "true")
    .describe("Required"),
  options: z
    .union([z.array(z.string()), z.string()])
    .default([])
    .transform((v) => (Array.isArray(v) ? v : v.split("\n")).map((o) => o.trim()).filter(Boolean))
    .pipe(z.array(z.string().max(100, "Each choice must be at most 100 characters")).max(20, "At most 20 choices"))
    .describe("Choices"),
});

export type QuestionInput = z.output<typeof questionSchema>;
