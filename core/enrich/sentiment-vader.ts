/**
 * VADER (Hutto & Gilbert, ICWSM 2014; the vader-sentiment package, Apache-2.0) as features for the
 * English tone model: an independent, hand-rated lexicon of about 7,500 terms with rules for
 * negation, intensifiers, "but" and capitals, written for social media, not finance. The model
 * reads its verdict, not its words (the unigrams already carry those): the compound score in five
 * bands, cut at VADER's own ±0.05 neutral line and at ±0.5, and whether any negative or positive
 * valence was found (`vd:n`, `vd:p`), so the weights learn how far to trust it.
 */
import { SentimentIntensityAnalyzer } from 'vader-sentiment'

/** VADER's documented threshold between neutral and polar compound scores. */
const NEUTRAL_BAND = 0.05
const STRONG = 0.5

export function vaderFeatures(text: string): string[] {
  const s = SentimentIntensityAnalyzer.polarity_scores(text)
  const c = s.compound
  const band =
    c <= -STRONG ? 'vd:--' : c <= -NEUTRAL_BAND ? 'vd:-' : c < NEUTRAL_BAND ? 'vd:0' : c < STRONG ? 'vd:+' : 'vd:++'
  const out = [band]
  if (s.neg > 0) out.push('vd:n')
  if (s.pos > 0) out.push('vd:p')
  return out
}
