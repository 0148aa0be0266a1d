/**
 * "Who reposted", opened from a post's repost count: those who repost it,
 * newest first, a page at a time (GET /posts/:postId/reposts), as "Who reacted" lists people.
 */
import { COPY } from '../../copy'
import { useReposters } from '../../state/people-lists'
import { PeoplePageDialog } from './PeoplePageDialog'

export function RepostersDialog({ postId, onClose }: { postId: string; onClose: () => void }) {
  const list = useReposters(postId)
  return (
    <PeoplePageDialog
      title={COPY.shares.whoRepostedTitle}
      onClose={onClose}
      list={list}
      empty={COPY.shares.nobodyReposted}
      listLabel={COPY.shares.whoRepostedTitle}
    />
  )
}
