/**
 * Issue 9's one reliability report: runs the pieces that measure it and prints their figures as one
 * table: requests fuzzed and 5xx seen, hostile pages and queries tried, path-traversal URLs tried,
 * kill points tried and articles lost, and the load held (requests/s, p99, errors, memory).
 *
 * Each test file runs in its own `bun test` (so its pass/fail counts are its own) and prints its
 * figures on a `reliability: {json}` line; bench/load.ts prints its markdown table, parsed here.
 * A benchmark, never part of `npm test`: it takes a few minutes and loads both cores.
 *
 *   bun bench/reliability-report.ts [--load-seconds 60] [--load-runs 3] [--no-load]
 *
 * Exit 1 when a test fails or a figure that must be 0 is not.
 */
const ROOT = new URL('..', import.meta.url).pathname

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(name)
  return i === -1 ? fallback : Number(process.argv[i + 1])
}
const LOAD_SECONDS = arg('--load-seconds', 60)
const LOAD_RUNS = arg('--load-runs', 3)
const WITH_LOAD = !process.argv.includes('--no-load')

type Figures = Record<string, unknown>

interface FileRun {
  file: string
  pass: number
  fail: number
  seconds: number
  code: number
  /** `reliability:` lines by their `section`. */
  sections: Map<string, Figures>
  output: string
}

async function run(argv: string[]): Promise<{ output: string; code: number; seconds: number }> {
  const started = performance.now()
  const child = Bun.spawn([process.execPath, ...argv], { cwd: ROOT, stdout: 'pipe', stderr: 'pipe', env: process.env })
  const [out, err, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ])
  return { output: `${out}\n${err}`, code, seconds: (performance.now() - started) / 1000 }
}

function reliabilityLines(output: string): Map<string, Figures> {
  const sections = new Map<string, Figures>()
  for (const m of output.matchAll(/^reliability: (\{.*\})$/gm)) {
    const figures = JSON.parse(m[1] ?? '{}') as Figures
    sections.set(String(figures.section), figures)
  }
  return sections
}

async function testFile(file: string): Promise<FileRun> {
  const r = await run(['test', file])
  const count = (word: string) => Number(new RegExp(`^\\s*(\\d+) ${word}$`, 'm').exec(r.output)?.[1] ?? 0)
  process.stderr.write(`  ${file}: exit ${r.code} in ${r.seconds.toFixed(1)} s\n`)
  return {
    file,
    pass: count('pass'),
    fail: count('fail'),
    seconds: r.seconds,
    code: r.code,
    sections: reliabilityLines(r.output),
    output: r.output,
  }
}

const num = (figures: Figures | undefined, key: string): number | null => {
  const v = figures?.[key]
  return typeof v === 'number' ? v : null
}
const fmt = (n: number | null, digits = 0): string =>
  n === null ? 'missing' : n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })

interface LoadRow {
  run: number
  requests: number
  reqPerS: number
  p99Ms: number
  intended4xx: number
  errors: number
  rssBeforeMb: number
  rssAfterMb: number
}

/** Rows of bench/load.ts's table: `| run | requests | req/s | p50 | p99 | max | 2xx | intended 4xx | other non-2xx | conn. errors | RSS before → after MB | … |`. */
function loadRows(output: string): LoadRow[] {
  const rows: LoadRow[] = []
  for (const line of output.split('\n')) {
    if (!/^\| \d+ \|/.test(line)) continue
    const c = line.split('|').map((s) => s.trim())
    const n = (i: number) => Number((c[i] ?? '').replaceAll(',', ''))
    const [before, after] = (c[11] ?? '').split('→').map((s) => Number(s.trim()))
    rows.push({
      run: n(1),
      requests: n(2),
      reqPerS: n(3),
      p99Ms: n(5),
      intended4xx: n(8),
      errors: n(9) + n(10),
      rssBeforeMb: before ?? Number.NaN,
      rssAfterMb: after ?? Number.NaN,
    })
  }
  return rows
}

const TEST_FILES = [
  'test/fuzz/endpoints.fuzz.test.ts',
  'test/fuzz/regressions.test.ts',
  'test/hostile/extract-pathological.test.ts',
  'test/hostile/hostile-content.test.ts',
  'test/hostile/slow-queries.test.ts',
  'test/hostile/path-safety.test.ts',
  'test/faults/batch-kill.test.ts',
  'test/faults/source-failures.test.ts',
  'test/limits/limits.test.ts',
  'test/limits/cap-real-app.test.ts',
]

