import type { MetaResponse } from '../../../shared/api-types'
import { request } from './client'

export function getMeta(): Promise<MetaResponse> {
  return request<MetaResponse>('/meta')
}
