import { atom, useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useMemo, useRef, useState } from 'react'
import type { KeyboardEvent } from 'react'
import type { Post } from '../../../../shared/api-types'
import { REACTIONS, reactionOf, type ReactionKey } from '../../../../shared/reactions'
import { COPY } from '../../copy'
import '../../styles/shares.css'
import { formatCount } from '../../lib/relative-time'
import { userAtom } from '../../state/auth'
import { useServerFeature } from '../../state/server-features'
import { reactionToggleAtom, shownReactions } from '../../state/shares'
import { Icon } from '../Icon'
import { lazyComponent } from '../../lib/lazy-component'

/** Opened by a click: not part of the first load. */
const ReactorsDialog = lazyComponent(() =>
  import('./ReactorsDialog').then((module) => module.ReactorsDialog),
)

/** The viewer's reactions to a post as shown (pending clicks drawn in), and the toggle. */
function useReactions(post: Post) {
  const view = useMemo(() => atom((get) => shownReactions(get, post)), [post])
  const reactions = useAtomValue(view)
  const toggle = useSetAtom(reactionToggleAtom)
  const react = (reaction: ReactionKey, on?: boolean) =>
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
  const [listing, setListing] = useState<ReactionKey | null>(null)
  if (!supported || reactions.counts.length === 0) return null

  return (
    <div className="reaction-bar">
      {reactions.counts.map(({ reaction, count }) => {
        const { emoji, label } = reactionOf(reaction)
        const own = mine.has(reaction)
        return (
          <button
            key={reaction}
            type="button"
            className={`reaction-chip${own ? ' active' : ''}`}
            aria-pressed={own}
            aria-label={COPY.reactions.chipLabel(label, count, own)}
            disabled={!me}
            onClick={() => react(reaction)}
          >
            <span aria-hidden="true">{emoji}</span>
            <span className="count" aria-hidden="true">
              {formatCount(count)}
            </span>
          </button>
        )
      })}
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

/** "Add a reaction" in a post's actions: opens the picker of the fixed list. */
export function ReactionAddButton({ post }: { post: Post }) {
  const supported = useServerFeature('reactions')
  const me = useAtomValue(userAtom)
  const { mine, react } = useReactions(post)
  const [picking, setPicking] = useState(false)
  const triggerRef = useRef<HTMLButtonElement>(null)
  if (!supported || !me) return null
  return (
    <span className="reaction-picker-anchor">
      <button
        ref={triggerRef}
        type="button"
        className="action-btn reaction-add"
        aria-label={COPY.reactions.add}
        title={COPY.reactions.add}
        aria-haspopup="menu"
        aria-expanded={picking}
        onClick={() => setPicking((open) => !open)}
      >
        <Icon name="smile" size={19} />
      </button>
      {picking ? (
        <ReactionPicker
          mine={mine}
          onPick={(reaction) => {
            react(reaction, !mine.has(reaction))
            setPicking(false)
            triggerRef.current?.focus()
          }}
          onClose={() => {
            setPicking(false)
            triggerRef.current?.focus()
          }}
        />
      ) : null}
    </span>
  )
}

/**
 * The fixed list as a menu of checkable items: arrow keys move (wrapping), Home and End jump,
 * Enter or Space picks, Escape or Tab closes; focus starts on the first item.
 */
function ReactionPicker({
  mine,
  onPick,
  onClose,
}: {
  mine: ReadonlySet<ReactionKey>
  onPick: (reaction: ReactionKey) => void
  onClose: () => void
}) {
  const itemsRef = useRef<(HTMLButtonElement | null)[]>([])
  const menuRef = useRef<HTMLDivElement>(null)
  useEffect(() => itemsRef.current[0]?.focus(), [])
  useEffect(() => {
    const away = (event: MouseEvent) => {
      if (!menuRef.current?.parentElement?.contains(event.target as Node)) onClose()
    }
    document.addEventListener('mousedown', away)
    return () => document.removeEventListener('mousedown', away)
  }, [onClose])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = itemsRef.current.filter((item): item is HTMLButtonElement => item !== null)
    const at = items.indexOf(document.activeElement as HTMLButtonElement)
    const move = (to: number) => {
      event.preventDefault()
      items[(to + items.length) % items.length]?.focus()
    }
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') move(at + 1)
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') move(at - 1)
    else if (event.key === 'Home') move(0)
    else if (event.key === 'End') move(items.length - 1)
    else if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      onClose()
    } else if (event.key === 'Tab') onClose()
  }

  return (
    <div
      ref={menuRef}
      className="reaction-picker"
      role="menu"
      aria-label={COPY.reactions.pickerLabel}
      aria-orientation="horizontal"
      onKeyDown={onKeyDown}
    >
      {REACTIONS.map(({ key, emoji, label }, index) => (
        <button
          key={key}
          ref={(element) => {
            itemsRef.current[index] = element
          }}
          type="button"
          role="menuitemcheckbox"
          aria-checked={mine.has(key)}
          aria-label={COPY.reactions.reactWith(label)}
          title={COPY.reactions.reactWith(label)}
          tabIndex={index === 0 ? 0 : -1}
          className={`reaction-option${mine.has(key) ? ' active' : ''}`}
          onClick={() => onPick(key)}
        >
          <span aria-hidden="true">{emoji}</span>
        </button>
      ))}
    </div>
  )
}
