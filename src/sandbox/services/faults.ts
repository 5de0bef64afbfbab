import { mulberry32 } from "../directory/random";

/**
 * Fault injection, so that clients can be tested against the failures the service's interface
 * describes (docs/interface.md, Limits: 503 under load, slow answers) and what networks do
 * (dropped connections, broken bodies). Each rate is the share of API requests (0..1) that
 * suffer the fault.
 */
export interface FaultSettings {
  /** Answer 503 `server_busy` before any work (nothing charged). */
  rate503: number;
  /** The next N API requests answer 503, then normal service resumes. */
  burst503: number;
  /** Answer 500 `internal_error` before any work. */
  rate500: number;
  /** Delay the answer by `slowMs` after the work is done. */
  slowRate: number;
  slowMs: number;
  /** Close the connection without an answer. After the work when `dropAfterWork` (the costly case). */
  dropRate: number;
  dropAfterWork: boolean;
  /** Answer 200 with a truncated, unparseable JSON body (after the work). */
  malformedRate: number;
  /** The whole service is down: /status answers 503 and every API request 503. */
  down: boolean;
  /** Bad-email reports are answered 200 but return no credit (a service that keeps it). */
  reportsKeepCredit: boolean;
  /** Lookup inputs not in their plain form are found nowhere (services/spellings.ts). */
  literalInputs: boolean;
  /**
   * The rates' draws come from this seed's sequence, restarted each time it is set, so that two
   * runs meet the same faults in the same order of requests (benchmarks); null: at random.
   */
  seed: number | null;
}

export const NO_FAULTS: FaultSettings = {
  rate503: 0,
  burst503: 0,
  rate500: 0,
  slowRate: 0,
  slowMs: 0,
  dropRate: 0,
  dropAfterWork: true,
  malformedRate: 0,
  down: false,
  reportsKeepCredit: false,
  literalInputs: false,
  seed: null,
};

export type BeforeFault = "503" | "500" | "drop" | null;
export type AfterFault = { drop: boolean; malformed: boolean; delayMs: number };

export class Faults {
  private settings: FaultSettings;
  private random: () => number;

  constructor(
    initial: Partial<FaultSettings> = {},
    private readonly unseeded: () => number = Math.random
  ) {
    this.settings = { ...NO_FAULTS, ...initial };
    this.random = this.draws();
  }

  get current(): FaultSettings {
    return { ...this.settings };
  }

  update(changes: Partial<FaultSettings>): FaultSettings {
    this.settings = { ...this.settings, ...changes };
    if (changes.seed !== undefined) this.random = this.draws();
    return this.current;
  }

  private draws(): () => number {
    const seed = this.settings.seed;
    return seed === null ? this.unseeded : mulberry32(seed).next;
  }

  /** Decided when a request arrives. */
  before(): BeforeFault {
    const s = this.settings;
    if (s.down) return "503";
    if (s.burst503 > 0) {
      this.settings.burst503--;
      return "503";
    }
    if (s.rate503 > 0 && this.random() < s.rate503) return "503";
    if (s.rate500 > 0 && this.random() < s.rate500) return "500";
    if (!s.dropAfterWork && s.dropRate > 0 && this.random() < s.dropRate) return "drop";
    return null;
  }

  /** Decided when the answer is ready. */
  after(): AfterFault {
    const s = this.settings;
    return {
      drop: s.dropAfterWork && s.dropRate > 0 && this.random() < s.dropRate,
      malformed: s.malformedRate > 0 && this.random() < s.malformedRate,
      delayMs: s.slowRate > 0 && this.random() < s.slowRate ? s.slowMs : 0,
    };
  }
}
