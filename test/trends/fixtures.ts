/**
 * Hand-built story sets: three stories in three languages and countries, written by several
 * publishers in varied words, one syndicated copy, one near-duplicate headline, the same story
 * told in a second country, and singletons that share a word or two with a story but are not it.
 * `story` is the ground truth: the planted story of each article, or null for a singleton.
 */
import type { TrendArticle } from '../../core/trends/types.ts'

export const NOW_MS = Date.parse('2026-11-21T14:00:00Z')
const NOW_S = NOW_MS / 1000

export interface Planted extends TrendArticle {
  story: string | null
}

let seq = 0
function art(
  story: string | null,
  country: string,
  lang: string,
  host: string,
  hoursAgo: number,
  title: string,
  extra: Partial<TrendArticle> = {},
): Planted {
  seq++
  const id = `a${String(seq).padStart(3, '0')}`
  return {
    id,
    url: `https://${host}/news/${id}`,
    title,
    host,
    lang,
    country,
    category: 'world',
    published_at: NOW_S - Math.round(hoursAgo * 3600),
    dup_key: `d-${id}`,
    story,
    ...extra,
  }
}

export const HAND_BUILT: readonly Planted[] = [
  // US, English: a hurricane.
  art('milton', 'US', 'en', 'tampabay.com', 20, 'Hurricane Milton makes landfall near Tampa as Category 3 storm', {
    category: 'environment',
  }),
  art('milton', 'US', 'en', 'cnn.com', 19, 'Milton slams into Florida coast, millions without power', {
    category: 'environment',
  }),
  art('milton', 'US', 'en', 'nytimes.com', 18.5, 'Florida braces as Hurricane Milton nears Tampa Bay', {
    category: 'environment',
  }),
  art('milton', 'US', 'en', 'foxnews.com', 18, 'Hurricane Milton: Tampa residents flee ahead of landfall', {
    category: 'society',
  }),
  art('milton', 'US', 'en', 'apnews.com', 17, 'Millions without power after Hurricane Milton hits Florida', {
    category: 'environment',
    dup_key: 'wire-milton',
  }),
  art('milton', 'US', 'en', 'abcnews.go.com', 16.9, 'Millions without power after Hurricane Milton hits Florida', {
    category: 'environment',
    dup_key: 'wire-milton',
  }),
  art('milton', 'US', 'en', 'usatoday.com', 16, 'Milton landfall: storm surge floods Tampa streets', {
    category: 'environment',
  }),
  art(
    'milton',
    'US',
    'en',
    'washingtonpost.com',
    15,
    'Hurricane Milton weakens after Florida landfall, Tampa spared worst',
    { category: 'environment' },
  ),
  art(
    'milton',
    'US',
    'en',
    'nbcnews.com',
    14,
    'Hurricane Milton weakens after Florida landfall; Tampa spared the worst!',
    { category: 'environment' },
  ),
  // US, English: a rate cut.
  art('fed', 'US', 'en', 'reuters.com', 12, 'Fed cuts interest rates by half a point', { category: 'business' }),
  art('fed', 'US', 'en', 'cnbc.com', 11.5, 'Fed slashes rates for first time since 2020', { category: 'business' }),
  art('fed', 'US', 'en', 'wsj.com', 11, "Powell defends the Fed's jumbo rate cut", { category: 'business' }),
  art('fed', 'US', 'en', 'marketwatch.com', 10, 'Stocks rally after Fed rate cut', { category: 'business' }),
  art('fed', 'US', 'en', 'bloomberg.com', 9, 'Fed lowers interest rates, Powell signals more cuts', {
    category: 'business',
  }),
  art('fed', 'US', 'en', 'nytimes.com', 8, 'Fed rate cut: Powell signals more cuts ahead', { category: 'politics' }),
  // US singletons sharing a word with a story.
  art(null, 'US', 'en', 'local10.com', 13, 'Florida man wins lottery jackpot twice', { category: 'society' }),
  art(null, 'US', 'en', 'espn.com', 7, 'Lakers rally past Celtics in overtime thriller', { category: 'sport' }),
  art(null, 'US', 'en', 'theverge.com', 6, 'Apple unveils new iPad mini with faster chip', { category: 'technology' }),
  // GB, English: the same rate cut, told in another country: its own story.
  art('fed-gb', 'GB', 'en', 'bbc.co.uk', 11, 'US Federal Reserve cuts interest rates by half a point', {
    category: 'business',
  }),
  art('fed-gb', 'GB', 'en', 'theguardian.com', 10, 'Federal Reserve cuts rates as Powell signals more cuts', {
    category: 'business',
  }),
  art('fed-gb', 'GB', 'en', 'ft.com', 9, 'Federal Reserve rate cut lifts global stocks', { category: 'business' }),
  art(null, 'GB', 'en', 'bbc.co.uk', 5, 'Storm Ashley brings gales to Scotland', { category: 'environment' }),
  // BR, Portuguese: an election.
  art('eleicao', 'BR', 'pt', 'g1.globo.com', 22, 'Eleição em São Paulo: Nunes vence Boulos no segundo turno', {
    category: 'politics',
  }),
  art('eleicao', 'BR', 'pt', 'folha.uol.com.br', 21, 'Ricardo Nunes é reeleito prefeito de São Paulo', {
    category: 'politics',
  }),
  art('eleicao', 'BR', 'pt', 'estadao.com.br', 20.5, 'Nunes derrota Boulos e segue prefeito de São Paulo', {
    category: 'politics',
  }),
  art('eleicao', 'BR', 'pt', 'uol.com.br', 20, 'Boulos reconhece derrota para Nunes em São Paulo', {
    category: 'politics',
  }),
  art(
    'eleicao',
    'BR',
    'pt',
    'cnnbrasil.com.br',
    19,
    'Eleições municipais: Nunes reeleito, Boulos derrotado em São Paulo',
    { category: 'politics' },
  ),
  art(null, 'BR', 'pt', 'ge.globo.com', 18, 'Flamengo vence o Palmeiras e assume a liderança', { category: 'sport' }),
  art(null, 'BR', 'pt', 'g1.globo.com', 17, 'Chuva forte causa alagamentos no Rio de Janeiro', {
    category: 'environment',
  }),
  // DE, German: a coalition collapse.
  art('ampel', 'DE', 'de', 'spiegel.de', 23, 'Scholz entlässt Finanzminister Lindner – Ampel-Koalition zerbricht', {
    category: 'politics',
  }),
  art('ampel', 'DE', 'de', 'zeit.de', 22.5, 'Ampel zerbricht: Scholz will Vertrauensfrage stellen', {
    category: 'politics',
  }),
  art('ampel', 'DE', 'de', 'faz.net', 22, 'Nach dem Bruch der Ampel: Lindner greift Scholz an', {
    category: 'politics',
  }),
  art('ampel', 'DE', 'de', 'sueddeutsche.de', 21, 'Scholz stellt Vertrauensfrage im Januar, Ampel am Ende', {
    category: 'politics',
  }),
  art('ampel', 'DE', 'de', 'tagesschau.de', 20, 'Lindner entlassen: Scholz beendet die Ampel-Koalition', {
    category: 'politics',
  }),
  art(null, 'DE', 'de', 'kicker.de', 19, 'Bayern München gewinnt souverän gegen Dortmund', { category: 'sport' }),
  art(null, 'DE', 'de', 'heise.de', 18, 'Neue Grafikkarten von Nvidia vorgestellt', { category: 'technology' }),
]

