/** Squad calls (docs/API.md, "Squad calls"): thin typed calls, as every api/ module. */
import type { SquadCallResponse, SquadCallsList } from '../../../shared/squad-call-types'
import type { CreateSquadCallInput } from '../../../shared/squad-call-schemas'
import { request } from './client'

const enc = encodeURIComponent

export function listSquadCalls(game: string | undefined, signal?: AbortSignal) {
  return request<SquadCallsList>('/squad-calls', { query: { game }, signal })
}

export function getSquadCall(id: string, signal?: AbortSignal) {
  return request<SquadCallResponse>(`/squad-calls/${enc(id)}`, { signal })
}

export function createSquadCall(fields: CreateSquadCallInput) {
  return request<SquadCallResponse>('/squad-calls', { method: 'POST', body: fields })
}

export function joinSquadCall(id: string) {
  return request<SquadCallResponse>(`/squad-calls/${enc(id)}/join`, { method: 'PUT' })
}

export function leaveSquadCall(id: string) {
  return request<SquadCallResponse>(`/squad-calls/${enc(id)}/join`, { method: 'DELETE' })
}

export function closeSquadCall(id: string) {
  return request<SquadCallResponse>(`/squad-calls/${enc(id)}/close`, { method: 'POST' })
}
