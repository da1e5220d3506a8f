/**
 * Enrichment (issue 3): pure functions from an extracted article to what the store keeps beside it.
 * No I/O, no clock, no environment; the word lists and the model's weights are data in this folder.
 */
import type { Enrichment, ExtractedArticle } from '../article.ts'
import { isBitcoinArticle } from './bitcoin.ts'
import { chooseCategory } from './category-choice.ts'
import { extractEntities } from './entities.ts'
import { inferCountry } from './country.ts'
import { detectLanguage } from './language.ts'
import { scoreLexicon } from './lexicon.ts'
import { classifySentiment, sentimentText } from './sentiment.ts'

export { isBitcoinArticle } from './bitcoin.ts'
export { type CategoryGuess, type CategoryInput, classifyCategory } from './category.ts'
export { type CategoryChoice, chooseCategory } from './category-choice.ts'
export { ENTITIES_MAX, extractEntities } from './entities.ts'
export { type CountryGuess, type CountryInput, countryFromHost, inferCountry } from './country.ts'
export { dupKey, dupKeyTitle, groupDuplicates, isSameStory, MAX_SIMHASH_DISTANCE, simhashDistance } from './dup-key.ts'
export { detectLanguage, type LanguageInput } from './language.ts'
export { type LexiconScore, scoreLexicon } from './lexicon.ts'
export { classifySentiment, lexiconLabel, type SentimentResult, sentimentText } from './sentiment.ts'

export function enrichArticle(a: ExtractedArticle): Enrichment {
  const lang = detectLanguage(a)
  const { country, country_source } = inferCountry(a, lang)
  const { category, confidence, category_by } = chooseCategory(a, lang)
  const text = sentimentText(a)
  const lexicon = scoreLexicon(text, lang)
  const sentiment = classifySentiment(text, lang, lexicon)
  return {
    lang,
    country,
    country_source,
    category,
    category_confidence: confidence,
    category_by,
    sentiment: sentiment.sentiment,
    score: sentiment.score,
    labelled_by: sentiment.labelled_by,
    lexicon_score: lexicon.score,
    lexicon_terms: lexicon.terms,
    is_bitcoin: isBitcoinArticle(a.title, a.description),
    entities: extractEntities(a, lang),
  }
}
