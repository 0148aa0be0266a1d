import { useSetAtom } from 'jotai'
import { useRef, useState } from 'react'
import type { ConversationMessage } from '../../../shared/conversation-types'
import { canonicalReaction, reactionOf, type Reaction } from '../../../shared/reactions'
import { COPY } from '../copy'
import { MESSAGE_MEDIA_COPY } from '../copy-messages'
import { lazyComponent } from '../lib/lazy-component'
import { messageOf, notifyError } from '../lib/notify'
import { formatCount } from '../lib/relative-time'
import { reactToMessageAtom } from '../state/conversation-extras'
import { useServerFeature } from '../state/server-features'
import { LazyEmojiPicker } from './emoji/LazyEmojiPicker'
import { Icon } from './Icon'
import '../styles/shares.css'

/** The post's quick six, opened by a click: not part of the first load. */
const ReactionPicker = lazyComponent(() =>
  import('./shares/ReactionPicker').then((module) => module.ReactionPicker),
)

/** Adds or takes back the viewer's reaction on a message; a refusal is said in a toast. */
function useToggle(message: ConversationMessage) {
  const react = useSetAtom(reactToMessageAtom)
  const mine = new Set(message.reactions.mine)
  const toggle = (reaction: Reaction, on = !mine.has(reaction)) =>
    void react({
      conversationId: message.conversationId,
      messageId: message._id,
      reaction,
      on,
    }).catch((error: unknown) => notifyError(messageOf(error)))
  return { mine, toggle }
}

/**
 * A message's reactions (docs/API.md, "Conversations"): a chip per emoji with its count, as on
 * posts (ReactionBar's look); a click adds or takes back one's own. Nothing while there are none.
 */
export function MessageReactionChips({ message }: { message: ConversationMessage }) {
  const { mine, toggle } = useToggle(message)
  if (message.reactions.counts.length === 0) return null
  return (
    <div className="reaction-bar message-reactions" aria-label={MESSAGE_MEDIA_COPY.reactionsLabel}>
      {message.reactions.counts.map(({ reaction, count }) => {
        const { emoji, label } = reactionOf(reaction)
        const own = mine.has(reaction)
        return (
          <button
            key={reaction}
            type="button"
            className={`reaction-chip${own ? ' active' : ''}`}
            aria-pressed={own}
            aria-label={COPY.reactions.chipLabel(label, count, own)}
            onClick={() => toggle(reaction)}
          >
            <span aria-hidden="true">{emoji}</span>
            <span className="count" aria-hidden="true">
              {formatCount(count)}
            </span>
          </button>
        )
      })}
    </div>
  )
}

/**
 * The reaction button among a message's actions, always shown (a phone has no hover): the
 * post's quick picker, then the full emoji picker.
 */
export function MessageReactButton({ message }: { message: ConversationMessage }) {
  const { mine, toggle } = useToggle(message)
  const anyEmoji = useServerFeature('any-emoji')
  const [picking, setPicking] = useState<'quick' | 'all' | null>(null)
  const triggerRef = useRef<HTMLButtonElement>(null)
  const pick = (reaction: Reaction) => {
    toggle(reaction)
    setPicking(null)
    triggerRef.current?.focus()
  }
  return (
    <span className="reaction-picker-anchor emoji-anchor">
      <button
        ref={triggerRef}
        type="button"
        className="link-btn small message-react"
        aria-label={MESSAGE_MEDIA_COPY.react}
        title={MESSAGE_MEDIA_COPY.react}
        aria-haspopup="menu"
        aria-expanded={picking !== null}
        onClick={() => setPicking((open) => (open ? null : 'quick'))}
      >
        <Icon name="smile" size={16} />
      </button>
      {picking === 'quick' ? (
        <ReactionPicker
          mine={mine}
          onPick={pick}
          onMore={anyEmoji ? () => setPicking('all') : null}
          onClose={() => {
            setPicking(null)
            triggerRef.current?.focus()
          }}
        />
      ) : null}
      {picking === 'all' ? (
        <LazyEmojiPicker
          label={COPY.reactions.moreTitle}
          returnTo={triggerRef}
          onClose={() => setPicking(null)}
          onPick={(emoji) => pick(canonicalReaction(emoji))}
        />
      ) : null}
    </span>
  )
}
