/** The calls of drafts kept on the server (docs/API.md, "Drafts"). */
import type { DraftBody, DraftListResponse, DraftResponse } from '../../../shared/drafts'
import { request } from './client'

const enc = encodeURIComponent

export function listDrafts(): Promise<DraftListResponse> {
  return request<DraftListResponse>('/drafts')
}

export function getDraft(slot: string): Promise<DraftResponse> {
  return request<DraftResponse>(`/drafts/${enc(slot)}`)
}

export function saveDraft(
  slot: string,
  body: DraftBody,
  updatedAt: number,
): Promise<DraftResponse> {
  return request<DraftResponse>(`/drafts/${enc(slot)}`, {
    method: 'PUT',
    body: { body, updatedAt },
  })
}

export function deleteDraft(slot: string): Promise<DraftResponse> {
  return request<DraftResponse>(`/drafts/${enc(slot)}`, { method: 'DELETE' })
}
