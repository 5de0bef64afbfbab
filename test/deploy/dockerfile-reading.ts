import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DockerfileParser, type Instruction } from "dockerfile-ast";

// The repository's Dockerfile read with dockerfile-ast, for the tests of the deployment
// definitions: its stages, the final image's environment and user.

export const ROOT = join(__dirname, "..", "..");

/** The instructions of each stage, FROM first. */
export const stages: Instruction[][] = [];
for (const instruction of DockerfileParser.parse(
  readFileSync(join(ROOT, "Dockerfile"), "utf8")
).getInstructions()) {
  if (instruction.getKeyword() === "FROM") stages.push([]);
  stages.at(-1)?.push(instruction);
}
/** The stage that is the image. */
export const final = stages.at(-1)!;

export const all = (stage: Instruction[], keyword: string): Instruction[] =>
  stage.filter((instruction) => instruction.getKeyword() === keyword);

/** The one instruction of its kind in a stage; throws when there is none or more than one. */
export function the(stage: Instruction[], keyword: string): Instruction {
  const found = all(stage, keyword);
  if (found.length !== 1) throw new Error(`${found.length} ${keyword} instructions, not 1`);
  return found[0]!;
}

/** An exec-form (JSON array) instruction's words; throws on the shell form. */
export function execForm(instruction: Instruction): string[] {
  const text = instruction.getArgumentsContent() ?? "";
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${instruction.getKeyword()} is not in exec form: ${text}`);
  }
  if (!Array.isArray(parsed) || !parsed.every((word) => typeof word === "string"))
    throw new Error(`${instruction.getKeyword()} is not in exec form: ${text}`);
  return parsed as string[];
}

interface PropertyHolder {
  getProperties(): { getName(): string; getValue(): string | null }[];
}

/** The image's ENV, as its process gets it. */
export function imageEnvironment(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const instruction of all(final, "ENV"))
    for (const property of (instruction as unknown as PropertyHolder).getProperties())
      env[property.getName()] = property.getValue() ?? "";
  return env;
}

/** The image's USER as numbers; throws when it is a name (Kubernetes cannot check a name). */
export function imageUser(): { uid: number; gid: number | null } {
  const user = the(final, "USER").getArgumentsContent() ?? "";
  const match = /^(\d+)(?::(\d+))?$/.exec(user);
  if (!match) throw new Error(`USER ${user} is not numeric`);
  return { uid: Number(match[1]), gid: match[2] === undefined ? null : Number(match[2]) };
}
