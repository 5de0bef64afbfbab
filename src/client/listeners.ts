/**
 * The listeners of one kind of change. `emit` calls each on a copy of the set, so that a
 * listener may unsubscribe (or subscribe another) while it is called.
 */
export class Listeners<A extends unknown[] = []> {
  private readonly set = new Set<(...args: A) => void>();

  /** Adds `listener`; the returned function removes it. */
  add(listener: (...args: A) => void): () => void {
    this.set.add(listener);
    return () => {
      this.set.delete(listener);
    };
  }

  emit(...args: A): void {
    for (const listener of [...this.set]) listener(...args);
  }
}
