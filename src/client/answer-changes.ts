import type { LookupOutcome } from "./answer-record";

// What a Refresh found changed ("7 valid -> invalid, 2 new emails"): an answer asked again is
// compared with the one kept before by what a list is used for, its email and that email's status;
// other fields (a job title, the MX host) do not make an answer "changed".

/** How one answer changed, or null when its email and status are the same. */
export type AnswerChange =
  | { kind: "status"; from: string; to: string }
  /** An email where there was none, or a different email. */
  | { kind: "newEmail" }
  /** No email any more where there was one. */
  | { kind: "lost" }
  /** A list answer (a company's emails, employees) whose entries differ. */
  | { kind: "listChanged" };

interface Shape {
  email: string | null;
  status: string;
  list: string | null;
}

function shapeOf(outcome: LookupOutcome): Shape {
  if (outcome.status !== "ok") return { email: null, status: outcome.status, list: null };
  const value = (outcome.value ?? {}) as Record<string, unknown>;
  const email = typeof value.email === "string" && value.email !== "" ? value.email : null;
  const status = typeof value.email_status === "string" ? value.email_status : "";
  const entries = Array.isArray(value.emails)
    ? value.emails
    : Array.isArray(value.employees)
      ? (value.employees as Array<Record<string, unknown>>).map((e) => e.linkedin_url ?? e.name)
      : null;
  const list = entries ? JSON.stringify([...entries.map(String)].sort()) : null;
  return { email: email?.toLowerCase() ?? null, status, list };
}

export function answerChange(before: LookupOutcome, after: LookupOutcome): AnswerChange | null {
  const a = shapeOf(before);
  const b = shapeOf(after);
  if (a.list !== null || b.list !== null)
    return a.list === b.list && a.status === b.status ? null : { kind: "listChanged" };
  if (a.email !== b.email) {
    if (b.email === null) return { kind: "lost" };
    return { kind: "newEmail" };
  }
  // A verification (no email in the answer) or the same email: its status may have moved.
  return a.status === b.status ? null : { kind: "status", from: a.status, to: b.status };
}

/** Changes counted by kind ("valid -> invalid" apart from "risky -> invalid"), most first. */
export interface ChangeCount {
  change: AnswerChange;
  count: number;
}

const changeKey = (change: AnswerChange): string =>
  change.kind === "status" ? `status:${change.from}:${change.to}` : change.kind;

export function countChanges(changes: Iterable<AnswerChange | null>): ChangeCount[] {
  const counts = new Map<string, ChangeCount>();
  for (const change of changes) {
    if (!change) continue;
    const key = changeKey(change);
    const known = counts.get(key);
    if (known) known.count++;
    else counts.set(key, { change, count: 1 });
  }
  return [...counts.values()].sort((x, y) => y.count - x.count);
}
