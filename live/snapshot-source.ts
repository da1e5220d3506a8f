/**
 * Follows the snapshot folder: polls `latest.json` and, when a new version appears, switches the
 * data view in one assignment. A request takes the current view once at its start, so it is
 * answered entirely from one version, and the previous version's folder stays on disk (48 are
 * kept) for requests still running on it.
 */
import type { Database } from 'bun:sqlite'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { SearchIndex } from '../core/search/types.ts'
import { type Manifest, readLatest, readManifest } from '../contract/snapshot-files.ts'
import type { DataOrigin, DataView, SourceFailure } from '../answers/context.ts'

export interface SnapshotView extends DataView {
  version: string
  builtAt: string
  manifest: Manifest
  /** Reads a file of this version by its manifest path; null when the version has no such file. */
  file: (path: string) => Uint8Array | null
}

export interface SnapshotSourceOptions {
  root: string
  db: () => Database | null
  index: (db: Database) => SearchIndex
  onSwitch?: (view: SnapshotView) => void
  onError?: (message: string) => void
}

export class SnapshotSource {
  #current: SnapshotView | null = null
  #timer: ReturnType<typeof setInterval> | null = null

  constructor(private readonly opts: SnapshotSourceOptions) {}

  get current(): SnapshotView | null {
    return this.#current
  }

  /** Loads the latest version if it differs from the current one; returns whether it switched. */
  refresh(): boolean {
    const latest = readLatest(this.opts.root)
    if (latest === null || latest.version === this.#current?.version) return false
    const manifest = readManifest(this.opts.root, latest.version)
    const db = this.opts.db()
    if (manifest === null || db === null) return false
    const dir = join(this.opts.root, latest.version)
    const known = new Set(manifest.files.map((f) => f.path))
    const view: SnapshotView = {
      db,
      index: this.opts.index(db),
      version: manifest.version,
      builtAt: manifest.built_at,
      watermark: manifest.watermark,
      manifest,
      memo: new Map(),
      sourceFailures: sourceFailuresOf(manifest),
      origin: originOf(manifest),
      file: (path) => {
        if (!known.has(path)) return null
        try {
          return readFileSync(join(dir, path))
        } catch {
          return null
        }
      },
    }
    this.#current = view
    this.opts.onSwitch?.(view)
    return true
  }

  /** Polls every `intervalMs`; errors are reported and the current version keeps serving. */
  watch(intervalMs: number): void {
    this.stop()
    this.#timer = setInterval(() => {
      try {
        this.refresh()
      } catch (error) {
        this.opts.onError?.(`snapshot refresh failed: ${error instanceof Error ? error.message : String(error)}`)
      }
    }, intervalMs)
  }

  stop(): void {
    if (this.#timer !== null) clearInterval(this.#timer)
    this.#timer = null
  }
}

/** The manifest's `sources.failed` list (written by batch/main.ts), checked field by field: it is read from disk. */
function sourceFailuresOf(manifest: Manifest): SourceFailure[] {
  const failed = manifest.sources.failed
  if (!Array.isArray(failed)) return []
  const text = (v: unknown) => (typeof v === 'string' ? v : '')
  return failed
    .filter((f): f is Record<string, unknown> => typeof f === 'object' && f !== null)
    .map((f) => ({ kind: text(f.kind), source: text(f.source), message: text(f.message) }))
}

/** The manifest's `sources.origin` and `sources.following` (batch/main.ts), checked: read from disk. */
function originOf(manifest: Manifest): DataOrigin {
  const { origin, following } = manifest.sources
  return {
    origin: origin === 'demo' || origin === 'real' ? origin : null,
    following: Array.isArray(following) ? following.filter((f): f is string => typeof f === 'string') : [],
  }
}