const started = performance.now()
process.stderr.write(
  `reliability report: ${TEST_FILES.length} test files${WITH_LOAD ? `, then bench/load.ts --seconds ${LOAD_SECONDS} --runs ${LOAD_RUNS}` : ''}\n`,
)
const files: FileRun[] = []
for (const file of TEST_FILES) files.push(await testFile(file))
const section = (name: string): Figures | undefined => files.find((f) => f.sections.has(name))?.sections.get(name)
const fileRun = (file: string): FileRun | undefined => files.find((f) => f.file === file)

let load: LoadRow[] = []
let loadCode = 0
if (WITH_LOAD) {
  const r = await run([`${ROOT}bench/load.ts`, '--seconds', String(LOAD_SECONDS), '--runs', String(LOAD_RUNS)])
  process.stderr.write(`  bench/load.ts: exit ${r.code} in ${r.seconds.toFixed(1)} s\n`)
  load = loadRows(r.output)
  loadCode = r.code
}

const fuzz = section('fuzz')
const extraction = section('extraction')
const slow = section('slow-queries')
const faults = section('faults')
const traversal = Number(
  /(\d+) traversal URLs never answer the secret/.exec(fileRun('test/hostile/path-safety.test.ts')?.output ?? '')?.[1] ??
    Number.NaN,
)
const passFail = (file: string) => {
  const f = fileRun(file)
  return f === undefined ? 'not run' : `${f.pass} pass, ${f.fail} fail`
}
const testsOk = (file: string) => {
  const f = fileRun(file)
  return f !== undefined && f.code === 0 && f.fail === 0 && f.pass > 0
}

interface Row {
  what: string
  figure: string
  mustBe: string
  ok: boolean
}
const rows: Row[] = []
const zero = (what: string, n: number | null, testsPassed: boolean) =>
  rows.push({ what, figure: fmt(n), mustBe: '0', ok: n === 0 && testsPassed })

