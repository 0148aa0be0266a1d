/**
 * "Who reposted" (issue 29 leftovers), opened from a post's repost count: those who repost it,
 * newest first, a page at a time (GET /posts/:postId/reposts), as "Who reacted" lists people.
 */
import { listReposters } from '../../api/shares'
import { COPY } from '../../copy'
import { PeoplePageDialog } from './PeoplePageDialog'

export function RepostersDialog({ postId, onClose }: { postId: string; onClose: () => void }) {
  return (
    <PeoplePageDialog
      title={COPY.shares.whoRepostedTitle}
      onClose={onClose}
      listKey={postId}
      fetchPage={(cursor) => listReposters(postId, cursor)}
      empty={COPY.shares.nobodyReposted}
      listLabel={COPY.shares.whoRepostedTitle}
    />
  )
}
