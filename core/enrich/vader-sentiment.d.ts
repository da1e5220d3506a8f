/**
 * Types for the vader-sentiment package (a CommonJS bundle that ships none): only what
 * sentiment-vader.ts calls. The static steps of `polarity_scores` are public methods of the class.
 */
declare module 'vader-sentiment' {
  export interface PolarityScores {
    neg: number
    neu: number
    pos: number
    /** The normalised sum of valences, in [-1, 1]. */
    compound: number
  }
  /** What `sentiment_valence` reads of VADER's SentiText. */
  export interface SentiWords {
    words_and_emoticons: string[]
    is_cap_diff: boolean
  }
  export const SentimentIntensityAnalyzer: {
    polarity_scores(text: string): PolarityScores
    sentiment_valence(
      valence: number,
      sentiText: SentiWords,
      item: string,
      index: number,
      sentiments: number[],
    ): number[]
    but_check(words: string[], sentiments: number[]): number[]
    score_valence(sentiments: number[], text: string): PolarityScores
  }
}
