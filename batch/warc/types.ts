/** What the WARC reader hands to ingest. One input file yields a stream of these events. */

/** An HTTP response record whose payload is HTML, decoded to text. */
export interface HtmlResponse {
  kind: 'html'
  /** The WARC file (path or URL) the record came from. */
  source: string
  /** 0-based index of the record within its file (all record types counted). */
  index: number
  /** WARC-Target-URI (without the angle brackets some WARC 1.0 writers put around it). */
  targetUri: string
  /** WARC-Date as ISO 8601 UTC, second precision, trailing Z. */
  warcDate: string
  /** WARC-Record-ID as written, e.g. `<urn:uuid:…>`. */
  warcRecordId: string
  httpStatus: number
  /** HTTP response headers, names lower-cased; repeated headers joined with ", ". */
  httpHeaders: Record<string, string>
  /** Source offset (compressed) where the next record starts, for a later run to resume at; null/absent when unknown. */
  nextOffset?: number | null
  /** Payload after de-chunking, content decoding (gzip, br, deflate) and charset decoding. */
  html: string
  /**
   * The charset used to decode the payload (byte order mark, else the header, else `<meta charset>`,
   * else utf-8), by its WHATWG name: `latin1`/`iso-8859-1` → `windows-1252`, `gb2312` → `gbk`.
   */
  charset: string
}

/**
 * An HtmlResponse before its charset is decoded: the payload bytes (de-chunked, content-decoded).
 * A fanned-out ingest reads these on the thread that owns the connection and hands the bytes to
 * worker threads (transferred, not copied), which decode them (`decodeRawHtml`).
 */
export interface RawHtmlResponse extends Omit<HtmlResponse, 'kind' | 'html' | 'charset'> {
  kind: 'html-bytes'
  payload: Uint8Array
}

/** Why a record was not turned into an HtmlResponse. `not-response`/`not-html` are normal, the rest are faults. */
export type SkipReason =
  | 'not-response' // warcinfo, request, metadata, resource, revisit…
  | 'not-html' // a response whose payload is not HTML (PDF, image, JSON…)
  | 'http-status' // a response whose status is not 200
  | 'truncated' // the record ends before its Content-Length
  | 'corrupt' // unparseable headers, a Content-Length that lies, bad gzip member, garbage between records, bad content encoding
  | 'too-large' // payload over the reader's size cap

export interface SkippedRecord {
  kind: 'skip'
  source: string
  /** As for HtmlResponse; a run of unreadable bytes (garbage, a lost gzip member) takes one index. */
  index: number
  reason: SkipReason
  /** As for HtmlResponse. */
  nextOffset?: number | null
  /** '' when the record's header could not be read. */
  targetUri: string
}

export type WarcEvent = HtmlResponse | SkippedRecord

/** What `readWarcRaw` yields: HTML records with their payload not yet decoded to text. */
export type RawWarcEvent = RawHtmlResponse | SkippedRecord
