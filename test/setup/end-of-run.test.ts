import { expect, test } from 'bun:test'
import { endOfRun } from '../support/end-of-run.ts'

test('tasks run once each, at run() or at exit, whichever comes first', () => {
  const ran: string[] = []
  const exits: (() => void)[] = []
  const list = endOfRun((task) => exits.push(task))
  list.add(() => ran.push('a'))
  list.add(() => ran.push('b'))
  expect(ran).toEqual([])
  list.run()
  expect(ran).toEqual(['a', 'b'])
  for (const exit of exits) exit()
  list.run()
  expect(ran).toEqual(['a', 'b'])
  list.add(() => ran.push('c'))
  for (const exit of exits) exit()
  list.run()
  expect(ran).toEqual(['a', 'b', 'c'])
})
