import { useState } from 'react'
import { Icon } from './Icon'
import type { Attachment } from '../state/attachments'
import { SCREENS_COPY } from '../copy-screens'

/**
 * An attachment's small picture: its preview, a clip's play mark while its poster is drawn, or,
 * for a draft's upload the server no longer has, a warning mark (never a broken image: a
 * thumbnail that fails to load for any reason shows the kind's mark instead).
 */
export function AttachmentPreview({ item }: { item: Attachment }) {
  const [failed, setFailed] = useState(false)
  if (item.lost) {
    return (
      <span className="attachment-preview attachment-missing" aria-hidden="true">
        <Icon name="alert" size={24} />
      </span>
    )
  }
  if (!item.preview || failed) {
    return (
      <span className="attachment-preview attachment-clip" aria-hidden="true">
        <Icon name={item.kind === 'clip' ? 'play' : 'image'} size={24} />
      </span>
    )
  }
  return (
    <img src={item.preview} alt="" className="attachment-preview" onError={() => setFailed(true)} />
  )
}

/** Under a lost item's name: what happened and what to do. */
export function LostAttachmentNote() {
  return <p className="attachment-lost-note small">{SCREENS_COPY.attachments.lost}</p>
}

/**
 * What the composer takes, said before anything is picked (a server that takes clips): images
 * up to 5 MB as they are, larger ones shrunk; clips' formats, length and the host's size limit.
 */
export function MediaLimitsHint({ id, clipLimit }: { id: string; clipLimit: string | null }) {
  return (
    <p id={id} className="attachments-hint muted small">
      {SCREENS_COPY.attachments.limitsHint(clipLimit)}
    </p>
  )
}
