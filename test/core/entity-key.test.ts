import { describe, expect, test } from 'bun:test'
import { ENTITY_SLUG_MAX, entityKey, isEntityKey } from '../../core/entity.ts'

describe('entity keys', () => {
  test.each([
    ['person', 'Vladimir Putin', 'person:vladimir-putin'],
    ['place', 'São Paulo', 'place:sao-paulo'],
    ['organisation', 'AT&T Inc.', 'organisation:at-t-inc'],
    ['place', '  Côte d’Ivoire ', 'place:cote-d-ivoire'],
    ['place', '北京', 'place:北京'],
    ['person', '---', null],
  ] as const)('%s %p → %p', (type, name, key) => {
    expect(entityKey(type, name)).toBe(key)
    if (key !== null) expect(isEntityKey(key)).toBe(true)
  })

  test.each([
    'person:',
    'foo:bar',
    'person:Abc',
    'person:-abc',
    'person:a b',
    `person:${'a'.repeat(ENTITY_SLUG_MAX + 1)}`,
  ])('malformed %p', (k) => {
    expect(isEntityKey(k)).toBe(false)
  })

  test('long names are cut to the slug limit and stay valid', () => {
    const key = entityKey('organisation', 'International '.repeat(20))
    expect(key).not.toBeNull()
    expect(isEntityKey(key ?? '')).toBe(true)
    expect((key ?? '').length).toBeLessThanOrEqual('organisation:'.length + ENTITY_SLUG_MAX)
  })
})
