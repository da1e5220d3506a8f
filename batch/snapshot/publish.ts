/**
 * Atomic publication of a snapshot version: write everything into a temporary folder, fsync,
 * rename it to `<version>/`, then swap the `latest.json` pointer (write + fsync + rename) and the
 * `current` symlink nginx follows (symlink + rename). A run killed at any point leaves the previous
 * version served; the next run removes its leftovers.
 *
 * Every file's mtime is the build instant, so a static server derives the same Last-Modified,
 * ETag (nginx: mtime-size) and expiry from any copy of the folder (rsync -t, object store).
 */
import { createHash } from 'node:crypto'
import {
  closeSync,
  existsSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeSync,
} from 'node:fs'
import { dirname, join } from 'node:path'

import { isProcessAlive } from '../run-lock.ts'

import {
  CURRENT_LINK,
  type ExportSummary,
  LATEST_FILE,
  type LatestPointer,
  MANIFEST_FILE,
  type Manifest,
  type ManifestFile,
  type SnapshotFile,
  SUMS_FILE,
  VERSION_PATTERN,
  readLatest,
} from '../../contract/snapshot-files.ts'

export const KEEP_VERSIONS = 48
const TMP_PREFIX = '.tmp-'

export function versionOf(builtAt: Date): string {
  const iso = builtAt.toISOString()
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}Z`
}

/** The most rebuilds of one minute (names `-02` to `-99`); past that the run fails rather than replace one. */
const MAX_SAME_MINUTE = 99

/**
 * The version name a build at `builtAt` publishes under: its minute, or the minute with the next
 * free `-NN` when that minute is already published. A published folder is never replaced, so a
 * node answering from it never sees its files change or vanish.
 */
export function freeVersion(root: string, builtAt: Date): string {
  const minute = versionOf(builtAt)
  if (!existsSync(join(root, minute))) return minute
  for (let n = 2; n <= MAX_SAME_MINUTE; n++) {
    const name = `${minute}-${String(n).padStart(2, '0')}`
    if (!existsSync(join(root, name))) return name
  }
  throw new Error(`${MAX_SAME_MINUTE} versions of ${minute} are already published`)
}

/** Writes a file and flushes it to disk before returning (creating its folder). */
export function writeSynced(path: string, data: string | Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true })
  const fd = openSync(path, 'w')
  try {
    writeSync(fd, typeof data === 'string' ? Buffer.from(data) : data)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

/** Flushes a folder's entries (a rename into it is durable once this returns). */
export function fsyncDir(path: string): void {
  const fd = openSync(path, 'r')
  try {
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

/** The pid a temporary folder's name ends with (`.tmp-<version>-<pid>`), or null. */
function tmpOwner(name: string): number | null {
  const m = /-(\d+)$/.exec(name)
  return m === null ? null : Number(m[1])
}

/**
 * Removes leftovers of killed runs (temporary folders, a half-written pointer). A temporary folder
 * whose writer is still alive is another run's work in progress and stays.
 */
export function cleanLeftovers(root: string): string[] {
  if (!existsSync(root)) return []
  const removed: string[] = []
  for (const name of readdirSync(root)) {
    if (name.startsWith(TMP_PREFIX)) {
      const owner = tmpOwner(name)
      if (owner !== null && owner !== process.pid && isProcessAlive(owner)) continue
    }
    if (name.startsWith(TMP_PREFIX) || name === `${LATEST_FILE}.tmp` || name === `${CURRENT_LINK}.tmp`) {
      rmSync(join(root, name), { recursive: true, force: true })
      removed.push(name)
    }
  }
  // A run killed between the pointer and the link swaps: point the link where the pointer points.
  const latest = readLatest(root)
  if (latest !== null && currentTarget(root) !== latest.version) linkCurrent(root, latest.version)
  return removed
}

/** The version the `current` symlink names, or null. */
export function currentTarget(root: string): string | null {
  try {
    const path = join(root, CURRENT_LINK)
    return lstatSync(path).isSymbolicLink() ? readlinkSync(path) : null
  } catch {
    return null
  }
}

/** Swaps `current` to `version` atomically: a relative symlink under a temporary name, renamed over the old one. */
export function linkCurrent(root: string, version: string): void {
  const tmp = join(root, `${CURRENT_LINK}.tmp`)
  rmSync(tmp, { force: true })
  symlinkSync(version, tmp)
  renameSync(tmp, join(root, CURRENT_LINK))
  fsyncDir(root)
}

/** `SHA256SUMS` text (sha256sum's format, sorted by path) for the given files. */
export function sumsText(files: readonly ManifestFile[]): string {
  return [...files]
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map((f) => `${f.sha256}  ${f.path}\n`)
    .join('')
}

export function fileEntry(path: string, bytes: Uint8Array): ManifestFile {
  return { path, bytes: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') }
}

export interface PublishHooks {
  /** Called between steps; tests use it to kill a publish at a chosen point. */
  step?: (name: 'files-written' | 'renamed' | 'pointer-written') => void
  /** Called after each snapshot file is written to the temporary folder (0-based); fault tests kill mid-write. */
  fileWritten?: (index: number) => void
  /** The same for each research-bundle file (0-based), so a kill can land inside the export too. */
  bundleFileWritten?: (index: number) => void
}

export function publishSnapshot(
  root: string,
  meta: Omit<Manifest, 'files' | 'schema'>,
  files: readonly SnapshotFile[],
  hooks: PublishHooks = {},
  /** Writes the research bundle into the version's temporary folder and says what it wrote. */
  writeBundle?: (dir: string) => ExportSummary,
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
    manifestFiles.push(fileEntry(f.path, bytes))
    hooks.fileWritten?.(manifestFiles.length - 1)
  }
  const bundle = writeBundle?.(tmp)
  const manifest: Manifest = {
    schema: 1,
    ...meta,
    files: manifestFiles,
    ...(bundle === undefined ? {} : { export: bundle }),
  }
  const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`)
  writeSynced(join(tmp, MANIFEST_FILE), manifestBytes)
  const everything = [...manifestFiles, ...(bundle?.files ?? []), fileEntry(MANIFEST_FILE, manifestBytes)]
  writeSynced(join(tmp, SUMS_FILE), sumsText(everything))
  const builtAt = new Date(meta.built_at)
  if (!Number.isNaN(builtAt.getTime())) {
    for (const f of [...everything.map((e) => e.path), SUMS_FILE]) utimesSync(join(tmp, f), builtAt, builtAt)
  }
  fsyncDir(tmp)
  hooks.step?.('files-written')

  const final = join(root, meta.version)
  // Never replace a published version (freeVersion picks a free name); renameSync would also
  // refuse a non-empty folder, this says why.
  if (existsSync(final)) throw new Error(`snapshot version ${meta.version} is already published`)
  renameSync(tmp, final)
  fsyncDir(root)
  hooks.step?.('renamed')

  const pointer: LatestPointer = { version: meta.version, built_at: meta.built_at, watermark: meta.watermark }
  writeSynced(join(root, `${LATEST_FILE}.tmp`), `${JSON.stringify(pointer)}\n`)
  hooks.step?.('pointer-written')
  renameSync(join(root, `${LATEST_FILE}.tmp`), join(root, LATEST_FILE))
  fsyncDir(root)
  linkCurrent(root, meta.version)

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
