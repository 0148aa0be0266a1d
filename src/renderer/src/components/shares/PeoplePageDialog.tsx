/**
 * A dialog listing people a page at a time, newest first: "Who reacted" (a list per emoji, under
 * tabs) and "Who reposted". Each list (`listKey`) loads its first page when first shown and keeps
 * what it loaded when another is shown; "Show more" asks for the next page, and a failed page
 * says so with a retry.
 */
import { useEffect, useState } from 'react'
import type { HTMLAttributes, ReactNode } from 'react'
import { createPortal } from 'react-dom'
import type { ReactorsPage, UserSummary } from '../../../../shared/api-types'
import { COPY } from '../../copy'
import { Modal } from '../Modal'
import { PersonRow } from '../PersonRow'

interface Listing {
  users: UserSummary[]
  nextCursor: string | null
  status: 'loading' | 'idle' | 'error'
}

export function PeoplePageDialog({
  title,
  onClose,
  listKey,
  fetchPage,
  empty,
  listLabel,
  above,
  panel,
}: {
  title: string
  onClose: () => void
  /** Which list is shown (the selected emoji); each is kept apart. */
  listKey: string
  /** A page of the shown list: the first with `null`. */
  fetchPage: (cursor: string | null) => Promise<ReactorsPage>
  /** What an empty list says. */
  empty: string
  /** The list's accessible name, where nothing else names it. */
  listLabel?: string
  /** Above the list: the tabs that choose it. */
  above?: ReactNode
  /** More of the panel around the list (a tab panel's role, id and label). */
  panel?: HTMLAttributes<HTMLDivElement>
}) {
  const [lists, setLists] = useState<Partial<Record<string, Listing>>>({})
  const listing = lists[listKey]

  const load = async (key: string, cursor: string | null) => {
    const set = (change: (shown: Listing | undefined) => Listing) =>
      setLists((all) => ({ ...all, [key]: change(all[key]) }))
    set((shown) => ({ users: shown?.users ?? [], nextCursor: cursor, status: 'loading' }))
    try {
      const page = await fetchPage(cursor)
      set((shown) => ({
        users: [...(cursor ? (shown?.users ?? []) : []), ...page.users],
        nextCursor: page.nextCursor,
        status: 'idle',
      }))
    } catch {
      set((shown) => ({ users: shown?.users ?? [], nextCursor: cursor, status: 'error' }))
    }
  }

  useEffect(() => {
    if (!lists[listKey]) void load(listKey, null)
    // Each list loads its first page once, when first shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [listKey])

  return createPortal(
    <div onClick={(event) => event.stopPropagation()}>
      <Modal title={title} onClose={onClose}>
        {above}
        <div
          className="reactors-panel"
          {...panel}
          aria-busy={!listing || listing.status === 'loading'}
        >
          {listing && listing.users.length > 0 ? (
            <ul className="reactors-list" aria-label={listLabel}>
              {listing.users.map((user) => (
                <PersonRow key={user._id} user={user} size="compact" onOpen={onClose} />
              ))}
            </ul>
          ) : null}
          {listing?.status === 'idle' && listing.users.length === 0 ? (
            <p className="reactors-empty">{empty}</p>
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
                onClick={() => void load(listKey, listing.nextCursor)}
              >
                {COPY.suggestions.retry}
              </button>
            </p>
          ) : null}
          {listing?.status === 'idle' && listing.nextCursor ? (
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => void load(listKey, listing.nextCursor)}
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
