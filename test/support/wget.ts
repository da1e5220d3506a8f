/** GNU wget, an independent WARC writer for the WARC and ingest tests (required under CI). */
import { requireTool } from './required-tool.ts'

export const WGET = '/usr/bin/wget'

/** Call at a test file's top level: whether wget is there, with the CI failure or printed skip when not. */
export const wgetForTests = (file: string): boolean => requireTool({ path: WGET, debianPackage: 'wget', usedBy: file })
