import { useSetAtom } from 'jotai'
import { useId, useState } from 'react'
import type { UserSummary } from '../../../shared/api-types'
import { LIMITS } from '../../../shared/limits'
import { REPORT_CATEGORIES, type ReportCategory } from '../../../shared/report-categories'
import { messageOf } from '../lib/notify'
import { fileReportAtom } from '../state/moderation'
import type { ContentTarget } from './ContentMenu'
import { Modal } from './Modal'
import { SCREENS_COPY } from '../copy-screens'

/** What a report is about: a post or comment, or a person (their profile's menu). */
export type ReportedThing =
  | ContentTarget
  | { kind: 'user'; id: string; author: UserSummary }
  /** A conversation's message (MessagesPage): the hosts see it with a few around it. */
  | { kind: 'message'; id: string; author: UserSummary }

/**
 * Asks what is wrong (one of the categories, each with a line saying what it
 * covers) and for an optional note, says what happens next, and files the report for the hosts.
 * Nothing is picked at first: the reporter chooses. Errors show where they belong.
 */
export function ReportDialog({ target, onClose }: { target: ReportedThing; onClose: () => void }) {
  const fileReport = useSetAtom(fileReportAtom)
  const [category, setCategory] = useState<ReportCategory | null>(null)
  const [note, setNote] = useState('')
  const [error, setError] = useState<{ at: 'category' | 'note'; text: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const ids = useId()
  const what = target.kind === 'user' ? target.author.username : target.kind

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    if (!category) {
      setError({ at: 'category', text: SCREENS_COPY.report.chooseOne })
      return
    }
    setBusy(true)
    setError(null)
    try {
      await fileReport(target, category, note.trim())
      onClose()
    } catch (caught) {
      setError({ at: 'note', text: messageOf(caught) })
    } finally {
      setBusy(false)
    }
  }

  const errorId = `${ids}-error`
  const errorText = error ? (
    <p className="field-error" id={errorId} role="alert">
      {error.text}
    </p>
  ) : null

  return (
    <Modal title={SCREENS_COPY.report.title(what)} onClose={onClose}>
      <form
        className="account-form report-form"
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <fieldset
          className="choice-group"
          aria-labelledby={`${ids}-legend`}
          aria-describedby={error?.at === 'category' ? errorId : undefined}
        >
          <legend id={`${ids}-legend`}>{SCREENS_COPY.report.whatsWrong}</legend>
          {REPORT_CATEGORIES.map((value, index) => {
            const { label, hint } = SCREENS_COPY.report.categories[value]
            return (
              <label key={value} className="choice report-choice">
                <input
                  type="radio"
                  name="report-category"
                  value={value}
                  checked={category === value}
                  autoFocus={index === 0}
                  aria-describedby={`${ids}-${value}`}
                  onChange={() => {
                    setCategory(value)
                    if (error?.at === 'category') setError(null)
                  }}
                />
                <span className="report-choice-text">
                  <span>{label}</span>
                  <span className="muted small" id={`${ids}-${value}`}>
                    {hint}
                  </span>
                </span>
              </label>
            )
          })}
        </fieldset>
        {error?.at === 'category' ? errorText : null}
        <label className="field">
          <span>{SCREENS_COPY.report.note}</span>
          <textarea
            name="reason"
            rows={2}
            maxLength={LIMITS.reportReasonMax}
            value={note}
            aria-invalid={error?.at === 'note' ? true : undefined}
            aria-describedby={error?.at === 'note' ? errorId : undefined}
            placeholder={SCREENS_COPY.report.notePlaceholder}
            onChange={(event) => setNote(event.target.value)}
          />
        </label>
        {error?.at === 'note' ? errorText : null}
        <p className="muted small report-next">{SCREENS_COPY.report.whatNext}</p>
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? SCREENS_COPY.report.sending : SCREENS_COPY.report.send}
          </button>
        </div>
      </form>
    </Modal>
  )
}
