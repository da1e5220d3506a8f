/** Publishes a snapshot and SIGKILLs itself at the named step (a real crash, for the publish tests). */
import { publishSnapshot } from '../../batch/snapshot/publish.ts'

const [root, version, dieAt] = process.argv.slice(2)
if (root === undefined || version === undefined) throw new Error('usage: publish-and-die.ts <root> <version> [step]')
const files = Array.from({ length: 50 }, (_, i) => ({ path: `v1/f${i}.json`, body: JSON.stringify({ version, i }) }))
publishSnapshot(root, { version, built_at: '2026-11-21T15:00:00Z', watermark: 2, counts: {}, sources: {} }, files, {
  step: (name) => {
    if (name === dieAt) process.kill(process.pid, 'SIGKILL')
  },
})
