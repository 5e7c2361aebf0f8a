/**
 * Answers kept serialised, bounded by their size: when a new answer would pass the bound,
 * the least recently used ones leave first. A JavaScript string holds up to two bytes per
 * UTF-16 unit, so an entry is counted as twice the length of its key and answer.
 */
export class AnswerCache {
  readonly maxBytes: number;
  private readonly entries = new Map<string, string>();
  private used = 0;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  static bytesOf(key: string, answer: string): number {
    return 2 * (key.length + answer.length);
  }

  /** The answer kept under `key`, which becomes the most recently used. */
  get(key: string): string | undefined {
    const answer = this.entries.get(key);
    if (answer !== undefined) {
      // A Map keeps insertion order: moving the entry to the end keeps the oldest first.
      this.entries.delete(key);
      this.entries.set(key, answer);
    }
    return answer;
  }

  set(key: string, answer: string): void {
    const size = AnswerCache.bytesOf(key, answer);
    this.delete(key);
    if (size > this.maxBytes) return;
    while (this.used + size > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
    this.entries.set(key, answer);
    this.used += size;
  }

  private delete(key: string) {
    const answer = this.entries.get(key);
    if (answer === undefined) return;
    this.entries.delete(key);
    this.used -= AnswerCache.bytesOf(key, answer);
  }

  /** Bytes held, as counted above. */
  get bytes(): number {
    return this.used;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The keys, least recently used first. */
  keys(): IterableIterator<string> {
    return this.entries.keys();
  }

  /** Every entry, for checking the count against what is really held. */
  *[Symbol.iterator](): IterableIterator<[string, string]> {
    yield* this.entries;
  }
}
