import { useRef, useState } from 'react'
import { Icon } from '../Icon'
import { LazyEmojiPicker } from './LazyEmojiPicker'
import { SCREENS_COPY } from '../../copy-screens'

/**
 * "Add an emoji" beside a text field (posts, comments, messages): opens the picker; the emoji
 * picked goes to `onPick` (the field puts it at the caret, lib/insert-text.ts) and the picker closes.
 */
export function EmojiButton({ onPick }: { onPick: (emoji: string) => void }) {
  const [open, setOpen] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  return (
    <span className="emoji-anchor">
      <button
        ref={buttonRef}
        type="button"
        className="icon-btn emoji-insert"
        aria-label={SCREENS_COPY.emoji.insert}
        title={SCREENS_COPY.emoji.insert}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen((was) => !was)}
      >
        <Icon name="smile" size={18} />
      </button>
      {open ? (
        <LazyEmojiPicker
          label={SCREENS_COPY.emoji.insert}
          returnTo={buttonRef}
          onClose={() => setOpen(false)}
          onPick={(emoji) => {
            setOpen(false)
            onPick(emoji)
          }}
        />
      ) : null}
    </span>
  )
}
