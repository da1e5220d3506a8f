/**
 * One real batch run (build/main.ts commandBuild, configured from the environment like the live
 * node's child) that SIGKILLs itself at a chosen point, for the fault tests:
 *   build-child.ts none | ingest:<n> | file:<n> | files-written | renamed | pointer-written  [--fetch-timeout-ms N]
 * `ingest:<n>` dies inside the n-th batch transaction of this run, `file:<n>` after the n-th snapshot file.
 */
import { clockFrom, parseConfig } from '../../core/config.ts'
import { type BuildOptions, commandBuild } from '../../build/main.ts'

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
    step: (name) => (name === kind ? die() : undefined),
  },
}
const config = parseConfig(process.env)
await commandBuild(config, clockFrom(config)(), ['--no-export'], opts)
