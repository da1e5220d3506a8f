import type { Database } from 'bun:sqlite'
import { answersFor } from '../../answers/registry.ts'
import { isoSeconds } from '../../core/config.ts'
import { SqliteSearchIndex } from '../../store/search-sqlite.ts'
import type { Manifest } from '../../contract/snapshot-files.ts'
import { writeBundle } from '../export/bundle.ts'
import { computeSnapshot, fixedSnapshotUrls, trendSnapshotUrls } from './compute.ts'
import { type PublishHooks, freeVersion, publishSnapshot } from './publish.ts'

export interface SnapshotRun {
  db: Database
  root: string
  now: Date
  /** What the run's sources did (ingest summary, price loads, failures), recorded in the manifest. */
  sources: Record<string, unknown>
  hooks?: PublishHooks
  /** Research bundle beside the snapshot files: true (default), false to skip it, or with body text. */
  bundle?: boolean | { withText: boolean }
}

/** Pins the store's current data (its highest seq), computes every snapshot file and publishes the version. */
export function buildSnapshot(run: SnapshotRun): Manifest {
  const watermark = run.db.query<{ w: number | null }, []>('SELECT max(seq) AS w FROM articles').get()?.w ?? 0
  const version = freeVersion(run.root, run.now)
  const view = {
    db: run.db,
    index: new SqliteSearchIndex(run.db),
    version,
    watermark,
    memo: new Map<string, unknown>(),
  }
  const answers = answersFor({ version: 'build', uptimeSeconds: () => 0 })
  const files = computeSnapshot(view, run.now.getTime(), answers, [
    ...fixedSnapshotUrls(),
    ...trendSnapshotUrls(view, run.now.getTime()),
  ])
  const articles =
    run.db.query<{ n: number }, [number]>('SELECT count(*) AS n FROM articles WHERE seq <= ?').get(watermark)?.n ?? 0
  return publishSnapshot(
    run.root,
    {
      version,
      built_at: isoSeconds(run.now),
      watermark,
      counts: { articles, files: files.length },
      sources: run.sources,
    },
    files,
    run.hooks,
    run.bundle === false
      ? undefined
      : (dir) =>
          writeBundle(dir, {
            db: run.db,
            watermark,
            version,
            builtAt: isoSeconds(run.now),
            withText: typeof run.bundle === 'object' && run.bundle.withText,
            ...(run.hooks?.bundleFileWritten === undefined ? {} : { onFileWritten: run.hooks.bundleFileWritten }),
          }),
  )
}
