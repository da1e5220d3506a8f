import { describe, expect, test } from 'bun:test'
import { type EntityMention, extractMentions } from '../../core/enrich/entities.ts'
import { CONSISTENCY_RULES, harmoniseTypes, tagAcronyms, tagSurnames } from '../../core/enrich/entity-consistency.ts'

const m = (spec: string): EntityMention => {
  const [type, words] = spec.split(':') as [EntityMention['type'], string]
  return { type, words: words.split(' ') }
}
const show = (ms: readonly EntityMention[]) => ms.map((x) => `${x.type}:${x.words.join(' ')}`)

describe('harmoniseTypes', () => {
  test.each([
    {
      name: 'a lone surname takes the type of the full name',
      in: ['person:Angela Merkel', 'place:Merkel'],
      want: ['person:Angela Merkel', 'person:Merkel'],
    },
    {
      name: 'an acronym takes the type of the name it abbreviates',
      in: ['organisation:European Union', 'place:EU'],
      want: ['organisation:European Union', 'organisation:EU'],
    },
    {
      name: 'small words are not initials',
      in: ['organisation:Bank of England', 'person:BE'],
      want: ['organisation:Bank of England', 'organisation:BE'],
    },
    {
      name: 'a one-word name other than a surname keeps its type',
      in: ['person:Angela Merkel', 'place:Berlin'],
      want: ['person:Angela Merkel', 'place:Berlin'],
    },
    {
      name: 'a word that is not all capitals is no acronym',
      in: ['organisation:European Union', 'place:Eu'],
      want: ['organisation:European Union', 'place:Eu'],
    },
    {
      name: 'a first name is not a surname',
      in: ['person:Angela Merkel', 'place:Angela'],
      want: ['person:Angela Merkel', 'place:Angela'],
    },
  ])('$name', ({ in: input, want }) => {
    expect(show(harmoniseTypes(input.map(m)))).toEqual([...want])
  })

  test('rules off: nothing changes', () => {
    const input = ['person:Angela Merkel', 'place:Merkel', 'organisation:European Union', 'place:EU'].map(m)
    expect(show(harmoniseTypes(input, { ...CONSISTENCY_RULES, surname: false, acronym: false }))).toEqual([
      'person:Angela Merkel',
      'place:Merkel',
      'organisation:European Union',
      'place:EU',
    ])
  })
})

describe('tagAcronyms', () => {
  // Tags as core/enrich/entity-model.ts TAGS: O 0, B-PER 1, I-PER 2, B-ORG 3, I-ORG 4, B-LOC 5, I-LOC 6.
  test.each([
    {
      name: 'initials of a tagged organisation in parentheses',
      text: 'the Securities and Exchange Commission ( SEC ) said',
      tags: [0, 3, 4, 4, 4, 0, 0, 0, 0],
      want: [0, 3, 4, 4, 4, 0, 3, 0, 0],
    },
    {
      name: 'initials elsewhere in the text',
      text: 'Veterans Affairs said . VA agreed',
      tags: [3, 4, 0, 0, 0, 0],
      want: [3, 4, 0, 0, 3, 0],
    },
    {
      name: 'initials of a person are left alone',
      text: 'David Lee met DL',
      tags: [1, 2, 0, 0],
      want: [1, 2, 0, 0],
    },
    {
      name: 'not inside a shouted line',
      text: 'Veterans Affairs : THE VA IS HERE',
      tags: [3, 4, 0, 0, 0, 0, 0],
      want: [3, 4, 0, 0, 0, 0, 0],
    },
    {
      name: 'a tagged acronym keeps its tag',
      text: 'Veterans Affairs VA',
      tags: [3, 4, 5],
      want: [3, 4, 5],
    },
    {
      name: 'not a word with lower-case letters',
      text: 'Veterans Affairs Va',
      tags: [3, 4, 0],
      want: [3, 4, 0],
    },
  ])('$name', ({ text, tags, want }) => {
    const tokens = text.split(' ').map((w, i) => ({ text: w, start: i === 0 }))
    expect(Array.from(tagAcronyms(tokens, Uint8Array.from(tags)))).toEqual([...want])
  })
})

describe('tagSurnames', () => {
  // Tokens with tags written by hand (1 B-PER, 2 I-PER, 5 B-LOC), candidate = capitalised.
  const run = (spec: string, lowerWords: readonly string[] = []) => {
    const parts = spec.split(' ')
    const tokens = parts.map((p, k) => {
      const [text, tag] = p.split('/') as [string, string | undefined]
      return { text, start: k === 0 || parts[k - 1]?.startsWith('.') === true, tag: Number(tag ?? 0) }
    })
    const tags = Uint8Array.from(tokens.map((t) => t.tag))
    const candidate = tokens.map((t) => (/^\p{Lu}/u.test(t.text) ? 1 : 0))
    const caseClass = tokens.map((t) => (lowerWords.includes(t.text.toLowerCase()) ? 7 : 0))
    tagSurnames(tokens, tags, candidate, caseClass, 7)
    return Array.from(tags).join(' ')
  }
  test.each([
    { name: 'a surname alone after the full name', spec: 'Yahya/1 Sinwar/2 led . Sinwar said', want: '1 2 0 0 1 0' },
    { name: 'before the full name too', spec: 'Sinwar said . Yahya/1 Sinwar/2 led', want: '1 0 0 1 2 0' },
    { name: 'not inside a longer capitalised run', spec: 'Yahya/1 Sinwar/2 met on Sinwar Street', want: '1 2 0 0 0 0' },
    {
      name: 'not a tagged word of another type',
      spec: 'Denzel/1 Washington/2 flew to Washington/5',
      want: '1 2 0 0 5',
    },
    {
      name: 'not a word news writes in lower case opening a sentence',
      spec: 'Will/1 Young/2 sang . Young people cheered',
      lower: ['young'],
      want: '1 2 0 0 0 0 0',
    },
    {
      name: 'that word inside a sentence is the surname',
      spec: 'Will/1 Young/2 sang , said Young',
      lower: ['young'],
      want: '1 2 0 0 0 1',
    },
    { name: 'a one-word person gives no surname', spec: 'Madonna/1 sang . Madonna said', want: '1 0 0 0 0' },
    { name: 'surnames of two letters are left out', spec: 'Anh/1 Le/2 spoke . Le said', want: '1 2 0 0 0 0' },
  ])('$name', ({ spec, lower, want }) => {
    expect(run(spec, lower)).toBe(want)
  })

  test('through the tagger: a rare surname repeated alone counts as the person', () => {
    const text =
      'Hamas leader Yahya Sinwar was killed on Wednesday, the army said. Sinwar had led the group since 2017, and officials said Sinwar planned the attack.'
    const on = extractMentions(text, 'en').filter((x) => x.type === 'person' && x.words.join(' ') === 'Sinwar')
    const off = extractMentions(text, 'en', undefined, { ...CONSISTENCY_RULES, surnameTag: false }).filter(
      (x) => x.type === 'person' && x.words.join(' ') === 'Sinwar',
    )
    expect(on.length).toBe(2)
    expect(off.length).toBeLessThan(2)
  })
})
