/** The WARC reader's public surface. */
export type { FetchLike } from './byte-source.ts'
export { parseCcNewsSpec, type CcNewsSpec } from './cc-news.ts'
export { DEFAULT_MAX_PAYLOAD_BYTES, readWarc, type ReadWarcOptions } from './reader.ts'
export { resolveInputs, type ResolveInputsOptions } from './inputs.ts'
export type { HtmlResponse, SkippedRecord, SkipReason, WarcEvent } from './types.ts'
