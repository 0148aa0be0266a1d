/** Presence and "now playing" (docs/API.md, "Presence and now playing"). */
import type {
  GamePlayingResponse,
  OwnPresenceResponse,
  PresenceListResponse,
  PresenceLookupResponse,
  PresenceRequest,
  StatusRequest,
  StatusResponse,
} from '../../../shared/api-types'
import { request } from './client'

export function lookupPresence(ids: readonly string[]): Promise<PresenceLookupResponse> {
  return request<PresenceLookupResponse>(`/presence/users?ids=${ids.join(',')}`)
}

export function getWhosHere(): Promise<PresenceListResponse> {
  return request<PresenceListResponse>('/presence')
}

export function getOwnPresence(): Promise<OwnPresenceResponse> {
  return request<OwnPresenceResponse>('/me/presence')
}

export function putPresence(body: PresenceRequest): Promise<OwnPresenceResponse> {
  return request<OwnPresenceResponse>('/me/presence', { method: 'PUT', body })
}

export function putStatus(body: StatusRequest): Promise<StatusResponse> {
  return request<StatusResponse>('/me/status', { method: 'PUT', body })
}

export function clearStatus(): Promise<StatusResponse> {
  return request<StatusResponse>('/me/status', { method: 'DELETE' })
}

/** Who is playing a game now (the game page's "Playing now"), those one follows first. */
export function getGamePlaying(slug: string, signal?: AbortSignal): Promise<GamePlayingResponse> {
  return request<GamePlayingResponse>(`/games/${encodeURIComponent(slug)}/playing`, { signal })
}
