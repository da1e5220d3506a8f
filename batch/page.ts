/**
 * The page beside the snapshots: `<root>/index.html` and `<root>/assets/app-<hash>.{js,css}`, the
 * bytes the live node serves at `/` (contract/page-bundle.ts bundles both), so any static host that serves
 * the snapshot folder serves the page too (deploy/nginx-newsdesk.conf.template).
 *
 * A reader never sees half a page: every file is written under a temporary name at the root
 * (`.tmp-…-<pid>`, which publish.ts's `cleanLeftovers` removes once its writer is gone), fsynced
 * and renamed into place; the assets go first, index.html last, so a new index.html always finds
 * its assets. The previous index.html's assets are kept, so a browser that loaded it a moment
 * before the swap still gets its script; older ones are removed.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { PAGE_ASSETS_DIR, PAGE_INDEX, assetsReferencedBy, bundlePage } from '../contract/page-bundle.ts'
import { fsyncDir, writeSynced } from './snapshot/publish.ts'

const TMP_PREFIX = '.tmp-page-'

export interface PageWritten {
  /** Files (re)written this run, relative to the root; an unchanged file is left alone (its mtime, hence nginx's ETag, stays). */
  written: string[]
  /** Every file of the page now at the root. */
  files: string[]
  /** Asset files removed: referenced by neither the new nor the previous index.html. */
  removed: string[]
}

function sameBytes(path: string, bytes: Uint8Array): boolean {
  try {
    return Buffer.from(bytes).equals(readFileSync(path))
  } catch {
    return false
  }
}

/** Writes `bytes` to `<root>/<path>` through a temporary file and a rename; false when the file already holds them. */
function replaceFile(root: string, path: string, bytes: Uint8Array): boolean {
  const final = join(root, path)
  if (sameBytes(final, bytes)) return false
  const tmp = join(root, `${TMP_PREFIX}${path.replaceAll('/', '_')}-${process.pid}`)
  writeSynced(tmp, bytes)
  renameSync(tmp, final)
  return true
}

export async function writePage(root: string): Promise<PageWritten> {
  const page = await bundlePage()
  const assetsDir = join(root, PAGE_ASSETS_DIR)
  mkdirSync(assetsDir, { recursive: true })

  const written: string[] = []
  for (const [name, asset] of [...page.assets].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (replaceFile(root, `${PAGE_ASSETS_DIR}/${name}`, asset.bytes)) written.push(`${PAGE_ASSETS_DIR}/${name}`)
  }
  fsyncDir(assetsDir)

  const indexPath = join(root, PAGE_INDEX)
  const previous = existsSync(indexPath) ? assetsReferencedBy(readFileSync(indexPath, 'utf8')) : []
  if (replaceFile(root, PAGE_INDEX, Buffer.from(page.html))) written.push(PAGE_INDEX)
  fsyncDir(root)

  const keep = new Set([...page.assets.keys(), ...previous])
  const removed: string[] = []
  for (const name of readdirSync(assetsDir).sort()) {
    if (keep.has(name)) continue
    rmSync(join(assetsDir, name), { recursive: true, force: true })
    removed.push(`${PAGE_ASSETS_DIR}/${name}`)
  }
  const files = [PAGE_INDEX, ...[...page.assets.keys()].sort().map((n) => `${PAGE_ASSETS_DIR}/${n}`)]
  return { written, files, removed }
}