/** Everyday news words per language: what a background of ordinary days is made of. */
const EVERYDAY: Readonly<Record<string, string>> = {
  en: `after makes near hits signals ahead first time more global stocks lifts rally power storm coast city council
    police court report plan vote deal market prices rise fall week talks minister government school health
    water weather rain fire crash road team win loses game season million billion jobs workers strike bank
    company sales profit shares investors interest rates state residents flee streets spared
    worst weakens category bay braces lottery man wins twice chip new faster unveils`,
  pt: `após governo prefeito cidade chuva forte polícia justiça eleição eleições votos segundo turno vence derrota
    reconhece segue reeleito município estado mercado preços alta queda semana acordo ministro escola saúde
    time jogo liderança assume causa alagamentos rio janeiro janeiro fevereiro campanha candidato partido`,
  de: `nach regierung kanzler minister bundestag wahl partei koalition streit bericht polizei gericht stadt land
    wetter regen sturm markt preise steigen sinken woche gespräche plan schule gesundheit spiel sieg gewinnt
    verliert verein trainer januar februar ende stellt will greift entlassen beendet neue vorgestellt`,
}

/**
 * Fourteen days of ordinary headlines before NOW_MS − 24h, `perDay` a day per country: random
 * everyday words, so the background knows which words are common and the planted names are not.
 */
export function everydayBackground(
  countries: readonly { country: string; lang: string }[],
  perDay = 30,
  seed = 7,
): TrendArticle[] {
  let a = seed >>> 0
  const random = (): number => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const out: TrendArticle[] = []
  for (const { country, lang } of countries) {
    const words = (EVERYDAY[lang] ?? EVERYDAY.en ?? '').split(/\s+/).filter((w) => w !== '')
    for (let d = 1; d <= 14; d++) {
      for (let i = 0; i < perDay; i++) {
        const title = Array.from(
          { length: 5 + Math.floor(random() * 3) },
          () => words[Math.floor(random() * words.length)],
        ).join(' ')
        const id = `bg-${country}-${d}-${i}`
        out.push({
          id,
          url: `https://bg.example/${id}`,
          title,
          host: `bg${i % 9}.example`,
          lang,
          country,
          category: 'world',
          published_at: NOW_S - 86_400 - d * 86_400 + i * 2000,
          dup_key: id,
        })
      }
    }
  }
  return out
}

export const HAND_BUILT_COUNTRIES = [
  { country: 'US', lang: 'en' },
  { country: 'GB', lang: 'en' },
  { country: 'BR', lang: 'pt' },
  { country: 'DE', lang: 'de' },
] as const
