/** The service family: the node's health. */
import { type EndpointSpec, endpoint } from './spec.ts'

export const SERVICE_ENDPOINTS: readonly EndpointSpec[] = [
  endpoint({
    path: '/health',
    group: 'service',
    summary: 'Service health and corpus size',
    description: 'Status, snapshot version, article count and ingest lag.',
    query: {},
  }),
]
