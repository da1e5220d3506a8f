/**
 * A full garbage collection after every so many characters (or payload bytes) of HTML handled.
 * Each record leaves its decoded page, its tree and their strings behind; the engine collects
 * lazily, so one thread ingesting real pages (265 KB each) grew to ~770 MB RSS before it did, and
 * three threads (a fanned-out file) to ~1.3 GB. Each full collection costs ~0.1 s of CPU, so the
 * interval trades memory for speed. Measured on 256 MB of real pages with two workers on one file
 * (quiet, 2026-11-27, after the enrichment tables were packed and the reading thread stopped
 * holding decoded pages): every 32 Mi 225-230 articles/s at 676 MB peak RSS, every 64 Mi 241-244/s
 * at 718-739 MB, every 128 Mi 251-255/s at 772-777 MB (8.1 -> 7.3 ms of CPU an article). Small
 * pages (the demo's 4 KB) collect once every ~30,000 records.
 */
export const GC_EVERY_HTML_CHARS = 128 * 1024 * 1024
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
