import { useEffect, useRef, useState } from 'react'
import type { ClipboardEvent, DragEvent } from 'react'
import { LIMITS } from '../../../shared/limits'
import { useAttachments } from '../state/attachments'
import { AddImagesButton, ImageAttachments } from './ImageAttachments'
import { TextEditor } from './TextEditor'
import { COPY, SPEC_TEXT } from '../copy'
import type { PollInput } from '../api/polls'
import { useServerFeature } from '../state/server-features'
import { Icon } from './Icon'
import { readDraftPoll, writeDraftPoll } from '../lib/drafts'
import { useDownloadedDraft } from '../lib/use-downloaded-draft'
import { NEW_POLL, PollEditor, toPollInput, type PollDraft } from './PollEditor'
import type { MediaGoneRefusal } from '../state/posts'
import { SCREENS_COPY } from '../copy-screens'

interface NewPostEditorProps {
  draftKey?: string
  onDirtyChange: (dirty: boolean) => void
  /**
   * Resolves to null once the server accepted the post, else to why not: a sentence, or which of
   * its media are gone (MEDIA_GONE), which the editor shows as lost and names.
   */
  onSubmit: (
    text: string,
    media: { id: string; alt: string }[],
    poll?: PollInput,
  ) => Promise<string | MediaGoneRefusal | null>
}

/**
 * The New Post form: text and up to four images (button, paste or drop), each with alt text, or
 * a poll instead of images (docs/API.md "Polls": not both) when the server has polls.
 */
export function NewPostEditor({ draftKey, onDirtyChange, onSubmit }: NewPostEditorProps) {
  const clips = useServerFeature('clips')
  const attachments = useAttachments({ draftKey, clips })
  const pollsSupported = useServerFeature('polls')
  const pollMinutes = useServerFeature('poll-changes')
  // A draft keeps the poll being written, as it keeps text and media (lib/drafts.ts).
  const [poll, setPoll] = useState<PollDraft | null>(() =>
    draftKey ? readDraftPoll(draftKey) : null,
  )
  const firstPollSave = useRef(true)
  // Whether the poll was changed here since the composer opened (TextEditor's typed text alike).
  const pollChangedHere = useRef(false)
  const changePoll = (next: PollDraft | null) => {
    pollChangedHere.current = true
    setPoll(next)
  }
  // As the text (TextEditor): the draft's poll as downloaded, written on another device or gone
  // with a draft posted there, unless the poll was changed here.
  useDownloadedDraft(draftKey, (key) => {
    if (pollChangedHere.current) return
    setPoll((now) => {
      const downloaded = readDraftPoll(key)
      // Taken as it is kept: not saved again as this device's own change.
      if (downloaded !== null || now !== null) firstPollSave.current = true
      return downloaded
    })
  })
  useEffect(() => {
    if (!draftKey) return
    // Mounting writes nothing: the draft is what was read.
    if (firstPollSave.current) {
      firstPollSave.current = false
      return
    }
    writeDraftPoll(draftKey, poll)
  }, [draftKey, poll])
  const [showPollErrors, setShowPollErrors] = useState(false)
  const [dragging, setDragging] = useState(false)
  const [textDirty, setTextDirty] = useState(false)
  const attachedCount = attachments.items.length
  useEffect(
    () => onDirtyChange(textDirty || attachedCount > 0 || poll !== null),
    [textDirty, attachedCount, poll, onDirtyChange],
  )
  const hasImages = attachments.refs.length > 0

  const submit = async (text: string): Promise<string | null> => {
    if (!poll) {
      // A draft's lost uploads are not sent: the player removes them (or attaches them again).
      if (attachments.lostNames.length > 0)
        return SCREENS_COPY.attachments.lostRefusal(attachments.lostNames)
      const outcome = await onSubmit(text, attachments.refs)
      if (outcome === null || typeof outcome === 'string') return outcome
      const names = attachments.markLost(outcome.missingMedia)
      return names.length > 0 ? SCREENS_COPY.attachments.lostRefusal(names) : outcome.message
    }
    const input = toPollInput(poll, pollMinutes)
    if (!input) {
      setShowPollErrors(true)
      // Focus the first option with a problem, so the keyboard lands where the fix is.
      requestAnimationFrame(() =>
        document.querySelector<HTMLInputElement>('.poll-editor [aria-invalid="true"]')?.focus(),
      )
      return COPY.poll.checkOptions
    }
    const outcome = await onSubmit(text, [], input)
    return outcome === null || typeof outcome === 'string' ? outcome : outcome.message
  }

  const onPaste = (event: ClipboardEvent) => {
    if (poll) return
    const files = [...event.clipboardData.files]
    if (files.length > 0) {
      event.preventDefault()
      attachments.add(files)
    }
  }
  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    if (poll) return
    attachments.add([...event.dataTransfer.files])
  }

  return (
    <div
      className={`new-post-editor${dragging ? ' dragging' : ''}`}
      onPaste={onPaste}
      onDragOver={(event) => {
        if (!poll && [...event.dataTransfer.types].includes('Files')) {
          event.preventDefault()
          setDragging(true)
        }
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <TextEditor
        label="Post text"
        placeholder={SPEC_TEXT.postPlaceholder}
        max={LIMITS.postMax}
        submitLabel="Post"
        pendingLabel="Posting…"
        rows={6}
        autoFocus
        draftKey={draftKey}
        allowEmpty={hasImages}
        blocked={attachments.uploading}
        onDirtyChange={setTextDirty}
        onSubmit={submit}
        footerStart={
          <>
            {poll ? null : <AddImagesButton state={attachments} />}
            {pollsSupported ? (
              <button
                type="button"
                className={`icon-btn${poll ? ' active' : ''}`}
                aria-label={poll ? COPY.poll.removePoll : COPY.poll.addPoll}
                aria-pressed={poll !== null}
                title={attachedCount > 0 ? COPY.poll.notWithImages : COPY.poll.addPoll}
                disabled={attachedCount > 0}
                onClick={() => {
                  setShowPollErrors(false)
                  changePoll(poll ? null : NEW_POLL)
                  if (!poll) {
                    requestAnimationFrame(() =>
                      document.querySelector<HTMLInputElement>('[data-poll-option="0"]')?.focus(),
                    )
                  }
                }}
              >
                <Icon name="poll" size={20} />
              </button>
            ) : null}
          </>
        }
      >
        <ImageAttachments state={attachments} hint={!poll} />
        {poll ? (
          <PollEditor
            value={poll}
            onChange={changePoll}
            onRemove={() => changePoll(null)}
            showAll={showPollErrors}
          />
        ) : null}
      </TextEditor>
    </div>
  )
}
