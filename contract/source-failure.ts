/**
 * A source a batch run could not read, as the run's manifest records it and the live node's
 * `/health` shows it (file names, never local folders). Written by batch/main.ts, read by
 * live/snapshot-source.ts through the manifest.
 */
export interface SourceFailure {
  /** What failed: a WARC file, a price load, a CC-NEWS listing (other kinds may come from newer batches). */
  kind: 'warc' | 'prices' | 'listing' | (string & {})
  source: string
  message: string
}
