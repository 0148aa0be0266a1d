/**
 * The Edit Post dialog: the text, and the post's poll while nobody has
 * voted in it: its options and length can change (a new end counted from the save) or the poll
 * can go (docs/API.md "Polls", Editing). Once someone voted, it says why the poll stays as it is.
 */
import { useEffect, useState } from 'react'
import type { PostPoll } from '../../../shared/api-types'
import { LIMITS, POLL_DURATIONS_MINUTES, type PollDurationMinutes } from '../../../shared/limits'
import type { PollInput } from '../api/polls'
import { COPY, SPEC_TEXT } from '../copy'
import { offeredLength } from '../lib/poll-lengths'
import { useServerFeature } from '../state/server-features'
import { PollEditor, toPollInput, type PollDraft } from './PollEditor'
import { TextEditor, type SubmitOutcome } from './TextEditor'
import { SCREENS_COPY } from '../copy-screens'

/** The poll to send with the edit: left out (kept), replaced, or removed (null). */
export type PollEdit = { kind: 'keep' } | { kind: 'set'; poll: PollInput } | { kind: 'remove' }

/**
 * The shortest length that still covers the time the poll has left (7 days at most), in minutes;
 * the editor offers the nearest the server takes (lib/poll-lengths.ts).
 */
export function durationFor(endsAt: string, now = Date.now()): PollDurationMinutes {
  return offeredLength((Date.parse(endsAt) - now) / 60_000, POLL_DURATIONS_MINUTES)
}

/** Whether the author may still change or remove the poll: open and nobody has voted. */
export const pollEditable = (poll: PostPoll) => poll.voterCount === 0 && !poll.ended

interface EditPostEditorProps {
  content: string
  poll: PostPoll | null
  onDirtyChange: (dirty: boolean) => void
  onSubmit: (text: string, poll: PollEdit) => Promise<SubmitOutcome>
}

export function EditPostEditor({ content, poll, onDirtyChange, onSubmit }: EditPostEditorProps) {
  const editable = poll !== null && pollEditable(poll)
  const pollMinutes = useServerFeature('poll-changes')
  const [draft, setDraft] = useState<PollDraft | null>(() =>
    poll
      ? { options: poll.options.map((o) => o.text), durationMinutes: durationFor(poll.endsAt) }
      : null,
  )
  const [touched, setTouched] = useState(false)
  const [showErrors, setShowErrors] = useState(false)
  const [textDirty, setTextDirty] = useState(false)
  useEffect(() => onDirtyChange(textDirty || touched), [textDirty, touched, onDirtyChange])

  const change = (next: PollDraft | null) => {
    setDraft(next)
    setTouched(true)
  }

  const submit = (text: string): Promise<SubmitOutcome> => {
    if (!editable || !touched) return onSubmit(text, { kind: 'keep' })
    if (!draft) return onSubmit(text, { kind: 'remove' })
    const input = toPollInput(draft, pollMinutes)
    if (!input) {
      setShowErrors(true)
      requestAnimationFrame(() =>
        document.querySelector<HTMLInputElement>('.poll-editor [aria-invalid="true"]')?.focus(),
      )
      return Promise.resolve(COPY.poll.checkOptions)
    }
    return onSubmit(text, { kind: 'set', poll: input })
  }

  return (
    <TextEditor
      label="Post text"
      placeholder={SPEC_TEXT.postPlaceholder}
      initial={content}
      max={LIMITS.postMax}
      submitLabel="Save"
      pendingLabel="Saving…"
      rows={6}
      autoFocus
      onDirtyChange={setTextDirty}
      onSubmit={submit}
    >
      {poll && !editable ? (
        <p className="poll-edit-note" role="note">
          {poll.ended ? SCREENS_COPY.pollEdit.ended : SCREENS_COPY.pollEdit.locked(poll.voterCount)}
        </p>
      ) : null}
      {editable && draft ? (
        <>
          <PollEditor
            value={draft}
            onChange={change}
            onRemove={() => change(null)}
            showAll={showErrors}
          />
          {touched ? <p className="poll-edit-note">{SCREENS_COPY.pollEdit.restarts}</p> : null}
        </>
      ) : null}
      {editable && !draft ? (
        <p className="poll-edit-note" role="status">
          {SCREENS_COPY.pollEdit.removed}{' '}
          <button
            type="button"
            className="link-btn"
            onClick={() => {
              setDraft({
                options: poll.options.map((o) => o.text),
                durationMinutes: durationFor(poll.endsAt),
              })
              setTouched(false)
            }}
          >
            {SCREENS_COPY.pollEdit.keep}
          </button>
        </p>
      ) : null}
    </TextEditor>
  )
}
