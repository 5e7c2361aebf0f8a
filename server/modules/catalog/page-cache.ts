import { LRUCache } from 'lru-cache';

/**
 * Answers kept serialised, bounded by their size: when a new answer would pass the bound,
 * the least recently used ones leave first. A JavaScript string holds up to two bytes per
 * UTF-16 unit, so an entry is counted as twice the length of its key and answer; one bigger
 * than the whole bound is not kept.
 */
export class AnswerCache {
  readonly maxBytes: number;
  private readonly entries: LRUCache<string, string>;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
    this.entries = new LRUCache<string, string>({ maxSize: maxBytes, sizeCalculation: (answer, key) => AnswerCache.bytesOf(key, answer) });
  }

  static bytesOf(key: string, answer: string): number {
    return 2 * (key.length + answer.length);
  }

  /** The answer kept under `key`, which becomes the most recently used. */
  get(key: string): string | undefined {
    return this.entries.get(key);
  }

  set(key: string, answer: string): void {
    this.entries.set(key, answer);
  }

  /** Bytes held, as counted above. */
  get bytes(): number {
    return this.entries.calculatedSize;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The keys, least recently used first. */
  keys(): IterableIterator<string> {
    return this.entries.rkeys();
  }

  /** Every entry, for checking the count against what is really held. */
  *[Symbol.iterator](): IterableIterator<[string, string]> {
    for (const [key, answer] of this.entries.rentries()) yield [key, answer] as [string, string];
  }
}
