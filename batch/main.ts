/**
 * The batch job's command line, the I/O edge of batch/: reads the configuration and the clock
 * once, then hands plain values down.
 *
 *   bun run demo                          generate (or extend) the demo archive in $NEWSDESK_DATA/demo
 *   bun run ingest <inputs...>            ingest WARC files, directories, globs, URLs, cc-news:YYYY/MM[/DD]
 *   bun run ingest:prices <slug> <files>  load kline / daily close files for one instrument
 *   bun run build [--with-text|--no-export]  one batch run: new inputs, prices, retention, snapshot + research bundle
 *   import-bundle <folder>                reload a downloaded research bundle into $NEWSDESK_DATA (an empty store)
 */
import { ConfigError, clockFrom, parseConfig } from '../core/config.ts'
import { parseStreamConfig } from '../core/stream-config.ts'
import { OriginError } from './origin.ts'
import { commandBuild } from './commands/build.ts'
import { UsageError } from './commands/cli.ts'
import { commandDemo } from './commands/demo.ts'
import { commandImportBundle } from './commands/import-bundle.ts'
import { commandIngest } from './commands/ingest.ts'
import { commandIngestPrices } from './commands/ingest-prices.ts'

// What other modules and the tests import from the command line's module.
export { commandBuild, sourceFailures } from './commands/build.ts'
export { demoDir } from './commands/inputs.ts'
export type { BuildOptions } from './commands/run-ingest.ts'
export type { SourceFailure } from '../contract/source-failure.ts'

async function main(argv: readonly string[]): Promise<void> {
  const config = parseConfig(process.env)
  const now = clockFrom(config)()
  const [command, ...args] = argv
  switch (command) {
    case 'demo':
      return commandDemo(config, now, args)
    case 'ingest':
      return commandIngest(config, now, args)
    case 'ingest-prices':
      return commandIngestPrices(config, now, args)
    case 'build':
      return commandBuild(config, now, args, { stream: parseStreamConfig(process.env) })
    case 'import-bundle':
      return commandImportBundle(config, args)
    default:
      throw new UsageError('usage: main.ts demo|ingest|ingest-prices|build|import-bundle')
  }
}

if (import.meta.main) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    const known = error instanceof ConfigError || error instanceof UsageError || error instanceof OriginError
    console.error(known ? (error as Error).message : `error: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(known ? 2 : 1)
  })
}
