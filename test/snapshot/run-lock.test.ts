import { afterEach, beforeEach, expect, test } from 'bun:test'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { commandBuild } from '../../batch/main.ts'
import { RUN_LOCK_FILE, RunLockedError, acquireRunLock } from '../../batch/run-lock.ts'
import { parseConfig } from '../../core/config.ts'
import { tempDir } from '../support/tmp.ts'

let tmp: ReturnType<typeof tempDir>
let sleeper: ReturnType<typeof Bun.spawn>
beforeEach(() => {
  tmp = tempDir('run-lock')
  sleeper = Bun.spawn(['sleep', '30'])
})
afterEach(() => {
  sleeper.kill()
  tmp.cleanup()
})

const lockPath = () => join(tmp.dir, RUN_LOCK_FILE)

test('the lock names its owner and is gone after release', () => {
  const release = acquireRunLock(tmp.dir)
  expect(readFileSync(lockPath(), 'utf8').trim()).toBe(String(process.pid))
  release()
  expect(existsSync(lockPath())).toBe(false)
})

test('a second run is refused while the owner lives', () => {
  writeFileSync(lockPath(), `${sleeper.pid}\n`)
  expect(() => acquireRunLock(tmp.dir)).toThrow(RunLockedError)
  expect(() => acquireRunLock(tmp.dir)).toThrow(`pid ${sleeper.pid}`)
  expect(readFileSync(lockPath(), 'utf8').trim()).toBe(String(sleeper.pid))
})

test.each([
  [
    'a killed owner',
    async () => {
      const gone = Bun.spawn(['true'])
      await gone.exited
      return `${gone.pid}\n`
    },
  ],
  ['a half-written lock', async () => ''],
  ['garbage', async () => 'not a pid'],
])('a lock left by %s is taken over', async (_name, content) => {
  writeFileSync(lockPath(), await content())
  const release = acquireRunLock(tmp.dir)
  expect(readFileSync(lockPath(), 'utf8').trim()).toBe(String(process.pid))
  release()
})

test('release never removes a lock another run has taken since', () => {
  const release = acquireRunLock(tmp.dir)
  writeFileSync(lockPath(), `${sleeper.pid}\n`)
  release()
  expect(readFileSync(lockPath(), 'utf8').trim()).toBe(String(sleeper.pid))
})

test('a build started while another runs does nothing: no demo files, no snapshot', async () => {
  const data = join(tmp.dir, 'data')
  const snapshots = join(tmp.dir, 'snapshots')
  const config = parseConfig({
    NEWSDESK_DATA: data,
    NEWSDESK_SNAPSHOTS: snapshots,
    NEWSDESK_NOW: '2026-11-21T14:00:00Z',
  })
  const release = acquireRunLock(data, sleeper.pid)
  try {
    await expect(commandBuild(config, new Date('2026-11-21T14:00:00Z'), ['--no-export'])).rejects.toThrow(
      RunLockedError,
    )
    expect(readdirSync(data)).toEqual([RUN_LOCK_FILE])
    expect(existsSync(snapshots)).toBe(false)
  } finally {
    release()
  }
})
