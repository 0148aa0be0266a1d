/**
 * The "now playing" status as the desktop detection (state/game-detection.ts) sets and clears
 * it: the presence module's own calls (api/presence.ts), under the names detection uses, with
 * the real request and answer shapes (src/shared/presence.ts): `PUT /api/me/status {game,
 * note?, expiresIn, source?}` answers `{status}`, `DELETE /api/me/status` answers
 * `{status: null}`.
 */
import type { StatusRequest, StatusResponse } from '../../../shared/api-types'
import { clearStatus as deleteStatus, putStatus } from './presence'

export type { StatusRequest }

export function setStatus(status: StatusRequest): Promise<StatusResponse> {
  return putStatus(status)
}

export function clearStatus(): Promise<StatusResponse> {
  return deleteStatus()
}
