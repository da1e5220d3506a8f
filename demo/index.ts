/** Public API of the demo archive generator (the CLI lives in batch/main.ts). */
export {
  articlesPerDayFor,
  DEMO_DEFAULTS,
  DemoArchiveMismatchError,
  type DemoOptions,
  type DemoSummary,
  GENERATOR,
  generateDemoArchive,
} from './generate.ts'
export { DEMO_LANGS, type DemoLang } from './lang/index.ts'
export { createPlanContext, type HourPlan, planHour, storiesForDay, toneProbabilities } from './plan.ts'
export { BtcSeries, DAILY_INSTRUMENTS } from './prices.ts'
export { buildPublishers, PAGE_TEMPLATES, type Publisher } from './publishers.ts'
export type { TruthArticle, TruthCounts, TruthStory } from './truth.ts'
export { renderHour, warcFileName, warcRelPath } from './warc-writer.ts'
