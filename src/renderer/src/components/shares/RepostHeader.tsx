import { Link } from 'react-router-dom'
import type { RepostReason } from '../../../../shared/api-types'
import { COPY } from '../../copy'
import '../../styles/shares.css'
import { profilePath } from '../../lib/paths'
import { Icon } from '../Icon'

/** "X reposted" above a post the home feed holds because of a repost (docs/API.md). */
export function RepostHeader({ reason, meId }: { reason: RepostReason; meId?: string }) {
  const own = reason.user._id === meId
  return (
    <p className="repost-header">
      <Icon name="repost" size={15} />
      {own ? (
        <span>{COPY.shares.youReposted}</span>
      ) : (
        <Link to={profilePath(reason.user.username)} className="repost-header-name" dir="auto">
          {COPY.shares.repostedBy(reason.user.username)}
        </Link>
      )}
    </p>
  )
}
