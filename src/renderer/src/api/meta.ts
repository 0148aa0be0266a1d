import type { HealthResponse, MetaResponse } from '../../../shared/api-types'
import { request } from './client'

export function getMeta(): Promise<MetaResponse> {
  return request<MetaResponse>('/meta')
}

/** Does the server answer? Used to notice it is back after a network failure. */
export function checkHealth(timeoutMs = 2000): Promise<HealthResponse> {
  return request<HealthResponse>('/health', { signal: AbortSignal.timeout(timeoutMs) })
}
