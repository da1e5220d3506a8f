/**
 * Parameter choices, defaults and bounds, read from the API's own /openapi.json (generated from the
 * endpoint registry), so that the page never restates them.
 */
import { getJson } from './api-client.ts'

export interface ParamSchema {
  enum?: string[]
  default?: string | number | boolean
  minimum?: number
  maximum?: number
  pattern?: string
}

interface OpenApiDoc {
  paths: Record<
    string,
    { get?: { parameters?: { name: string; in: string; description?: string; schema?: ParamSchema }[] } }
  >
}

export class ParamSpecs {
  constructor(private readonly doc: OpenApiDoc) {}

  static async load(): Promise<ParamSpecs> {
    return new ParamSpecs(await getJson<OpenApiDoc>('/openapi.json'))
  }

  private parameter(path: string, name: string) {
    return this.doc.paths[path]?.get?.parameters?.find((p) => p.name === name && p.in === 'query')
  }

  schema(path: string, name: string): ParamSchema {
    return this.parameter(path, name)?.schema ?? {}
  }

  description(path: string, name: string): string {
    return this.parameter(path, name)?.description ?? ''
  }

  /** The query parameter names an endpoint takes. */
  queryNames(path: string): string[] {
    return (this.doc.paths[path]?.get?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name)
  }

  choices(path: string, name: string): string[] {
    return this.schema(path, name).enum ?? []
  }

  defaultOf(path: string, name: string): string | undefined {
    const value = this.schema(path, name).default
    return value === undefined ? undefined : String(value)
  }

  maximum(path: string, name: string): number {
    return this.schema(path, name).maximum ?? Number.POSITIVE_INFINITY
  }
}
