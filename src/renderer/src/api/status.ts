/**
 * The "now playing" status (issue 28, item 2). Its server side is built apart (the presence and
 * status work); this module holds the two calls exactly as that contract names them, so the
 * desktop detection (state/game-detection.ts) sets and clears a status through them:
 * `PUT /api/me/status {game, note?, expiresIn, source?}` and `DELETE /api/me/status`.
 */
import type { OkResponse } from '../../../shared/api-types'
import { request } from './client'

export interface StatusRequest {
  game: string
  note?: string
  expiresIn: '30m' | '2h' | 'never'
  source?: 'manual' | 'detected'
}

export function setStatus(status: StatusRequest): Promise<OkResponse> {
  return request<OkResponse>('/me/status', { method: 'PUT', body: status })
}

export function clearStatus(): Promise<OkResponse> {
  return request<OkResponse>('/me/status', { method: 'DELETE' })
}
