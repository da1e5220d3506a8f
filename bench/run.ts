/**
 * `npm run bench`: runs every benchmark in turn and prints their tables. Benchmarks are never part
 * of pass/fail; quote ratios from one run (the machines are shared and noisy).
 *   bun bench/run.ts [name-filter]
 */
const BENCHES: { file: string; args?: string[]; what: string }[] = [
  { file: 'warc-reader.ts', what: 'WARC reader throughput and memory' },
  { file: 'extract-f1.ts', what: 'body-text extraction F1 on the article-extraction benchmark' },
  { file: 'extract-fields.ts', what: 'title/date/authors/tags accuracy on fundus fixtures' },
  { file: 'extract-throughput.ts', what: 'extraction time per page size' },
  { file: 'lang-detect.ts', what: 'language detection: eld vs franc' },
  { file: 'sentiment-report.ts', what: 'tone model (new vs 164a8fb) and lexicon per held-out source and language' },
  {
    file: 'entities.ts',
    what: 'entities: P/R/F1 per type and set, ours vs compromise, and ingest cost with and without',
  },
  {
    file: 'entities-path.ts',
    what: 'entities through the real path (WARC → ingest → /v1/article over HTTP) against the direct figures, documents lost',
  },
  { file: 'ingest.ts', what: 'ingest throughput from .warc.gz, per stage' },
  {
    file: 'ingest-stages.ts',
    args: ['--pages', 'real,demo'],
    what: 'ingest time per stage on real and demo pages, beside each stage floor',
  },
  { file: 'trends-cluster.ts', what: 'story clustering time and quality' },
  {
    file: 'rebuild.ts',
    args: ['--sizes', '70000'],
    what: 'hourly rebuild and live restart (add --sizes 70000,1000000 by hand)',
  },
  {
    file: 'search.ts',
    args: ['--sizes', '100000'],
    what: 'search/stats latency vs plain FTS5 and Orama (add --sizes 100000,1000000 by hand)',
  },
  {
    file: 'search-sweep.ts',
    what: 'random combinations of every filter, sort and offset on the service store: answers other than 200/422, p50/p99 by endpoint, slowest against target (--db a 1M synthetic store by hand)',
  },
  {
    file: 'cdn-vs-live.ts',
    what: 'snapshot reads: live node vs nginx serving the same files, with wrk (target live ≥ 0.5× nginx)',
  },
  {
    file: 'reliability-report.ts',
    what: 'issue 9 in one table: requests fuzzed and 5xx, hostile pages and queries, kill points and articles lost, load held',
  },
]

const filter = process.argv[2]
for (const b of BENCHES) {
  if (filter !== undefined && !b.file.includes(filter)) continue
  if (!(await Bun.file(new URL(b.file, import.meta.url)).exists())) continue
  console.log(`\n## ${b.file}: ${b.what}\n`)
  const proc = Bun.spawn([process.execPath, new URL(b.file, import.meta.url).pathname, ...(b.args ?? [])], {
    stdout: 'inherit',
    stderr: 'inherit',
  })
  const code = await proc.exited
  if (code !== 0) console.log(`(${b.file} exited with ${code})`)
}
