import { atom, useAtomValue, useSetAtom } from 'jotai'
import { useMemo, useRef, useState } from 'react'
import type { Post } from '../../../../shared/api-types'
import { canonicalReaction, reactionOf, type Reaction } from '../../../../shared/reactions'
import { COPY } from '../../copy'
import '../../styles/shares.css'
import { formatCount } from '../../lib/relative-time'
import { userAtom } from '../../state/auth'
import { useServerFeature } from '../../state/server-features'
import { reactionToggleAtom, shownReactions } from '../../state/shares'
import { Icon } from '../Icon'
import { plainPart } from '../PostText'
import { lazyComponent } from '../../lib/lazy-component'
import { LazyEmojiPicker } from '../emoji/LazyEmojiPicker'

/** The quick six, opened by a click: not part of the first load. */
const ReactionPicker = lazyComponent(() =>
  import('./ReactionPicker').then((module) => module.ReactionPicker),
)

/** Opened by a click: not part of the first load. */
const ReactorsDialog = lazyComponent(() =>
  import('./ReactorsDialog').then((module) => module.ReactorsDialog),
)

/** The viewer's reactions to a post as shown (pending clicks drawn in), and the toggle. */
function useReactions(post: Post) {
  const view = useMemo(() => atom((get) => shownReactions(get, post)), [post])
  const reactions = useAtomValue(view)
  const toggle = useSetAtom(reactionToggleAtom)
  const react = (reaction: Reaction, on?: boolean) =>
    void toggle({ postId: post._id, reaction }, on ?? ((shown) => !shown))
  return { reactions, mine: new Set(reactions.mine), react }
}

/**
 * A post's emoji reactions (docs/API.md, "Emoji reactions"): a chip per emoji with a count (a
 * click adds or takes back one's own) and "Who reacted"; nothing while there are none. Only on a
 * server with reactions. The picker is ReactionAddButton, in the post's actions.
 */
export function ReactionBar({ post }: { post: Post }) {
  const supported = useServerFeature('reactions')
  const me = useAtomValue(userAtom)
  const { reactions, mine, react } = useReactions(post)
  const [listing, setListing] = useState<Reaction | null>(null)
  if (!supported || reactions.counts.length === 0) return null

  return (
    <div className="reaction-bar">
      {reactions.counts.map(({ reaction, count }) => (
        <ReactionChip
          key={reaction}
          reaction={reaction}
          count={count}
          own={mine.has(reaction)}
          disabled={!me}
          onToggle={() => react(reaction)}
        />
      ))}
      <button
        type="button"
        className="reaction-who link-btn"
        onClick={() => setListing(reactions.counts[0]?.reaction ?? 'fire')}
      >
        {COPY.reactions.whoReacted}
      </button>
      {listing ? (
        <ReactorsDialog
          postId={post._id}
          counts={reactions.counts}
          first={listing}
          onClose={() => setListing(null)}
        />
      ) : null}
    </div>
  )
}

/** "Add a reaction" in a post's actions: the quick six, then the full picker. */
export function ReactionAddButton({ post }: { post: Post }) {
  const supported = useServerFeature('reactions')
  const me = useAtomValue(userAtom)
  const { mine, react } = useReactions(post)
  if (!supported || !me) return null
  return (
    <ReactionPickerButton
      mine={mine}
      onToggle={(reaction) => react(reaction, !mine.has(reaction))}
      label={COPY.reactions.add}
      className="action-btn reaction-add"
      iconSize={19}
    />
  )
}

/**
 * One reaction's chip (a post's or a message's): its emoji (a custom one drawn as its image, as
 * in text) and count; a click adds or takes back one's own.
 */
export function ReactionChip({
  reaction,
  count,
  own,
  disabled = false,
  onToggle,
}: {
  reaction: Reaction
  count: number
  own: boolean
  disabled?: boolean
  onToggle: () => void
}) {
  const { emoji, label } = reactionOf(reaction)
  return (
    <button
      type="button"
      className={`reaction-chip${own ? ' active' : ''}`}
      aria-pressed={own}
      aria-label={COPY.reactions.chipLabel(label, count, own)}
      disabled={disabled}
      onClick={onToggle}
    >
      <span aria-hidden="true">{plainPart(emoji, 0)}</span>
      <span className="count" aria-hidden="true">
        {formatCount(count)}
      </span>
    </button>
  )
}

/**
 * The button that opens the quick six (ReactionPicker), then the full emoji picker ("More
 * emoji", on a server with any emoji); a pick toggles that reaction and gives the focus back.
 */
export function ReactionPickerButton({
  mine,
  onToggle,
  label,
  className,
  iconSize,
}: {
  mine: ReadonlySet<Reaction>
  onToggle: (reaction: Reaction) => void
  label: string
  className: string
  iconSize: number
}) {
  const anyEmoji = useServerFeature('any-emoji')
  /** The quick six, or the full picker ("More emoji"). */
  const [picking, setPicking] = useState<'quick' | 'all' | null>(null)
  const triggerRef = useRef<HTMLButtonElement>(null)
  const toggle = (reaction: Reaction) => {
    onToggle(reaction)
    setPicking(null)
    triggerRef.current?.focus()
  }
  return (
    <span className="reaction-picker-anchor emoji-anchor">
      <button
        ref={triggerRef}
        type="button"
        className={className}
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={picking !== null}
        onClick={() => setPicking((open) => (open ? null : 'quick'))}
      >
        <Icon name="smile" size={iconSize} />
      </button>
      {picking === 'quick' ? (
        <ReactionPicker
          mine={mine}
          onPick={toggle}
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
          onPick={(emoji) => toggle(canonicalReaction(emoji))}
        />
      ) : null}
    </span>
  )
}
