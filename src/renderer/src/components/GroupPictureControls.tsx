import { useSetAtom } from 'jotai'
import { useRef, useState } from 'react'
import type { Conversation } from '../../../shared/conversation-types'
import { MESSAGE_MEDIA_COPY } from '../copy-messages'
import { messageOf, notifyError, notifySuccess } from '../lib/notify'
import { setGroupPictureAtom } from '../state/conversation-extras'
import { ATTACHABLE_IMAGES } from '../state/attachments'
import { Icon } from './Icon'

const WORDS = MESSAGE_MEDIA_COPY.picture

/**
 * A group's picture, for its creator (docs/API.md, "Conversations"): pick a file to set or change
 * it (the server checks it as a profile picture), or remove it. Every member sees it live.
 */
export function GroupPictureControls({ conversation }: { conversation: Conversation }) {
  const change = useSetAtom(setGroupPictureAtom)
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  const run = async (file: File | null) => {
    setBusy(true)
    try {
      await change({ conversationId: conversation._id, file })
      notifySuccess(file ? WORDS.changed : WORDS.removed)
    } catch (error) {
      notifyError(messageOf(error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <span className="group-picture-controls">
      <button
        type="button"
        className="icon-btn"
        aria-label={conversation.pictureUrl ? WORDS.change : WORDS.add}
        title={conversation.pictureUrl ? WORDS.change : WORDS.add}
        disabled={busy}
        onClick={() => input.current?.click()}
      >
        <Icon name="camera" size={18} />
      </button>
      <input
        ref={input}
        type="file"
        accept={ATTACHABLE_IMAGES.join(',')}
        className="visually-hidden"
        tabIndex={-1}
        aria-label={WORDS.files}
        onChange={(event) => {
          const file = event.target.files?.[0]
          event.target.value = ''
          if (file) void run(file)
        }}
      />
      {conversation.pictureUrl ? (
        <button
          type="button"
          className="icon-btn"
          aria-label={WORDS.remove}
          title={WORDS.remove}
          disabled={busy}
          onClick={() => void run(null)}
        >
          <Icon name="trash" size={18} />
        </button>
      ) : null}
    </span>
  )
}
