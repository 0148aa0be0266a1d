/**
 * Reports (docs/API.md, "Moderation"): anyone signed in files one, and every host hears of it
 * (a `report` notification and the `open-reports` count); a host handles it, and its reporter
 * hears only that it was handled (`report-handled`).
 */
import type { Report } from '../../shared/api-types'
import type { Store } from '../db/store'
import { allHostIds } from '../services/reads/hosting'
import { recordHostAction } from '../services/writes/hosting'
import { type NotificationChanges } from '../services/reads/notifications'
import { notify } from '../services/writes/notifications'
import * as reports from '../services/reads/reports'
import * as reportsWrites from '../services/writes/reports'
import { getUserById } from '../services/reads/users'
import { publishOpenReports } from './open-reports'
import { commit, type Actor, type Live } from './live'

export async function createReport(
  live: Live,
  actor: Actor,
  target: reportsWrites.ReportInput,
): Promise<Report> {
  return commit(
    live,
    async (tx, changes) => {
      const report = await reportsWrites.createReport(tx, actor.id, target)
      // A person's or a message's report names no post: the hosts' notification names the
      // reporter, and nothing of a private conversation.
      const postId =
        report.target.kind === 'post' || report.target.kind === 'comment'
          ? Number(report.target.postId)
          : null
      const commentId = report.target.kind === 'comment' ? Number(report.target._id) : null
      for (const hostId of await allHostIds(tx, live.hostIds)) {
        await notify(tx, changes, {
          recipientId: hostId,
          actorId: actor.id,
          type: 'report',
          postId,
          commentId,
        })
      }
      return report
    },
    () => publishOpenReports(live),
  )
}

export async function dismissReport(live: Live, host: Actor, reportId: number): Promise<void> {
  await commit(
    live,
    async (tx, changes) => {
      const reporter = await reportsWrites.dismissReport(tx, reportId)
      await tellReporters(tx, changes, host, [reporter.id])
      await recordHostAction(tx, host, 'dismiss-report', reporter)
    },
    () => publishOpenReports(live),
  )
}

/**
 * Tells each reporter that a host handled their report: the notification names the host, never
 * what the host did to the reported member (nor the post or comment, which may be gone).
 */
export async function tellReporters(
  tx: Store,
  changes: NotificationChanges,
  host: Actor,
  reporterIds: readonly number[],
): Promise<void> {
  for (const reporterId of reporterIds) {
    await notify(tx, changes, { recipientId: reporterId, actorId: host.id, type: 'report-handled' })
  }
}

/**
 * When a host suspends an account, the reports about that person (from their profile's menu)
 * are settled: they close and their reporters hear it was handled. Reports of the person's posts
 * and comments stay open until their post or comment is deleted or the report dismissed. Answers
 * how many closed, so that the hosts' count is told afresh after the commit.
 */
export async function closeReportsOnSuspend(
  tx: Store,
  changes: NotificationChanges,
  host: Actor,
  userId: number,
): Promise<number> {
  const { reporterIds, reportIds } = await reports.reportsAboutPerson(tx, userId)
  await reportsWrites.closeReports(tx, reportIds)
  await tellReporters(tx, changes, host, reporterIds)
  return reportIds.length
}

/**
 * Before a post or comment is deleted (its reports go with it by cascade): when a host deletes
 * it, its reporters hear their report was handled and the audit list notes the deletion. Answers
 * how many reports close, so that the hosts' count is told afresh after the commit.
 */
export async function closeReportsOnDelete(
  tx: Store,
  changes: NotificationChanges,
  host: Actor | null,
  target: { postId: number; authorId: number } | { commentId: number; authorId: number },
): Promise<number> {
  const { reporterIds, count } = await reports.reportsClosedBy(
    tx,
    'postId' in target ? { postId: target.postId } : { commentId: target.commentId },
  )
  if (host) {
    await tellReporters(tx, changes, host, reporterIds)
    const author = await getUserById(tx, target.authorId)
    await recordHostAction(tx, host, 'postId' in target ? 'delete-post' : 'delete-comment', author)
  }
  return count
}
