import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import type { ConversationMessage } from '../../../shared/conversation-types'
import { CONVERSATION_LIMITS, MESSAGE_TOO_LONG } from '../../../shared/conversation-schemas'
import { clearDraft, draftKey, readDraft, writeDraft } from '../lib/drafts'
import { useDownloadedDraft } from '../lib/use-downloaded-draft'
import { insertAtCaret } from '../lib/insert-text'
import { messageOf, notifyError } from '../lib/notify'
import { EmojiButton } from './emoji/EmojiButton'
import { userAtom } from '../state/auth'
import { sendTypingAtom, typingDoneAtom } from '../state/conversation-talk'
import { editMessageAtom, sendMessageAtom } from '../state/conversations'
import { useAttachments } from '../state/attachments'
import { useServerFeature } from '../state/server-features'
import { AddImagesButton, ImageAttachments } from './ImageAttachments'
import type { ApiError } from '../api/client'
import { SCREENS_COPY } from '../copy-screens'

/**
 * The field under a conversation (MessagesPage): writes a message, a reply (`replyTo`) or an edit
 * (`editing`). Enter sends, Shift+Enter starts a new line. Messages sent in a row go in order,
 * and one the server refuses comes back to the field with the reason in a toast.
 *
 * What is being written (not an edit) is a draft of the slot `message:<conversationId>`
 * (lib/drafts.ts), which follows the user to their other devices (state/draft-sync.ts) until it
 * is sent; typing says "typing…" to the others, at most every few seconds (state/conversation-talk.ts).
 */
export function MessageComposer({
  conversationId,
  replyTo,
  editing,
  onDone,
}: {
  conversationId: string
  replyTo: ConversationMessage | null
  editing: ConversationMessage | null
  onDone: () => void
}) {
  const send = useSetAtom(sendMessageAtom)
  const edit = useSetAtom(editMessageAtom)
  const typing = useSetAtom(sendTypingAtom)
  const typingDone = useSetAtom(typingDoneAtom)
  const me = useAtomValue(userAtom)?._id
  const slot = me ? draftKey(me, `message:${conversationId}`) : null
  const [text, setText] = useState(() => (slot ? readDraft(slot) : ''))
  /** Something was typed here since the composer opened: a draft from elsewhere waits. */
  const typed = useRef(false)
  const editingRef = useRef(editing)
  editingRef.current = editing
  useDownloadedDraft(slot, (key) => {
    if (!typed.current && !editingRef.current) setText(readDraft(key))
  })
  /** The field's text changed by the user: kept as the draft unless it is an edit. */
  const change = (value: string) => {
    typed.current = true
    setText(value)
    if (editing) return
    if (slot) writeDraft(slot, value)
    if (me && value.trim()) typing(conversationId)
  }
  // An edit borrows the field: the draft comes back when it is done.
  const restoreDraft = () => setText(slot ? readDraft(slot) : '')
  const [busy, setBusy] = useState(false)
  const field = useRef<HTMLTextAreaElement>(null)
  useEffect(() => {
    if (editing) setText(editing.text)
    if (editing || replyTo) field.current?.focus()
  }, [editing, replyTo])
  // Pictures and clips, as a post's composer attaches them (state/attachments.ts).
  const attachments = useAttachments({ clips: useServerFeature('clips') })
  const trimmed = text.trim()
  const tooLong = trimmed.length > CONVERSATION_LIMITS.messageMax
  const withMedia = !editing && attachments.items.length > 0
  const canSend =
    (trimmed.length > 0 || (withMedia && attachments.refs.length > 0)) &&
    !tooLong &&
    !busy &&
    !(withMedia && (attachments.uploading || attachments.hasFailed))
  /** Messages on their way, one after another: the order they were sent in is the order kept. */
  const sending = useRef<Promise<void>>(Promise.resolve())
  const submit = async (event?: FormEvent) => {
    event?.preventDefault()
    if (!canSend) return
    if (withMedia) {
      await sendWithMedia()
      return
    }
    if (editing) {
      setBusy(true)
      try {
        await edit({ conversationId, messageId: editing._id, text: trimmed })
        restoreDraft()
        onDone()
      } catch (error) {
        notifyError(messageOf(error))
      } finally {
        setBusy(false)
      }
      return
    }
    // The field empties at once, for the next message, as in any chat. Clearing it only once
    // the answer came wiped what had been typed meanwhile: a second message, typed and sent
    // while the first was on its way, was refused as busy and then erased.
    const message = { conversationId, text: trimmed, replyTo: replyTo?._id }
    setText('')
    if (slot) clearDraft(slot)
    typingDone(conversationId)
    onDone()
    const turn = sending.current.then(async () => {
      try {
        await send(message)
      } catch (error) {
        notifyError(messageOf(error))
        // Nothing typed is lost: a message that could not go comes back to the field, before
        // whatever was typed since.
        setText((now) => {
          const back = now.trim() ? `${message.text}\n${now}` : message.text
          if (slot) writeDraft(slot, back)
          return back
        })
      }
    })
    sending.current = turn
    await turn
  }
  /**
   * A message with pictures or clips waits for its answer before the field and the attachments
   * empty: one the server refuses keeps them, a lost upload marked (MEDIA_GONE) to remove.
   */
  const sendWithMedia = async () => {
    if (attachments.lostNames.length > 0) {
      notifyError(SCREENS_COPY.attachments.lostRefusal(attachments.lostNames))
      return
    }
    setBusy(true)
    try {
      await sending.current
      await send({ conversationId, text: trimmed, replyTo: replyTo?._id, media: attachments.refs })
      setText('')
      if (slot) clearDraft(slot)
      typingDone(conversationId)
      attachments.clear()
      onDone()
    } catch (error) {
      const missing = (error as Partial<ApiError> | null)?.missingMedia ?? []
      const lost = missing.length > 0 ? attachments.markLost(missing) : []
      notifyError(lost.length > 0 ? SCREENS_COPY.attachments.lostRefusal(lost) : messageOf(error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <form
      className="message-composer"
      onSubmit={(event) => void submit(event)}
      onPaste={(event) => {
        const files = [...event.clipboardData.files]
        if (editing || files.length === 0) return
        event.preventDefault()
        attachments.add(files)
      }}
    >
      {replyTo || editing ? (
        <p className="message-composer-context small muted">
          <bdi>
            {editing
              ? 'Editing your message'
              : `Replying to ${replyTo?.author.username ?? ''}: ${replyTo?.text.slice(0, 80) ?? ''}`}
          </bdi>
          <button
            type="button"
            className="link-btn small"
            onClick={() => {
              if (editing) restoreDraft()
              onDone()
            }}
          >
            Cancel
          </button>
        </p>
      ) : null}
      <div className="message-composer-row">
        <label htmlFor="message-field" className="visually-hidden">
          Message
        </label>
        <textarea
          id="message-field"
          ref={field}
          className="input message-field"
          rows={2}
          placeholder="Write a message"
          value={text}
          aria-invalid={tooLong || undefined}
          onChange={(event) => change(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault()
              void submit()
            }
          }}
        />
        {editing ? null : <AddImagesButton state={attachments} />}
        <EmojiButton onPick={(emoji) => change(insertAtCaret(field.current, text, emoji))} />
        <button type="submit" className="btn btn-primary" disabled={!canSend}>
          {editing ? 'Save' : 'Send'}
        </button>
      </div>
      {editing ? null : <ImageAttachments state={attachments} />}
      {tooLong ? (
        <p className="small form-error" role="alert">
          {MESSAGE_TOO_LONG}
        </p>
      ) : null}
    </form>
  )
}
