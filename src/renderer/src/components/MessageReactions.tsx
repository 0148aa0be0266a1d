import { useSetAtom } from 'jotai'
import type { ConversationMessage } from '../../../shared/conversation-types'
import type { Reaction } from '../../../shared/reactions'
import { MESSAGE_MEDIA_COPY } from '../copy-messages'
import { messageOf, notifyError } from '../lib/notify'
import { reactToMessageAtom } from '../state/conversation-extras'
import { ReactionChip, ReactionPickerButton } from './shares/ReactionBar'
import '../styles/shares.css'

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
      {message.reactions.counts.map(({ reaction, count }) => (
        <ReactionChip
          key={reaction}
          reaction={reaction}
          count={count}
          own={mine.has(reaction)}
          onToggle={() => toggle(reaction)}
        />
      ))}
    </div>
  )
}

/**
 * The reaction button among a message's actions, always shown (a phone has no hover): the
 * post's quick picker, then the full emoji picker.
 */
export function MessageReactButton({ message }: { message: ConversationMessage }) {
  const { mine, toggle } = useToggle(message)
  return (
    <ReactionPickerButton
      mine={mine}
      onToggle={(reaction) => toggle(reaction)}
      label={MESSAGE_MEDIA_COPY.react}
      className="link-btn small message-react"
      iconSize={16}
    />
  )
}
