import type { AnswerStore } from "../client/answer-store-contract";
import type { SpendingGuard } from "../client/spending";
import type { WorkbookShelves } from "./answer-shelves";

// Kept answers gone: a workbook notes the shelves of kept answers its cells were
// answered from. Opened where none of them is (WebKit forgets a cross-origin frame's storage
// at every restart, a cleared browser, another computer or account), its cells would buy
// again, below any threshold, what they showed before: the guard asks first, whatever the
// cost, and the workbook notes the new shelf only once the user says yes.

export interface KeptAnswersCheckDeps {
  guard: SpendingGuard;
  /** The open workbook's shelves (null: no Office document, nothing to check). */
  workbook: () => WorkbookShelves | null;
  /** Try mode's answers are examples of a free demo: nothing is checked or noted. */
  demo: () => boolean;
  onError?: (error: unknown) => void;
}

/**
 * "here": the store holds a shelf the workbook noted (under any account); "new": it noted none
 * yet; "gone": the store holds none of those it noted (the question is owed); "unchecked": no
 * workbook, or Try mode.
 */
export type KeptAnswersState = "here" | "new" | "gone" | "unchecked";

interface Checked {
  namespace: string;
  store: AnswerStore;
  state: KeptAnswersState;
  workbook: WorkbookShelves | null;
  /** The user agreed to buy again (state "gone"): its shelf may be noted now. */
  agreed: boolean;
  /** The shelf last noted by this runtime (a clear makes a new one, noted at the next use). */
  notedShelf: string | null;
  /** Notes in order, one at a time. */
  noting: Promise<void>;
}

export class KeptAnswersCheck {
  private readonly checked = new Map<string, Promise<Checked>>();
  /** The namespace of the endpoint in force (null: not known yet). */
  private current: string | null = null;
  /** The namespace the guard's question is owed for. */
  private owedBy: string | null = null;

  constructor(private readonly deps: KeptAnswersCheckDeps) {}

  /**
   * Checks a namespace once per runtime, before its cells' first reads of the store resolve
   * (the guard decides only after them). Never rejects: a store that cannot name its shelf
   * counts as gone when the workbook noted any.
   */
  async check(store: AnswerStore, namespace: string): Promise<KeptAnswersState> {
    let checking = this.checked.get(namespace);
    if (!checking) {
      checking = this.run(store, namespace);
      this.checked.set(namespace, checking);
    }
    return (await checking).state;
  }

  /**
   * The namespace's kept answers served the workbook's cells, or took the ones they bought:
   * the workbook notes its shelf (again only once a clear made a new one), unless the question
   * is still owed.
   */
  used(namespace: string): void {
    void this.checked.get(namespace)?.then((checked) => {
      if (checked.state !== "unchecked" && (checked.state !== "gone" || checked.agreed))
        this.note(checked);
    });
  }

  /**
   * The endpoint in force is this namespace's (at start and after a change of account): the
   * question is owed for it alone, so that a gone namespace's question never stands before
   * another account's lookups.
   */
  follow(namespace: string): void {
    if (this.current === namespace) return;
    this.current = namespace;
    if (this.owedBy !== null && this.owedBy !== namespace) {
      this.owedBy = null;
      this.deps.guard.withdrawQuestion();
    }
    void this.checked.get(namespace)?.then((checked) => this.owe(checked));
  }

  private owe(checked: Checked): void {
    if (checked.state !== "gone" || checked.agreed) return;
    if (this.current !== null && this.current !== checked.namespace) return;
    this.owedBy = checked.namespace;
    this.deps.guard.requireQuestion("answers_gone", () => {
      this.owedBy = null;
      checked.agreed = true;
      this.note(checked);
    });
  }

  private async run(store: AnswerStore, namespace: string): Promise<Checked> {
    const checked: Checked = {
      namespace,
      store,
      state: "unchecked",
      workbook: null,
      agreed: false,
      notedShelf: null,
      noting: Promise.resolve(),
    };
    if (this.deps.demo()) return checked;
    let noted: string[];
    try {
      checked.workbook = this.deps.workbook();
      noted = checked.workbook?.noted() ?? [];
    } catch (error) {
      this.deps.onError?.(error);
      return checked;
    }
    if (!checked.workbook) return checked;
    if (noted.length === 0) checked.state = "new";
    // Kept under another account of this browser (the user changed keys) is not gone.
    else if (await this.holdsAny(store, noted)) checked.state = "here";
    else {
      checked.state = "gone";
      this.owe(checked);
    }
    return checked;
  }

  private note(checked: Checked): void {
    const workbook = checked.workbook;
    if (!workbook) return;
    checked.noting = checked.noting.then(async () => {
      const shelf = await this.shelfOf(checked.store, checked.namespace);
      if (!shelf || shelf === checked.notedShelf) return;
      // Tried once per shelf and runtime: a workbook that cannot save (read-only) is not
      // saved at every batch of answers.
      checked.notedShelf = shelf;
      try {
        await workbook.note(shelf);
      } catch (error) {
        this.deps.onError?.(error);
      }
    });
  }

  private async holdsAny(store: AnswerStore, noted: string[]): Promise<boolean> {
    try {
      const held = await store.shelves();
      return noted.some((shelf) => held.has(shelf));
    } catch (error) {
      this.deps.onError?.(error);
      return false;
    }
  }

  private async shelfOf(store: AnswerStore, namespace: string): Promise<string | null> {
    try {
      return await store.shelf(namespace);
    } catch (error) {
      this.deps.onError?.(error);
      return null;
    }
  }
}
