/**
 * The labelled entity corpora of ../shared/corpus/entities (SOURCES.md there; data card
 * docs/entities-data.md), read into one shape: sentences of tokens with IOB2 tags over PER, ORG,
 * LOC, grouped into documents. Which set trains and which is only measured on is decided here,
 * once, for scripts/train-entities.ts and bench/entities.ts alike.
 */
import { corpusDir as sharedCorpusDir } from '../core/corpus-dir.ts'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export interface LabelledSentence {
  tokens: string[]
  /** IOB2 over PER / ORG / LOC, `O` otherwise. */
  tags: string[]
  /** Document id: sentences with the same id form one document for document-level scores. */
  doc: string
}

export interface EntitySet {
  name: string
  lang: string
  /** `train`: weights may learn from it; `dev`: picks training settings; `measure`: reported only. */
  use: 'train' | 'dev' | 'measure'
  licence: string
  sentences: LabelledSentence[]
  /** Files read and their sha256, for the weights' provenance. */
  files: { path: string; sha256: string }[]
  /** How documents were formed, for the report. */
  documents: string
}

/** `--corpus DIR`, else the shared corpora (core/corpus-dir.ts: NEWSDESK_CORPUS or ../shared/corpus). */
export function corpusDir(): string {
  const i = process.argv.indexOf('--corpus')
  if (i >= 0 && process.argv[i + 1] !== undefined) return process.argv[i + 1] as string
  return sharedCorpusDir(process.env)
}

export function hasEntityCorpus(corpus: string): boolean {
  return existsSync(join(corpus, 'entities', 'SOURCES.md'))
}

export function sha256File(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex')
}

const TYPE_MAP: Record<string, 'PER' | 'ORG' | 'LOC'> = {
  PER: 'PER',
  PEr: 'PER',
  ORG: 'ORG',
  ORg: 'ORG',
  LOC: 'LOC',
  LOCer: 'LOC',
  person: 'PER',
  location: 'LOC',
  corporation: 'ORG',
  group: 'ORG',
}

/** Re-writes raw tags as IOB2 over PER/ORG/LOC with IOB1 semantics (an I-X after another type starts X). */
export function normaliseTags(raw: readonly string[]): string[] {
  const out: string[] = []
  let prevType = ''
  for (const r of raw) {
    const m = /^([BI])-(.+)$/.exec(r)
    const type = m === null ? undefined : TYPE_MAP[m[2] as string]
    if (m === null || type === undefined) {
      out.push('O')
      prevType = ''
      continue
    }
    const begin = m[1] === 'B' || prevType !== type
    out.push(`${begin ? 'B' : 'I'}-${type}`)
    prevType = type
  }
  return out
}

/** `token<TAB>tag` blocks separated by blank lines (BTC, WNUT-17, WikiANN with its `xx:` prefix). */
function readColumns(
  path: string,
  opts: { tokenCol: number; tagCol: number; prefix?: boolean; docOf?: (i: number) => string },
): LabelledSentence[] {
  const out: LabelledSentence[] = []
  let tokens: string[] = []
  let raw: string[] = []
  const flush = () => {
    if (tokens.length > 0) {
      const i = out.length
      out.push({ tokens, tags: normaliseTags(raw), doc: opts.docOf?.(i) ?? `${path}#${i}` })
    }
    tokens = []
    raw = []
  }
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const l = line.replace(/\r$/, '')
    if (l.trim() === '') {
      flush()
      continue
    }
    const cols = l.split('\t')
    let token = cols[opts.tokenCol] ?? ''
    if (opts.prefix) token = token.slice(token.indexOf(':') + 1)
    tokens.push(token)
    raw.push((cols[opts.tagCol] ?? 'O').trim())
  }
  flush()
  return out
}

/** BTC and WNUT-17: `token<TAB>tag`, a blank line between tweets. */
export function readConll(path: string): LabelledSentence[] {
  return readColumns(path, { tokenCol: 0, tagCol: 1 })
}

export function readWikiann(path: string): LabelledSentence[] {
  return readColumns(path, { tokenCol: 0, tagCol: 1, prefix: true })
}

/**
 * Tab-separated token lines (token in column 1, tag in column 2) with `#` comment lines, a blank
 * line between sentences; `newDoc` names the document a comment line starts, or null when the
 * comment starts none.
 */
