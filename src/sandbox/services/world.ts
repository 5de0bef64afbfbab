import type { Directory, Person, WorldChange } from "../directory/directory";
import { fnv1a } from "../directory/random";
import type { Db } from "../storage/db";
import { DAY_MS, type AdjustableClock } from "./clock";

// A sandbox whose world changes: its clock moved forward and a share of its people
// changed (left, mailbox closed, a new address), so that answers age and refreshes meet real
// changes and real charges. Both are kept in the database and replayed at start: a restarted
// sandbox is in the same world at the same time.

const CLOCK_KEY = "clock_offset_ms";
const CHANGES_KEY = "world_changes";
const KINDS: WorldChange[] = ["left", "mailbox_closed", "new_address"];

export interface ChangeRequest {
  /** The share of the people not yet changed to change, 0 < share <= 1. */
  share: number;
  seed: number;
}

export type ChangeCounts = Record<WorldChange, number> & { changed: number };

export class World {
  /** People changed so far (each changes once). */
  private readonly changed = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly directory: Directory,
    private readonly clock: AdjustableClock
  ) {
    this.clock.advance(Number(this.read(CLOCK_KEY) ?? 0));
    for (const request of this.requests()) this.apply(request);
  }

  /** Moves the clock forward by `days` (a fraction of a day too); answers the new now. */
  advanceClock(days: number): number {
    this.clock.advance(Math.round(days * DAY_MS));
    this.write(CLOCK_KEY, String(this.clock.offset));
    return this.clock.now();
  }

  /**
   * Changes `share` of the people who can change (at companies whose mail server answers for
   * each mailbox, not blacklisted, not changed before), picked and altered by `seed`: the same
   * request on the same world changes the same people in the same way.
   */
  change(request: ChangeRequest): ChangeCounts {
    const counts = this.apply(request);
    this.write(CHANGES_KEY, JSON.stringify([...this.requests(), request]));
    return counts;
  }

  private apply({ share, seed }: ChangeRequest): ChangeCounts {
    const counts: ChangeCounts = { changed: 0, left: 0, mailbox_closed: 0, new_address: 0 };
    const picked: Array<[Person, WorldChange]> = [];
    for (const company of this.directory.companies) {
      if (company.mailServer !== "verifying") continue;
      for (const person of company.people) {
        if (person.blacklisted || this.changed.has(person.key)) continue;
        if (fnv1a(`${seed}|${person.key}`) / 2 ** 32 >= share) continue;
        picked.push([person, KINDS[fnv1a(`kind|${seed}|${person.key}`) % KINDS.length]!]);
      }
    }
    // Applied after the walk: a person who leaves is taken out of the list being walked.
    for (const [person, kind] of picked) {
      this.directory.changePerson(person, kind);
      this.changed.add(person.key);
      counts[kind] += 1;
      counts.changed += 1;
    }
    return counts;
  }

  private requests(): ChangeRequest[] {
    return JSON.parse(this.read(CHANGES_KEY) ?? "[]") as ChangeRequest[];
  }

  private read(key: string): string | undefined {
    const row = this.db.prepare("SELECT value FROM meta WHERE key = ?").get(key) as
      { value: string } | undefined;
    return row?.value;
  }

  private write(key: string, value: string): void {
    this.db
      .prepare(
        "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value"
      )
      .run(key, value);
  }
}
