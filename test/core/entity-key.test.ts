import { describe, expect, test } from 'bun:test'
import { ENTITY_SLUG_MAX, entityKey, entitySlug, isEntityKey } from '../../core/entity.ts'

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

  // The definition, as the documentation states it: entitySlug's ASCII path must answer the same.
  const slugByDefinition = (name: string) =>
    name
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, ENTITY_SLUG_MAX)
      .replace(/-+$/, '')

  test.each([
    'Vladimir Putin',
    'AT&T Inc.',
    ' -U.S. ',
    'O_Brien 2024',
    '\t\u0001Tab\u007f',
    `${'a'.repeat(79)} b`,
    'ab '.repeat(40),
    '',
    '---',
  ])('ASCII slug of %p is the definition’s', (name) => {
    expect(entitySlug(name)).toBe(slugByDefinition(name))
  })

  test('ASCII slugs of random ASCII strings are the definition’s', () => {
    let seed = 12345
    const next = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0
      return seed >>> 16
    }
    for (let k = 0; k < 2000; k++) {
      const len = next() % 100
      let name = ''
      for (let i = 0; i < len; i++) name += String.fromCharCode(next() % 128)
      expect(entitySlug(name)).toBe(slugByDefinition(name))
    }
  })

  test('long names are cut to the slug limit and stay valid', () => {
    const key = entityKey('organisation', 'International '.repeat(20))
    expect(key).not.toBeNull()
    expect(isEntityKey(key ?? '')).toBe(true)
    expect((key ?? '').length).toBeLessThanOrEqual('organisation:'.length + ENTITY_SLUG_MAX)
  })
})
