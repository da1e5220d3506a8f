import type { Config } from '../../core/config.ts'
import { isDemoArchive } from '../origin.ts'
import { parseStreamConfig } from '../../core/stream-config.ts'
import { UsageError } from './cli.ts'
import { loadDemoPrices, planRun } from './inputs.ts'
import { printPriceLoads, printSummary } from './report.ts'
import { runIngest } from './run-ingest.ts'

export async function commandIngest(config: Config, now: Date, args: readonly string[]): Promise<void> {
  const specs = args.filter((a) => !a.startsWith('--'))
  if (specs.length === 0) throw new UsageError('usage: bun run ingest <file|dir|glob|url|cc-news:YYYY/MM[/DD]>...')
  planRun(config, specs, `bun run ingest ${specs.join(' ')}`)
  const { summary, listingsFailed } = await runIngest(config, now, specs, { stream: parseStreamConfig(process.env) })
  printSummary(summary)
  for (const f of listingsFailed) console.log(`failed: ${f.source}: ${f.message}`)
  const nowSeconds = Math.floor(now.getTime() / 1000)
  for (const spec of specs) {
    if (isDemoArchive(spec)) printPriceLoads(loadDemoPrices(config, spec, nowSeconds))
  }
  if (summary.files_failed.length > 0 || listingsFailed.length > 0) process.exitCode = 1
}
