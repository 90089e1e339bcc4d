/**
 * Remembers values for one file: the one being linted. ESLint runs every rule on a file before it
 * moves to the next, so one slot serves all rules. A WeakMap keyed by each file's AST did the same
 * job but kept every tree reachable from an old-space table until a full collection, which cost
 * young-generation collections and peak memory on large runs.
 */
export class FileMemo<Key extends object, Value> {
  private key: Key | undefined;
  private value: Value | undefined;

  get(key: Key, compute: () => Value): Value {
    if (this.key !== key) {
      // Cleared first: if compute throws, no stale value stays behind for this key.
      this.key = undefined;
      this.value = compute();
      this.key = key;
    }
    return this.value as Value;
  }

  /** The value remembered for `key`, if the slot holds it. */
  peek(key: Key): Value | undefined {
    return this.key === key ? this.value : undefined;
  }

  /** Lets go of the remembered value, so that it does not outlive its file. */
  clear(): void {
    this.key = undefined;
    this.value = undefined;
  }
}
