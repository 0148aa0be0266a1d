import { useEffect, useRef, useState } from 'react'
import type { KeyboardEvent } from 'react'
import { createPortal } from 'react-dom'
import { Link } from 'react-router-dom'
import type { ReactionCount, UserSummary } from '../../../../shared/api-types'
import { reactionOf, type ReactionKey } from '../../../../shared/reactions'
import { listReactors } from '../../api/shares'
import { COPY } from '../../copy'
import { profilePath } from '../../lib/paths'
import { Avatar } from '../Avatar'
import { Modal } from '../Modal'

interface Listing {
  users: UserSummary[]
  nextCursor: string | null
  status: 'loading' | 'idle' | 'error'
}

/** "Who reacted": a tab per emoji with a count, each a paged list of people, newest first. */
export function ReactorsDialog({
  postId,
  counts,
  first,
  onClose,
}: {
  postId: string
  counts: readonly ReactionCount[]
  first: ReactionKey
  onClose: () => void
}) {
  const [selected, setSelected] = useState<ReactionKey>(first)
  const [lists, setLists] = useState<Partial<Record<ReactionKey, Listing>>>({})
  const tabsRef = useRef<(HTMLButtonElement | null)[]>([])
  const listing = lists[selected]

  const load = async (reaction: ReactionKey, cursor: string | null) => {
    setLists((all) => ({
      ...all,
      [reaction]: { users: all[reaction]?.users ?? [], nextCursor: cursor, status: 'loading' },
    }))
    try {
      const page = await listReactors(postId, reaction, cursor)
      setLists((all) => ({
        ...all,
        [reaction]: {
          users: [...(cursor ? (all[reaction]?.users ?? []) : []), ...page.users],
          nextCursor: page.nextCursor,
          status: 'idle',
        },
      }))
    } catch {
      setLists((all) => ({
        ...all,
        [reaction]: { users: all[reaction]?.users ?? [], nextCursor: cursor, status: 'error' },
      }))
    }
  }

  useEffect(() => {
    if (!lists[selected]) void load(selected, null)
    // Each tab loads its first page once, when first shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selected])

  const onTabKey = (event: KeyboardEvent<HTMLDivElement>, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (step === 0) return
    event.preventDefault()
    const next = (index + step + counts.length) % counts.length
    const reaction = counts[next]?.reaction
    if (reaction) setSelected(reaction)
    tabsRef.current[next]?.focus()
  }

  return createPortal(
    <div onClick={(event) => event.stopPropagation()}>
      <Modal title={COPY.reactions.whoReactedTitle} onClose={onClose}>
        <div className="reactors-tabs" role="tablist" aria-label={COPY.reactions.pickerLabel}>
          {counts.map(({ reaction, count }, index) => {
            const { emoji, label } = reactionOf(reaction)
            const active = reaction === selected
            return (
              <button
                key={reaction}
                ref={(element) => {
                  tabsRef.current[index] = element
                }}
                type="button"
                role="tab"
                id={`reactors-tab-${postId}-${reaction}`}
                aria-selected={active}
                aria-controls={`reactors-panel-${postId}`}
                aria-label={`${label}, ${count}`}
                tabIndex={active ? 0 : -1}
                className={`reactors-tab${active ? ' active' : ''}`}
                onClick={() => setSelected(reaction)}
                onKeyDown={(event) => onTabKey(event as never, index)}
              >
                <span aria-hidden="true">
                  {emoji} {count}
                </span>
              </button>
            )
          })}
        </div>
        <div
          className="reactors-panel"
          role="tabpanel"
          id={`reactors-panel-${postId}`}
          aria-labelledby={`reactors-tab-${postId}-${selected}`}
          aria-busy={listing?.status === 'loading'}
        >
          {listing && listing.users.length > 0 ? (
            <ul className="reactors-list">
              {listing.users.map((user) => (
                <li key={user._id}>
                  <Link to={profilePath(user.username)} className="reactor-row" onClick={onClose}>
                    <Avatar src={user.profileImg} username={user.username} size={32} />
                    <span className="reactor-name" dir="auto">
                      {user.username}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          {listing?.status === 'idle' && listing.users.length === 0 ? (
            <p className="reactors-empty">{COPY.reactions.nobody}</p>
          ) : null}
          {!listing || listing.status === 'loading' ? (
            <p className="reactors-loading" role="status">
              {COPY.suggestions.loading}
            </p>
          ) : null}
          {listing?.status === 'error' ? (
            <p className="field-error" role="alert">
              {COPY.reactions.loadFailed}{' '}
              <button
                type="button"
                className="link-btn"
                onClick={() => void load(selected, listing.nextCursor)}
              >
                {COPY.suggestions.retry}
              </button>
            </p>
          ) : null}
          {listing?.status === 'idle' && listing.nextCursor ? (
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => void load(selected, listing.nextCursor)}
            >
              {COPY.reactions.loadMore}
            </button>
          ) : null}
        </div>
      </Modal>
    </div>,
    document.body,
  )
}