const fuzzFile = 'test/fuzz/endpoints.fuzz.test.ts'
rows.push({
  what: `requests fuzzed (${fmt(num(fuzz, 'endpoints'))} endpoints, seed ${String(num(fuzz, 'seed'))})`,
  figure: fmt(num(fuzz, 'requests')),
  mustBe: '> 0',
  ok: (num(fuzz, 'requests') ?? 0) > 0 && testsOk(fuzzFile),
})
zero('5xx seen while fuzzing', num(fuzz, 'five_xx'), testsOk(fuzzFile))
rows.push({
  what: 'fuzz regressions (inputs that once gave a 5xx or an invalid 200)',
  figure: passFail('test/fuzz/regressions.test.ts'),
  mustBe: '0 fail',
  ok: testsOk('test/fuzz/regressions.test.ts'),
})
const extractFile = 'test/hostile/extract-pathological.test.ts'
rows.push({
  what: `hostile pages through the extractor (10 MB, deep nesting, entity bombs…), slowest / budget`,
  figure: `${fmt(num(extraction, 'pages'))} pages, ${fmt(num(extraction, 'slowest_ms'))} / ${fmt(num(extraction, 'budget_ms'))} ms`,
  mustBe: 'within budget',
  ok: (num(extraction, 'pages') ?? 0) > 0 && testsOk(extractFile),
})
rows.push({
  what: 'hostile text in titles and bodies: highlights escaped, RSS/Atom parse, JSON Feed valid',
  figure: passFail('test/hostile/hostile-content.test.ts'),
  mustBe: '0 fail',
  ok: testsOk('test/hostile/hostile-content.test.ts'),
})
rows.push({
  what: `queries built to be slow on ${fmt(num(slow, 'articles'))} articles, slowest / budget`,
  figure: `${fmt(num(slow, 'queries'))} queries, ${fmt(num(slow, 'slowest_ms'))} / ${fmt(num(slow, 'budget_ms'))} ms`,
  mustBe: 'within budget',
  ok: (num(slow, 'queries') ?? 0) > 0 && testsOk('test/hostile/slow-queries.test.ts'),
})
rows.push({
  what: 'path-traversal URLs tried (a secret beside the snapshot folder never answered)',
  figure: Number.isNaN(traversal) ? 'missing' : fmt(traversal),
  mustBe: '0 read',
  ok: !Number.isNaN(traversal) && testsOk('test/hostile/path-safety.test.ts'),
})
const faultFile = 'test/faults/batch-kill.test.ts'
const points = (faults?.kill_points ?? {}) as Record<string, number>
rows.push({
  what: `batch SIGKILLs over ${Object.keys(points).length} kill points (${Object.entries(points)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')})`,
  figure: `${fmt(num(faults, 'kills'))} of ${fmt(num(faults, 'runs'))} runs (${fmt(num(faults, 'kills_worker_threads'))} on worker threads)`,
  mustBe: '≥ 20',
  ok: (num(faults, 'kills') ?? 0) >= 20 && testsOk(faultFile),
})
zero('articles lost after a kill', num(faults, 'lost'), testsOk(faultFile))
zero('articles duplicated after a kill', num(faults, 'duplicated'), testsOk(faultFile))
rows.push({
  what: 'failing sources (WARC URL timeouts, garbage prices) leave the build intact and reported',
  figure: passFail('test/faults/source-failures.test.ts'),
  mustBe: '0 fail',
  ok: testsOk('test/faults/source-failures.test.ts'),
})
rows.push({
  what: 'limits: body and header sizes, in-flight cap 503 + Retry-After, idle timeout',
  figure: passFail('test/limits/limits.test.ts'),
  mustBe: '0 fail',
  ok: testsOk('test/limits/limits.test.ts'),
})
rows.push({
  what: 'in-flight cap on the real app (held /mcp bodies fill it; 503 + Retry-After on every path; slots freed exactly)',
  figure: passFail('test/limits/cap-real-app.test.ts'),
  mustBe: '0 fail',
  ok: testsOk('test/limits/cap-real-app.test.ts'),
})
if (WITH_LOAD) {
  const requests = load.reduce((n, r) => n + r.requests, 0)
  const rates = load.map((r) => r.reqPerS)
  const errors = load.reduce((n, r) => n + r.errors, 0)
  const first = load[0]
  const loaded = load.length === LOAD_RUNS && loadCode === 0
  rows.push({
    what: `load held: ${LOAD_RUNS} × ${LOAD_SECONDS} s, 60% snapshot / 30% search / 10% BTC range, a build and a hot swap in each run`,
    figure: loaded
      ? `${fmt(requests)} requests, ${fmt(Math.min(...rates))}–${fmt(Math.max(...rates))} req/s`
      : 'missing',
    mustBe: '> 0',
    ok: loaded && requests > 0,
  })
  rows.push({
    what: 'load p99 (worst run)',
    figure: loaded ? `${fmt(Math.max(...load.map((r) => r.p99Ms)), 1)} ms` : 'missing',
    mustBe: 'reported',
    ok: loaded,
  })
  zero('load errors (non-2xx other than intended 4xx, connection errors)', loaded ? errors : null, true)
  // The first run warms up (page cache maps, compiled routes); after it, no run may end 10% above its start.
  const flat = load.slice(1).every((r) => r.rssAfterMb <= r.rssBeforeMb * 1.1)
  rows.push({
    what: 'server RSS, first run start → each run end',
    figure:
      loaded && first !== undefined
        ? `${fmt(first.rssBeforeMb)} → ${load.map((r) => fmt(r.rssAfterMb)).join(' → ')} MB`
        : 'missing',
    mustBe: 'runs 2+ end within 10% of their start',
    ok: loaded && flat,
  })
}

console.log(
  `\nreliability (issue 9), ${new Date().toISOString().slice(0, 10)}, Bun ${Bun.version}, ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
)
console.log('| what | figure | must be | ok |')
console.log('|---|---|---|---|')
for (const r of rows) console.log(`| ${r.what} | ${r.figure} | ${r.mustBe} | ${r.ok ? 'yes' : '**NO**'} |`)
console.log('\n| test file | pass | fail | seconds |')
console.log('|---|---|---|---|')
for (const f of files) console.log(`| ${f.file} | ${f.pass} | ${f.fail} | ${f.seconds.toFixed(1)} |`)
const failed = rows.filter((r) => !r.ok)
for (const f of files.filter((x) => x.code !== 0))
  console.log(`\n${f.file} exited ${f.code}; its last lines:\n${f.output.trim().split('\n').slice(-15).join('\n')}`)
if (failed.length > 0)
  console.log(`\n${failed.length} figure(s) not as they must be: ${failed.map((r) => r.what).join('; ')}`)
process.exit(failed.length > 0 ? 1 : 0)
