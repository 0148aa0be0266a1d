/**
 * A dialog listing people a page at a time, newest first: "Who reacted" (a list per emoji, under
 * tabs) and "Who reposted". The list is the caller's (usePagedList, state/people-lists.ts): each
 * tab's loads its first page when first shown and keeps what it loaded when another is shown;
 * "Show more" asks for the next page, and a failed page says so with a retry.
 */
import type { HTMLAttributes, ReactNode } from 'react'
import { createPortal } from 'react-dom'
import type { UserSummary } from '../../../../shared/api-types'
import { COPY } from '../../copy'
import type { PagedList } from '../../state/paged-list'
import { Modal } from '../Modal'
import { PersonRow } from '../PersonRow'

export function PeoplePageDialog({
  title,
  onClose,
  list,
  empty,
  listLabel,
  above,
  panel,
}: {
  title: string
  onClose: () => void
  /** The list shown (the selected emoji's). */
  list: PagedList<UserSummary>
  /** What an empty list says. */
  empty: string
  /** The list's accessible name, where nothing else names it. */
  listLabel?: string
  /** Above the list: the tabs that choose it. */
  above?: ReactNode
  /** More of the panel around the list (a tab panel's role, id and label). */
  panel?: HTMLAttributes<HTMLDivElement>
}) {
  return createPortal(
    <div onClick={(event) => event.stopPropagation()}>
      <Modal title={title} onClose={onClose}>
        {above}
        <div className="reactors-panel" {...panel} aria-busy={list.loading}>
          {list.items.length > 0 ? (
            <ul className="reactors-list" aria-label={listLabel}>
              {list.items.map((user) => (
                <PersonRow key={user._id} user={user} size="compact" onOpen={onClose} />
              ))}
            </ul>
          ) : null}
          {list.status === 'ready' && list.items.length === 0 ? (
            <p className="reactors-empty">{empty}</p>
          ) : null}
          {list.loading ? (
            <p className="reactors-loading" role="status">
              {COPY.suggestions.loading}
            </p>
          ) : null}
          {list.status === 'error' ? (
            <p className="field-error" role="alert">
              {COPY.reactions.loadFailed}{' '}
              <button type="button" className="link-btn" onClick={list.retry}>
                {COPY.suggestions.retry}
              </button>
            </p>
          ) : null}
          {list.status === 'ready' && list.more ? (
            <button type="button" className="btn btn-secondary btn-sm" onClick={list.loadMore}>
              {COPY.reactions.loadMore}
            </button>
          ) : null}
        </div>
      </Modal>
    </div>,
    document.body,
  )
}
