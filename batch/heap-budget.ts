/**
 * A full garbage collection after every so many characters of HTML handled. Each record leaves
 * its decoded page, its tree and their strings behind; the engine collects lazily, so one thread
 * ingesting real pages (265 KB each) grew to ~770 MB RSS before it did, and three threads (a
 * fanned-out file) to ~1.3 GB. Measured on 128 MB of real pages (load 3-5): every 64 Mi chars
 * 600 MB / 1.18 GB, every 32 Mi 0.96 GB with three threads, every 16 Mi 436 MB / 830 MB but ~12%
 * slower on one thread (each full collection also walks enrichment's ~130 MB of tables). Small
 * pages (the demo's 4 KB) collect once every ~8,000 records.
 */
export const GC_EVERY_HTML_CHARS = 32 * 1024 * 1024
/**
 * The same for bytes inflated by the streaming gunzip (batch/warc/stream-member.ts): a 2 GiB gzip
 * bomb is 8,192 dropped output buffers, which took a thread holding enrichment's tables from
 * 190 to 440 MB RSS before the engine collected them.
 */
export const GC_EVERY_INFLATED_BYTES = 128 * 1024 * 1024

export class HeapBudget {
  #spent = 0

  /** `every`: characters (or bytes) between two collections. */
  constructor(private readonly every = GC_EVERY_HTML_CHARS) {}

  /** Counts `amount` handled; collects when the budget is spent. */
  spend(amount: number): void {
    this.#spent += amount
    if (this.#spent < this.every) return
    this.#spent = 0
    Bun.gc(true)
  }
}
