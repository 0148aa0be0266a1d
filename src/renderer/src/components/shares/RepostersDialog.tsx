/**
 * "Who reposted" (issue 29 leftovers), opened from a post's repost count: those who repost it,
 * newest first, a page at a time (GET /posts/:postId/reposts), as "Who reacted" lists people.
 */
import { useEffect, useState } from 'react'
import { createPortal } from 'react-dom'
import { Link } from 'react-router-dom'
import type { UserSummary } from '../../../../shared/api-types'
import { listReposters } from '../../api/shares'
import { COPY } from '../../copy'
import { profilePath } from '../../lib/paths'
import { Avatar } from '../Avatar'
import { Modal } from '../Modal'

interface Listing {
  users: UserSummary[]
  nextCursor: string | null
  status: 'loading' | 'idle' | 'error'
}

export function RepostersDialog({ postId, onClose }: { postId: string; onClose: () => void }) {
  const [listing, setListing] = useState<Listing>({
    users: [],
    nextCursor: null,
    status: 'loading',
  })

  const load = async (cursor: string | null) => {
    setListing((shown) => ({ ...shown, nextCursor: cursor, status: 'loading' }))
    try {
      const page = await listReposters(postId, cursor)
      setListing((shown) => ({
        users: [...(cursor ? shown.users : []), ...page.users],
        nextCursor: page.nextCursor,
        status: 'idle',
      }))
    } catch {
      setListing((shown) => ({ ...shown, nextCursor: cursor, status: 'error' }))
    }
  }

  useEffect(() => {
    void load(null)
    // The first page, once, when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [postId])

  return createPortal(
    <div onClick={(event) => event.stopPropagation()}>
      <Modal title={COPY.shares.whoRepostedTitle} onClose={onClose}>
        <div className="reactors-panel" aria-busy={listing.status === 'loading'}>
          {listing.users.length > 0 ? (
            <ul className="reactors-list" aria-label={COPY.shares.whoRepostedTitle}>
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
          {listing.status === 'idle' && listing.users.length === 0 ? (
            <p className="reactors-empty">{COPY.shares.nobodyReposted}</p>
          ) : null}
          {listing.status === 'loading' ? (
            <p className="reactors-loading" role="status">
              {COPY.suggestions.loading}
            </p>
          ) : null}
          {listing.status === 'error' ? (
            <p className="field-error" role="alert">
              {COPY.reactions.loadFailed}{' '}
              <button
                type="button"
                className="link-btn"
                onClick={() => void load(listing.nextCursor)}
              >
                {COPY.suggestions.retry}
              </button>
            </p>
          ) : null}
          {listing.status === 'idle' && listing.nextCursor ? (
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => void load(listing.nextCursor)}
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
