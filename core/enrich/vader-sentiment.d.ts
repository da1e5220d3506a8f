/** Types for the vader-sentiment package (a CommonJS bundle that ships none): only what sentiment-vader.ts calls. */
declare module 'vader-sentiment' {
  export interface PolarityScores {
    neg: number
    neu: number
    pos: number
    /** The normalised sum of valences, in [-1, 1]. */
    compound: number
  }
  export const SentimentIntensityAnalyzer: { polarity_scores(text: string): PolarityScores }
}
