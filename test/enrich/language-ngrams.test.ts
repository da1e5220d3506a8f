import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { eld } from 'eld/medium'
import { detectWithNgrams, shippedLanguageNgrams } from '../../core/enrich/language-ngrams.ts'
import shipped from '../../core/enrich/language-ngrams.json' with { type: 'json' }
import { eldPackLanguageNgrams } from '../../scripts/eld-package.ts'
import { corpusFile } from './fixtures.ts'

/** What both detectors say about a text, every part eld's result exposes. */
function verdicts(result: {
  language: string
  getScores: () => Record<string, number>
  isReliable: (r?: number) => boolean
}) {
  const scores = result.getScores()
  return {
    language: result.language,
    scores: Object.entries(scores),
    reliable: [result.isReliable(), result.isReliable(0.5), result.isReliable(0.9)],
  }
}

const sameAsEld = (text: string) =>
  expect(verdicts(detectWithNgrams(shippedLanguageNgrams(), text))).toEqual(verdicts(eld.detect(text)))

/** A seeded generator (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Letters of many scripts, separators eld splits on and keeps (apostrophes), digits, emoji. */
const POOLS: readonly string[][] = [
  'abcdefghijklmnopqrstuvwxyz',
  'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  'áéíóúàèìòùâêîôûäëïöüçñßøåæœãõąęłńśźżčďěňřšťůžğışő',
  'абвгдеёжзийклмнопрстуфхцчшщъыьэюяієїґђјљњћџ',
  'αβγδεζηθικλμνξοπρστυφχψωάέήίόύώ',
  'ابتثجحخدذرزسشصضطظعغفقكلمنهوي',
  'אבגדהוזחטיכלמנסעפצקרשת',
  'अआइईउऊएऐओऔकखगघचछजझटठडढणतथदधनपफबभमयरलवशषसह',
  'กขคงจฉชซญดตถทธนบปผพฟภมยรลวศษสหอฮ',
  '的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年',
  'あいうえおかきくけこさしすせそアイウエオカキクケコ',
  '한국어뉴스경제정치사회',
  '  ,.;:!?\'’`-"()[]0123456789\n\t',
  '😀🚀📈🇺🇸𝔘𝔫𝔦',
].map((pool) => [...pool])

function randomText(next: () => number): string {
  const length = Math.floor(next() * 1300)
  const pools = [POOLS[Math.floor(next() * POOLS.length)], POOLS[12], POOLS[Math.floor(next() * POOLS.length)]]
  let text = ''
  for (let i = 0; i < length; i++) {
    const pool = pools[Math.floor(next() * pools.length)] as string[]
    text += pool[Math.floor(next() * pool.length)]
    if (next() < 0.15) text += ' '
  }
  return text
}

describe('language n-grams: eld medium, packed', () => {
  test('the shipped file is what the installed eld package gives', async () => {
    expect(await eldPackLanguageNgrams()).toEqual(shipped)
  })

  test('the same languages as eld/medium', () => {
    expect(shippedLanguageNgrams().languages).toEqual(Object.values(eld.info().Languages))
  })

  test.each([
    { name: 'empty', text: '' },
    { name: 'spaces', text: '   ' },
    { name: 'digits', text: '2026 12 31' },
    { name: 'one short word', text: 'the' },
    { name: 'two letters', text: 'ab' },
    { name: 'english', text: 'The government said on Monday that it would cut taxes for small businesses next year.' },
    { name: 'contraction', text: "Don't stop: it's the markets' day" },
    { name: 'spanish', text: 'El Gobierno anunció el lunes que bajará los impuestos a las pequeñas empresas.' },
    { name: 'russian', text: 'Правительство в понедельник объявило, что снизит налоги для малого бизнеса.' },
    { name: 'bulgarian', text: 'Правителството обяви в понеделник, че ще намали данъците за малкия бизнес.' },
    { name: 'hindi', text: 'सरकार ने सोमवार को कहा कि वह अगले साल छोटे व्यवसायों के लिए करों में कटौती करेगी।' },
    { name: 'chinese', text: '政府周一表示，明年将为小企业减税。' },
    { name: 'japanese', text: '政府は月曜日、来年中小企業の税金を引き下げると発表した。' },
    { name: 'emoji and surrogates', text: 'Bitcoin 🚀📈 to the moon 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 again' },
    { name: 'lone surrogate', text: 'abc \ud800 def \udc00 ghi' },
    { name: 'long word', text: 'a'.repeat(200) },
    { name: 'over 1000 characters', text: 'Stocks fall as oil jumps. '.repeat(60) },
    { name: 'a url', text: 'Read more at https://www.example.com/news/2026/11/27/story.html today' },
  ])('same verdict as eld: $name', ({ text }) => sameAsEld(text))

  test('same verdict as eld on 3,000 seeded random texts in many scripts', () => {
    const next = random(28)
    for (let i = 0; i < 3000; i++) sameAsEld(randomText(next))
  })

  test('same verdict as eld on every GDELT link text and UCI headline of the shared corpus', () => {
    const files = ['trends/gdelt_gfg_frontpage_sputnik_20180303T12.tsv', 'trends/uci_news_aggregator_first3000.csv']
    for (const relative of files) {
      const path = corpusFile(relative)
      if (path === null) continue
      const lines = readFileSync(path, 'utf8').split('\n')
      for (const line of lines) {
        sameAsEld(line)
        const fields = line.split('\t')
        sameAsEld(fields[fields.length - 1] ?? '')
      }
    }
  })
})
