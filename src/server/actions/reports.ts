/** Reports (docs/API.md, "Moderation"): anyone signed in files one; the host dismisses it. */
import type { Report } from '../../shared/api-types'
import * as reports from '../services/reports'
import type { Actor, Live } from './live'

export function createReport(
  live: Live,
  actor: Actor,
  target: { postId: number; reason: string } | { commentId: number; reason: string },
): Promise<Report> {
  return reports.createReport(live.db, actor.id, target)
}

export function dismissReport(live: Live, reportId: number): Promise<void> {
  return reports.dismissReport(live.db, reportId)
}
