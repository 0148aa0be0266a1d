import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useState } from 'react'
import { Link } from 'react-router-dom'
import type { Report } from '../../../shared/api-types'
import {
  hostDeleteCommentAtom,
  hostDeletePostAtom,
  isHostAtom,
  loadIsHostAtom,
} from '../state/account'
import { isLoggedInAtom } from '../state/auth'
import { noteHostChangeAtom } from '../state/host'
import { dismissReportAtom, setSuspensionAtom, useReports } from '../state/moderation'
import { hostDeleteMessageAtom } from '../state/message-reports'
import { REPORTED_MESSAGE_COPY } from '../copy-conversations'
import { COPY } from '../copy'
import { ConfirmDialog } from './ConfirmDialog'
import { HostPanels } from './HostPanels'
import { Icon } from './Icon'
import { RelativeTime } from './RelativeTime'
import { ReportedMessage } from './ReportedMessage'
import { Spinner } from './Spinner'
import '../styles/server-page.css'
import { SCREENS_COPY } from '../copy-screens'

/**
 * The host's reports (Server page): what was reported, by whom and why, with the host's
 * actions. Shown only to the host of the server the app is on.
 */
export function ReportsPanel() {
  const loggedIn = useAtomValue(isLoggedInAtom)
  const isHost = useAtomValue(isHostAtom)
  const loadIsHost = useSetAtom(loadIsHostAtom)

  useEffect(() => {
    if (loggedIn && isHost === null) void loadIsHost()
  }, [loggedIn, isHost, loadIsHost])

  if (!loggedIn || !isHost) return null
  return (
    <>
      <ReportsList />
      <HostPanels />
    </>
  )
}

/** A question about one report's action, waiting for the host's yes. */
type Asking = { report: Report; action: 'delete' | 'suspend' }

/** What the question says of what the action does. */
function askingText({ report: { target }, action }: Asking): string {
  if (action !== 'delete' || target.kind === 'user') {
    return COPY.host.suspendText(target.author.username)
  }
  return target.kind === 'message'
    ? REPORTED_MESSAGE_COPY.deleteText
    : COPY.host.deleteText(target.kind)
}

/** The open reports, each with the host's actions on it (the Server page's Reports card). */
export function ReportsList() {
  const deletePost = useSetAtom(hostDeletePostAtom)
  const deleteComment = useSetAtom(hostDeleteCommentAtom)
  const deleteMessage = useSetAtom(hostDeleteMessageAtom)
  const setSuspension = useSetAtom(setSuspensionAtom)
  const dismissReport = useSetAtom(dismissReportAtom)
  const noteHostChange = useSetAtom(noteHostChangeAtom)
  const [busy, setBusy] = useState<string | null>(null)
  const [asking, setAsking] = useState<Asking | null>(null)
  // Read afresh when a report comes or goes (the live count) or a host acted from this window.
  const { value: reports, error, load } = useReports()

  /** Runs one report's action, its buttons busy meanwhile (each action marks the host change). */
  const act = async (report: Report, action: () => Promise<unknown>) => {
    setBusy(report._id)
    try {
      await action()
    } finally {
      setBusy(null)
    }
  }

  const suspend = (report: Report) =>
    act(report, () => setSuspension(report.target.author, !report.target.author.suspended))

  const dismiss = (report: Report) => act(report, () => dismissReport(report._id))

  const remove = (report: Report) =>
    act(report, async () => {
      const { target } = report
      if (target.kind === 'user') return
      await (target.kind === 'post'
        ? deletePost(target._id)
        : target.kind === 'message'
          ? deleteMessage(target._id)
          : deleteComment(target.postId, target._id))
      noteHostChange()
    })

  return (
    <section className="card server-card" aria-labelledby="reports-title">
      <header className="server-card-head">
        <span className="server-card-icon" aria-hidden="true">
          <Icon name="alert" size={20} />
        </span>
        <div>
          <h2 id="reports-title">Reports</h2>
          <p className="muted small">
            What players reported on this server. You host it: you can delete posts and comments and
            suspend accounts.
          </p>
        </div>
      </header>
      {error ? (
        <div className="reports-error" role="alert">
          <p className="field-error">{error}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void load()}>
            <Icon name="refresh" size={16} /> Retry
          </button>
        </div>
      ) : reports === null ? (
        <Spinner label="Loading reports" />
      ) : reports.length === 0 ? (
        <p className="muted">No open reports. All quiet on the stage.</p>
      ) : (
        <ul className="report-list">
          {reports.map((report) => {
            const { target } = report
            const what = target.kind
            return (
              <li
                key={report._id}
                className="report-item"
                aria-label={
                  target.kind === 'user'
                    ? `Report of ${target.author.username}`
                    : `Report of ${target.author.username}'s ${what}`
                }
              >
                <p className="report-meta small muted">
                  <strong>{report.reporter.username}</strong>{' '}
                  {target.kind === 'user' ? 'reported' : `reported a ${what} by`}{' '}
                  <Link to={`/${target.author.username}`} className="username-link">
                    {target.author.username}
                  </Link>
                  {target.author.suspended ? <span className="badge">suspended</span> : null} ·{' '}
                  <RelativeTime iso={report.createdAt} />
                </p>
                {target.kind === 'user' ? null : target.kind === 'message' ? (
                  <ReportedMessage target={target} />
                ) : (
                  <blockquote className="report-text">
                    <Link to={`/post/${target.postId}`}>{target.text}</Link>
                  </blockquote>
                )}
                <p className="report-reason">
                  <span className="muted">{SCREENS_COPY.report.listedCategory}</span>{' '}
                  <strong>{SCREENS_COPY.report.categories[report.category].label}</strong>
                </p>
                {report.reason ? (
                  <p className="report-reason">
                    <span className="muted">{SCREENS_COPY.report.listedNote}</span> {report.reason}
                  </p>
                ) : null}
                <div className="server-actions">
                  {target.kind === 'user' ? null : (
                    <button
                      type="button"
                      className="btn btn-danger btn-sm"
                      disabled={busy !== null}
                      onClick={() => setAsking({ report, action: 'delete' })}
                    >
                      <Icon name="trash" size={16} /> Delete {what}
                    </button>
                  )}
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    disabled={busy !== null}
                    onClick={() =>
                      target.author.suspended
                        ? void suspend(report)
                        : setAsking({ report, action: 'suspend' })
                    }
                  >
                    <Icon name="shield" size={16} />{' '}
                    {target.author.suspended
                      ? `Lift suspension of ${target.author.username}`
                      : `Suspend ${target.author.username}`}
                  </button>
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    disabled={busy !== null}
                    onClick={() => void dismiss(report)}
                  >
                    <Icon name="check" size={16} /> Dismiss
                  </button>
                </div>
              </li>
            )
          })}
        </ul>
      )}
      {asking ? (
        <ConfirmDialog
          title={
            asking.action === 'delete' && asking.report.target.kind !== 'user'
              ? COPY.host.deleteTitle(asking.report.target.kind)
              : COPY.host.suspendTitle(asking.report.target.author.username)
          }
          text={askingText(asking)}
          confirmLabel={
            asking.action === 'delete' ? `Delete ${asking.report.target.kind}` : COPY.host.suspend
          }
          onConfirm={() =>
            asking.action === 'delete' ? remove(asking.report) : suspend(asking.report)
          }
          onClose={() => setAsking(null)}
        />
      ) : null}
    </section>
  )
}
