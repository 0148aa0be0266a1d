import { useSetAtom } from 'jotai'
import { useState } from 'react'
import { LIMITS } from '../../../shared/limits'
import { messageOf } from '../lib/notify'
import { fileReportAtom } from '../state/moderation'
import type { UserSummary } from '../../../shared/api-types'
import type { ContentTarget } from './ContentMenu'
import { Modal } from './Modal'

/** What a report is about: a post or comment, or a person (issue 44: their profile's menu). */
export type ReportedThing = ContentTarget | { kind: 'user'; id: string; author: UserSummary }

/** Asks for a short reason and files the report for the host. Errors show at the field. */
export function ReportDialog({ target, onClose }: { target: ReportedThing; onClose: () => void }) {
  const fileReport = useSetAtom(fileReportAtom)
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const what = target.kind === 'user' ? target.author.username : target.kind

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    if (!reason.trim()) {
      setError('Say in a few words what is wrong.')
      return
    }
    setBusy(true)
    setError(null)
    try {
      await fileReport(target, reason.trim())
      onClose()
    } catch (caught) {
      setError(messageOf(caught))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal title={`Report ${what}`} onClose={onClose}>
      <form className="account-form" onSubmit={(event) => void submit(event)} noValidate>
        <label className="field">
          <span>Reason</span>
          <textarea
            name="reason"
            rows={3}
            maxLength={LIMITS.reportReasonMax}
            value={reason}
            autoFocus
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'report-error' : undefined}
            placeholder={
              target.kind === 'user' ? 'What is wrong?' : `What is wrong with this ${what}?`
            }
            onChange={(event) => setReason(event.target.value)}
          />
        </label>
        {error ? (
          <p className="field-error" id="report-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Sending…' : 'Send report'}
          </button>
        </div>
      </form>
    </Modal>
  )
}
