/**
 * One real batch run (batch/main.ts commandBuild, configured from the environment like the live
 * node's child, research bundle included) that SIGKILLs itself at a chosen point, for the fault tests:
 *   build-child.ts none | ingest:<n> | file:<n> | bundle:<n> | files-written | renamed | pointer-written  [--fetch-timeout-ms N]
 * `ingest:<n>` dies inside the n-th batch transaction of this run (on the main thread, which is the
 * store's only writer whether or not NEWSDESK_WORKERS starts worker threads), `file:<n>` after the
 * n-th snapshot file, `bundle:<n>` after the n-th research-bundle file of the export.
 */
import { clockFrom, parseConfig } from '../../core/config.ts'
import { type BuildOptions, commandBuild } from '../../batch/main.ts'

const [fault = 'none', ...rest] = process.argv.slice(2)
const timeoutAt = rest.indexOf('--fetch-timeout-ms')
const die = (): never => {
  process.kill(process.pid, 'SIGKILL')
  throw new Error('unreachable')
}
const [kind, nText] = fault.split(':')
const n = Number(nText ?? '0')
let batches = 0
const opts: BuildOptions = {
  ...(timeoutAt === -1 ? {} : { fetchTimeoutMs: Number(rest[timeoutAt + 1]) }),
  ingestHooks: { inTransaction: () => (kind === 'ingest' && batches++ === n ? die() : undefined) },
  publishHooks: {
    fileWritten: (i) => (kind === 'file' && i === n ? die() : undefined),
    bundleFileWritten: (i) => (kind === 'bundle' && i === n ? die() : undefined),
    step: (name) => (name === kind ? die() : undefined),
  },
}
const config = parseConfig(process.env)
await commandBuild(config, clockFrom(config)(), [], opts)
