/**
 * Before/after check for a refactor whose answers must not move (issue 29): every file of two
 * snapshot version folders, and a fixed list of live requests to two running nodes, byte for byte.
 *
 *   bun run scripts/compare-answers.ts --snapshots <versionDirA> <versionDirB>
 *   bun run scripts/compare-answers.ts --live <baseUrlA> <baseUrlB>
 *
 * Build and serve both sides from the same data with the same clock (`NEWSDESK_NOW`: live answers'
 * default ranges end at the request time) so only the code differs. The manifest (it names its
 * version and build time) and its line in SHA256SUMS are left out, and each node's own host and
 * port (feeds link to themselves) read as one placeholder. Exits 1 on any difference, listing it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { type AnswerDiff, LIVE_REQUESTS, diffAnswers, isIdentical } from '../core/answer-diff.ts'

/** SHA256SUMS less the manifest's line (the manifest names its version and build time, so its hash always moves). */
function comparable(path: string, bytes: Uint8Array): Uint8Array {
  if (path !== 'SHA256SUMS') return bytes
  const lines = new TextDecoder().decode(bytes).split('\n')
  return new TextEncoder().encode(lines.filter((l) => !/\smanifest\.json$/.test(l)).join('\n'))
}

function filesOf(root: string): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>()
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) walk(path)
      else out.set(relative(root, path), comparable(relative(root, path), readFileSync(path)))
    }
  }
  walk(root)
  return out
}

async function repliesOf(base: string): Promise<Map<string, string>> {
  const out = new Map<string, string>()
  // Feeds link to themselves: each node's own host and port are read as one placeholder.
  const host = new URL(base).host
  const own = (text: string) => text.replaceAll(host, '<host>')
  for (const path of LIVE_REQUESTS) {
    const r = await fetch(new URL(path, base))
    // /health carries uptime and lag: only its status is compared.
    out.set(
      path,
      path === '/health' ? String(r.status) : `${r.status}\n${r.headers.get('content-type')}\n${own(await r.text())}`,
    )
  }
  return out
}

function report(d: AnswerDiff): void {
  console.log(
    `same: ${d.same}; changed: ${d.changed.length}; only before: ${d.missing.length}; only after: ${d.extra.length}`,
  )
  for (const [label, list] of [
    ['changed', d.changed],
    ['only before', d.missing],
    ['only after', d.extra],
  ] as const) {
    for (const key of list) console.log(`  ${label}: ${key}`)
  }
}

const [mode, a, b] = process.argv.slice(2)
if ((mode !== '--snapshots' && mode !== '--live') || a === undefined || b === undefined) {
  console.error('usage: compare-answers.ts --snapshots <versionDirA> <versionDirB> | --live <baseUrlA> <baseUrlB>')
  process.exit(2)
}
const diff =
  mode === '--snapshots'
    ? diffAnswers(filesOf(a), filesOf(b), (key) => key === 'manifest.json')
    : diffAnswers(await repliesOf(a), await repliesOf(b))
report(diff)
process.exit(isIdentical(diff) ? 0 : 1)
