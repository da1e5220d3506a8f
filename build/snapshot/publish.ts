/**
 * Atomic publication of a snapshot version: write everything into a temporary folder, fsync,
 * rename it to `<version>/`, then swap the `latest.json` pointer (write + fsync + rename). A run
 * killed at any point leaves the previous version served; the next run removes its leftovers.
 */
import { createHash } from 'node:crypto'
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, writeSync } from 'node:fs'
import { dirname, join } from 'node:path'

import {
  LATEST_FILE,
  type LatestPointer,
  MANIFEST_FILE,
  type Manifest,
  type ManifestFile,
  type SnapshotFile,
  VERSION_PATTERN,
} from '../../store/snapshot-files.ts'

export const KEEP_VERSIONS = 48
const TMP_PREFIX = '.tmp-'

export function versionOf(builtAt: Date): string {
  const iso = builtAt.toISOString()
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}Z`
}

function writeSynced(path: string, data: string | Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true })
  const fd = openSync(path, 'w')
  try {
    writeSync(fd, typeof data === 'string' ? Buffer.from(data) : data)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

function fsyncDir(path: string): void {
  const fd = openSync(path, 'r')
  try {
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

/** Removes leftovers of killed runs (temporary folders, a half-written pointer). */
export function cleanLeftovers(root: string): string[] {
  if (!existsSync(root)) return []
  const removed: string[] = []
  for (const name of readdirSync(root)) {
    if (name.startsWith(TMP_PREFIX) || name === `${LATEST_FILE}.tmp`) {
      rmSync(join(root, name), { recursive: true, force: true })
      removed.push(name)
    }
  }
  return removed
}

export interface PublishHooks {
  /** Called between steps; tests use it to kill a publish at a chosen point. */
  step?: (name: 'files-written' | 'renamed' | 'pointer-written') => void
}

export function publishSnapshot(
  root: string,
  meta: Omit<Manifest, 'files' | 'schema'>,
  files: readonly SnapshotFile[],
  hooks: PublishHooks = {},
): Manifest {
  if (!VERSION_PATTERN.test(meta.version)) throw new Error(`bad snapshot version ${meta.version}`)
  mkdirSync(root, { recursive: true })
  cleanLeftovers(root)
  const tmp = join(root, `${TMP_PREFIX}${meta.version}-${process.pid}`)
  mkdirSync(tmp, { recursive: true })
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  const manifestFiles: ManifestFile[] = []
  for (const f of sorted) {
    if (f.path.includes('..') || f.path.startsWith('/')) throw new Error(`bad snapshot path ${f.path}`)
    const bytes = Buffer.from(f.body)
    writeSynced(join(tmp, f.path), bytes)
    manifestFiles.push({ path: f.path, bytes: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') })
  }
  const manifest: Manifest = { schema: 1, ...meta, files: manifestFiles }
  writeSynced(join(tmp, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`)
  fsyncDir(tmp)
  hooks.step?.('files-written')

  const final = join(root, meta.version)
  rmSync(final, { recursive: true, force: true }) // a rebuild of the same minute replaces it
  renameSync(tmp, final)
  fsyncDir(root)
  hooks.step?.('renamed')

  const pointer: LatestPointer = { version: meta.version, built_at: meta.built_at, watermark: meta.watermark }
  writeSynced(join(root, `${LATEST_FILE}.tmp`), `${JSON.stringify(pointer)}\n`)
  hooks.step?.('pointer-written')
  renameSync(join(root, `${LATEST_FILE}.tmp`), join(root, LATEST_FILE))
  fsyncDir(root)

  pruneVersions(root, meta.version)
  return manifest
}

/** Keeps the newest KEEP_VERSIONS versions (never the one just published). */
export function pruneVersions(root: string, current: string): string[] {
  const versions = readdirSync(root)
    .filter((n) => VERSION_PATTERN.test(n))
    .sort()
  const drop = versions.slice(0, Math.max(0, versions.length - KEEP_VERSIONS)).filter((v) => v !== current)
  for (const v of drop) rmSync(join(root, v), { recursive: true, force: true })
  return drop
}