function readTabbed(path: string, first: string, newDoc: (line: string) => string | null): LabelledSentence[] {
  const out: LabelledSentence[] = []
  let doc = first
  let tokens: string[] = []
  let raw: string[] = []
  const flush = () => {
    if (tokens.length > 0) out.push({ tokens, tags: normaliseTags(raw), doc })
    tokens = []
    raw = []
  }
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.startsWith('#')) {
      const next = newDoc(line)
      if (next !== null) {
        flush()
        doc = next
      }
      continue
    }
    if (line.trim() === '') {
      flush()
      continue
    }
    const cols = line.split('\t')
    tokens.push(cols[1] ?? '')
    raw.push(cols[2] ?? 'O')
  }
  flush()
  return out
}

/** UNER `.iob2`: `# newdoc id` starts a document. */
export function readUner(path: string): LabelledSentence[] {
  let n = 0
  return readTabbed(path, `${path}#0`, (line) => (line.startsWith('# newdoc') ? `${path}#${++n}` : null))
}

/** GermEval 2014: outer level only; `#` lines carry the source URL, consecutive sentences of one URL are one document. */
function readGermEval(path: string): LabelledSentence[] {
  return readTabbed(path, '', (line) => (line.startsWith('#\t') ? (line.split('\t')[1] ?? '') : null))
}

/** Europeana: no sentence breaks; cut after a `.` before a capital (at most 60 tokens), 20 such sentences a document. */
function readEuropeana(path: string): LabelledSentence[] {
  const tokens: string[] = []
  const raw: string[] = []
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const m = /^(\S+) (O|[BI]-\w+)$/.exec(line)
    if (m === null) continue
    tokens.push(m[1] as string)
    raw.push(m[2] as string)
  }
  const tags = normaliseTags(raw)
  const out: LabelledSentence[] = []
  let start = 0
  for (let i = 0; i < tokens.length; i++) {
    const next = tokens[i + 1]
    const end =
      i + 1 === tokens.length ||
      i - start >= 59 ||
      ((tokens[i] === '.' || tokens[i] === '!' || tokens[i] === '?') &&
        next !== undefined &&
        /^\p{Lu}/u.test(next) &&
        tags[i + 1] === 'O')
    if (!end) continue
    const s = out.length
    // Never split an entity across sentences: extend while the next tag continues one.
    let j = i
    while (j + 1 < tokens.length && (tags[j + 1] as string).startsWith('I-')) j++
    out.push({
      tokens: tokens.slice(start, j + 1),
      tags: tags.slice(start, j + 1),
      doc: `${path}#${Math.floor(s / 20)}`,
    })
    start = j + 1
    i = j
  }
  return out
}

/**
 * English demonyms (`Turkish`, `Australians`) from the country file: the Broad Twitter Corpus
 * labels them LOC, but they are adjectives, not places (as GermEval's LOCderiv, mapped to O).
 */
export function loadDemonyms(corpus: string): Set<string> {
  const path = join(corpus, 'entities', 'gazetteers', 'countries', 'countries.json')
  const out = new Set<string>()
  const records = JSON.parse(readFileSync(path, 'utf8')) as { demonyms?: { eng?: { f: string; m: string } } }[]
  for (const r of records) {
    for (const d of [r.demonyms?.eng?.f, r.demonyms?.eng?.m]) {
      if (d === undefined || d === '') continue
      out.add(d.toLowerCase())
      out.add(`${d.toLowerCase()}s`)
    }
  }
  for (const d of [
    'western',
    'eastern',
    'northern',
    'southern',
    'european',
    'europeans',
    'asian',
    'african',
    'arab',
    'arabs',
    'latin',
    'scottish',
    'welsh',
    'english',
  ])
    out.add(d)
  return out
}

