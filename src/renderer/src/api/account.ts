/** Sessions, one's own account, and moderation (docs/API.md "Sessions and accounts", "Moderation"). */
import type { ReportCategory } from '../../../shared/report-categories'
import type {
  ServerStatsResponse,
  HostActionsResponse,
  HostsResponse,
  ModerationStatusResponse,
  MuteRequest,
  OkResponse,
  OpenReportsResponse,
  SuspendedAccountsResponse,
  PasswordChangeResponse,
  RelationsResponse,
  ReportResponse,
  ReportsResponse,
  SessionResponse,
  SuspensionResponse,
} from '../../../shared/api-types'
import type { MuteDuration } from '../../../shared/schemas'
import { request } from './client'

const enc = encodeURIComponent

export function logout(): Promise<OkResponse> {
  return request<OkResponse>('/auth/logout', { method: 'POST', body: {} })
}

export function changePassword(
  currentPassword: string,
  newPassword: string,
): Promise<PasswordChangeResponse> {
  return request<PasswordChangeResponse>('/auth/password', {
    method: 'POST',
    body: { currentPassword, newPassword },
  })
}

export function deleteAccount(password: string): Promise<OkResponse> {
  return request<OkResponse>('/users/me', { method: 'DELETE', body: { password } })
}

export function getSession(): Promise<SessionResponse> {
  return request<SessionResponse>('/auth/session')
}

export function getRelations(): Promise<RelationsResponse> {
  return request<RelationsResponse>('/users/me/relations')
}

export type RelationAction = 'block' | 'unblock' | 'mute' | 'unmute'

/** Blocks, mutes or undoes either; a mute lasts `duration` (for good when left out). */
export function setRelation(
  action: RelationAction,
  userId: string,
  duration?: MuteDuration,
): Promise<RelationsResponse> {
  return request<RelationsResponse>(`/users/me/${action}/${enc(userId)}`, {
    method: 'POST',
    body: action === 'mute' && duration ? ({ duration } satisfies MuteRequest) : {},
  })
}

export function report(
  target: { postId: string } | { commentId: string } | { userId: string } | { messageId: string },
  category: ReportCategory,
  reason: string,
): Promise<ReportResponse> {
  return request<ReportResponse>('/reports', {
    method: 'POST',
    body: { ...target, category, reason },
  })
}

export function listReports(): Promise<ReportsResponse> {
  return request<ReportsResponse>('/reports')
}

export function dismissReport(reportId: string): Promise<OkResponse> {
  return request<OkResponse>(`/reports/${enc(reportId)}`, { method: 'DELETE' })
}

export function hostDeletePost(postId: string): Promise<OkResponse> {
  return request<OkResponse>(`/moderation/posts/${enc(postId)}`, { method: 'DELETE' })
}

export function hostDeleteComment(commentId: string): Promise<OkResponse> {
  return request<OkResponse>(`/moderation/comments/${enc(commentId)}`, { method: 'DELETE' })
}

export function setSuspended(userId: string, suspended: boolean): Promise<SuspensionResponse> {
  return request<SuspensionResponse>(
    `/moderation/${suspended ? 'suspend' : 'unsuspend'}/${enc(userId)}`,
    { method: 'POST', body: {} },
  )
}

export function getOpenReports(): Promise<OpenReportsResponse> {
  return request<OpenReportsResponse>('/reports/count')
}

export function listSuspended(): Promise<SuspendedAccountsResponse> {
  return request<SuspendedAccountsResponse>('/moderation/suspended')
}

export function getModerationStatus(userId: string): Promise<ModerationStatusResponse> {
  return request<ModerationStatusResponse>(`/moderation/users/${enc(userId)}`)
}

export function listHosts(): Promise<HostsResponse> {
  return request<HostsResponse>('/moderation/hosts')
}

export function setHost(userId: string, host: boolean): Promise<HostsResponse> {
  return request<HostsResponse>(
    `/moderation/hosts/${enc(userId)}`,
    host ? { method: 'POST', body: {} } : { method: 'DELETE' },
  )
}

export function listHostActions(): Promise<HostActionsResponse> {
  return request<HostActionsResponse>('/moderation/audit')
}

/** The host's server page figures; hosts only. */
export function getServerStats(): Promise<ServerStatsResponse> {
  return request<ServerStatsResponse>('/server/stats')
}
