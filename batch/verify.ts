/**
 * `bun run verify <folder>`: checks a downloaded snapshot bundle against its SHA256SUMS. Every
 * listed file must exist with that sha256; a file in the folder that the list does not name is
 * reported too (it is not part of the version). Exit 0 when all match, 1 otherwise.
 */
import { createHash } from 'node:crypto'
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { SUMS_FILE, parseSums } from '../contract/snapshot-files.ts'

export interface VerifyResult {
  ok: boolean
  checked: number
  missing: string[]
  mismatched: string[]
  unlisted: string[]
}

function sha256File(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256')
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject)
  })
}

function walk(dir: string, root = dir): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    const full = join(dir, name)
    if (statSync(full).isDirectory()) out.push(...walk(full, root))
    else out.push(relative(root, full).split(sep).join('/'))
  }
  return out
}

export async function verifyBundle(dir: string): Promise<VerifyResult> {
  const sumsPath = join(dir, SUMS_FILE)
  if (!existsSync(sumsPath)) throw new Error(`${dir} has no ${SUMS_FILE}`)
  const sums = parseSums(readFileSync(sumsPath, 'utf8'))
  const missing: string[] = []
  const mismatched: string[] = []
  for (const [path, want] of [...sums].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (path.split('/').includes('..') || path.startsWith('/')) {
      mismatched.push(path)
      continue
    }
    const full = join(dir, path)
    if (!existsSync(full)) missing.push(path)
    else if ((await sha256File(full)) !== want) mismatched.push(path)
  }
  const unlisted = walk(dir)
    .filter((p) => p !== SUMS_FILE && !sums.has(p))
    .sort()
  return {
    ok: missing.length === 0 && mismatched.length === 0 && unlisted.length === 0,
    checked: sums.size,
    missing,
    mismatched,
    unlisted,
  }
}

if (import.meta.main) {
  const dir = process.argv[2]
  if (dir === undefined) {
    console.error('usage: bun run verify <folder>')
    process.exit(2)
  }
  verifyBundle(dir)
    .then((r) => {
      for (const p of r.missing) console.log(`MISSING  ${p}`)
      for (const p of r.mismatched) console.log(`FAILED   ${p}`)
      for (const p of r.unlisted) console.log(`UNLISTED ${p}`)
      console.log(
        r.ok
          ? `OK: ${r.checked} files match ${SUMS_FILE}`
          : `verify failed: ${r.missing.length} missing, ${r.mismatched.length} mismatched, ${r.unlisted.length} unlisted`,
      )
      process.exit(r.ok ? 0 : 1)
    })
    .catch((error: unknown) => {
      console.error(`error: ${error instanceof Error ? error.message : String(error)}`)
      process.exit(2)
    })
}
