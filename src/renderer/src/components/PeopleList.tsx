import { useRef } from 'react'
import { useInfiniteScroll } from '../lib/use-infinite-scroll'
import { useFollowList } from '../state/people-lists'
import { LoadMore } from './LoadMore'
import { PersonRow } from './PersonRow'
import { Spinner } from './Spinner'
import { ErrorState } from './States'

/**
 * A profile's followers or following, paged from the server (docs/API.md, "Follower and
 * following lists"): the next page loads as the end of the list scrolls into view, with a
 * "Load more" button as the fallback. A name opens the profile.
 */
export function PeopleList({
  username,
  list,
  empty,
  onOpen,
}: {
  username: string
  list: 'followers' | 'following'
  empty: string
  onOpen: () => void
}) {
  const people = useFollowList(username, list)
  const scrollerRef = useRef<HTMLDivElement>(null)
  const sentinel = useInfiniteScroll(
    people.loadMore,
    people.more && !people.loading && !people.error,
    scrollerRef,
  )
  const what = list === 'followers' ? 'followers' : 'people followed'

  if (!people.loaded) {
    if (people.error) return <ErrorState message={people.error} onRetry={people.retry} />
    return <Spinner label={`Loading ${what}`} />
  }
  if (people.items.length === 0) return <p className="muted center people-empty">{empty}</p>

  return (
    <div className="people" ref={scrollerRef}>
      <ul className="people-list" aria-label={list === 'followers' ? 'Followers' : 'Following'}>
        {people.items.map((user) => (
          <PersonRow key={user._id} user={user} fullName follow onOpen={onOpen} />
        ))}
      </ul>
      {people.error ? <ErrorState message={people.error} onRetry={people.retry} /> : null}
      {people.error ? null : (
        <LoadMore
          more={people.more}
          loading={people.loading}
          what={what}
          onLoadMore={people.loadMore}
          sentinelRef={sentinel}
        />
      )}
    </div>
  )
}