/** Relabels one-word LOC spans that are demonyms as O. */
export function dropDemonyms(s: LabelledSentence, demonyms: ReadonlySet<string>): LabelledSentence {
  const tags = [...s.tags]
  for (let i = 0; i < tags.length; i++) {
    if (tags[i] !== 'B-LOC' || tags[i + 1] === 'I-LOC') continue
    if (demonyms.has((s.tokens[i] as string).replace(/^#/, '').toLowerCase())) tags[i] = 'O'
  }
  return { ...s, tags }
}

/** The share of a Europeana file kept for measuring: its last fifth, by document. */
const EUROPEANA_HELD_OUT = 0.2

function splitTail(sentences: LabelledSentence[], share: number): [LabelledSentence[], LabelledSentence[]] {
  const cut = Math.floor(sentences.length * (1 - share))
  let k = cut
  while (k < sentences.length && k > 0 && sentences[k]?.doc === sentences[k - 1]?.doc) k++
  return [sentences.slice(0, k), sentences.slice(k)]
}

/** Every set, with its use. WikiANN's licence is unknown: measured on, never learned from. */
export function loadEntitySets(corpus: string): EntitySet[] {
  const dir = join(corpus, 'entities')
  const f = (...p: string[]) => join(dir, ...p)
  const files = (...paths: string[]) =>
    paths.map((path) => ({ path: path.slice(corpus.length + 1), sha256: sha256File(path) }))
  const sets: EntitySet[] = []
  const demonyms = loadDemonyms(corpus)
  const btc = (section: string, use: EntitySet['use']) => {
    const path = f('broad-twitter-corpus', `${section}.conll`)
    const base = {
      lang: 'en',
      licence: 'CC BY 4.0',
      files: files(path),
      documents: 'one tweet (demonyms labelled LOC mapped to O)',
    }
    const sentences = readColumns(path, { tokenCol: 0, tagCol: 1 }).map((s) => dropDemonyms(s, demonyms))
    if (section !== 'h') sets.push({ ...base, name: `btc-${section}`, use, sentences })
    else {
      // The corpus README's split: the second half of section H is the development set.
      const half = Math.floor(sentences.length / 2)
      sets.push({ ...base, name: 'btc-h-first-half', use: 'train', sentences: sentences.slice(0, half) })
      sets.push({ ...base, name: 'btc-h-second-half', use: 'dev', sentences: sentences.slice(half) })
    }
  }
  for (const s of ['a', 'b', 'e', 'f', 'h']) btc(s, 'train')
  btc('g', 'measure')
  for (const [split, use] of [
    ['wnut17train.conll', 'train'],
    ['emerging.dev.conll', 'train'],
    ['emerging.test.annotated', 'measure'],
  ] as const) {
    const path = f('wnut17', split)
    sets.push({
      name: `wnut17-${use === 'measure' ? 'test' : split.startsWith('wnut') ? 'train' : 'dev'}`,
      lang: 'en',
      use,
      licence: 'CC BY 4.0',
      sentences: readColumns(path, { tokenCol: 0, tagCol: 1 }),
      files: files(path),
      documents: 'one post',
    })
  }
  for (const [split, use] of [
    ['dev', 'train'],
    ['test', 'measure'],
  ] as const) {
    const path = f('uner-en-ewt', `en_ewt-ud-${split}.iob2`)
    sets.push({
      name: `uner-en-ewt-${split}`,
      lang: 'en',
      use,
      licence: 'CC BY-SA 4.0',
      sentences: readUner(path),
      files: files(path),
      documents: '`# newdoc` (one web post or thread)',
    })
  }
  for (const [split, use] of [
    ['train', 'train'],
    ['dev', 'dev'],
    ['test', 'measure'],
  ] as const) {
    const path = f('uner-pt-bosque', `pt_bosque-ud-${split}.iob2`)
    sets.push({
      name: `uner-pt-${split}`,
      lang: 'pt',
      use,
      licence: 'CC BY-SA 4.0',
      sentences: readUner(path),
      files: files(path),
      documents: '`# newdoc` (one newspaper article)',
    })
  }
  for (const [split, use] of [
    ['dev', 'train'],
    ['test', 'measure'],
  ] as const) {
    const path = f('germeval2014', `NER-de-${split}.tsv`)
    sets.push({
      name: `germeval-${split}`,
      lang: 'de',
      use,
      licence: 'CC BY 4.0',
      sentences: readGermEval(path),
      files: files(path),
      documents: 'consecutive sentences from one source URL',
    })
  }
  for (const [file, lang, held] of [
    ['enp_DE.lft.bio', 'de', false],
    ['enp_DE.onb.bio', 'de', false],
    ['enp_DE.sbb.bio', 'de', false],
    ['enp_FR.bnf.bio', 'fr', true],
    ['enp_NL.kb.bio', 'nl', true],
  ] as const) {
    const path = f('europeana-newspapers', file)
    const all = readEuropeana(path)
    const [train, test] = held ? splitTail(all, EUROPEANA_HELD_OUT) : [all, []]
    const base = {
      lang,
      licence: 'CC0 1.0',
      files: files(path),
      documents: '20 pseudo-sentences (the files have no breaks)',
    }
    sets.push({ ...base, name: `europeana-${lang}-${file.split('.')[1]}-train`, use: 'train', sentences: train })
    if (test.length > 0)
      sets.push({ ...base, name: `europeana-${lang}-${file.split('.')[1]}-test`, use: 'measure', sentences: test })
  }
  for (const lang of ['en', 'de', 'fr', 'nl', 'pt']) {
    const path = f('wikiann', lang, 'test')
    sets.push({
      name: `wikiann-${lang}-test`,
      lang,
      use: 'measure',
      licence: 'unknown (measure only)',
      sentences: readColumns(path, { tokenCol: 0, tagCol: 1, prefix: true }),
      files: files(path),
      documents: 'one sentence',
    })
  }
  return sets
}
