/**
 * Images and clips in conversations' messages (docs/API.md, "Conversations"): uploaded as a
 * post's (`POST /api/media/post-images`, `/api/media/clips`), then attached to one message by
 * the post's rules (post-images.ts, attachUploads): the sender's own, on nothing yet, uploaded
 * within a week, else MEDIA_GONE. A `post_media` row then names the message; deleting the
 * message deletes its media rows, so their addresses stop answering.
 */
import type { PostMediaItem } from '../../../shared/api-types'
import { CONVERSATION_LIMITS, MESSAGE_TOO_MANY_MEDIA } from '../../../shared/conversation-schemas'
import type { Store } from '../../db/store'
import { HttpError } from '../../errors/http-error'
import {
  attachUploads,
  deleteAttachedMedia,
  toItem,
  type AttachRequest,
  type MediaRow,
} from './post-images'

/** Ties uploads to a new message, in order; runs inside the message's sending transaction. */
export async function attachMessageMedia(
  db: Store,
  ownerId: number,
  messageId: number,
  items: AttachRequest[],
  now = Date.now(),
): Promise<void> {
  if (items.length > CONVERSATION_LIMITS.mediaMax) {
    throw new HttpError('VALIDATION', MESSAGE_TOO_MANY_MEDIA)
  }
  await attachUploads(db, ownerId, { column: 'message_id', id: messageId }, items, now)
}

/** The media of a batch of messages, by message id, in order (one query). */
export async function loadMessageMedia(
  db: Store,
  messageIds: number[],
): Promise<Map<number, PostMediaItem[]>> {
  const byMessage = new Map<number, PostMediaItem[]>()
  if (messageIds.length === 0) return byMessage
  const rows = await db.all<Omit<MediaRow, 'postId'> & { messageId: number }>(
    `SELECT pm.message_id AS "messageId", pm.media_id AS "mediaId", pm.thumb_id AS "thumbId",
       pm.width, pm.height, pm.alt, m.content_type AS "contentType"
     FROM post_media pm JOIN media m ON m.id = pm.media_id
     WHERE pm.message_id IN ${db.sql.idSet}
     ORDER BY pm.message_id, pm.position`,
    db.sql.ids(messageIds),
  )
  for (const row of rows) {
    const id = Number(row.messageId)
    const list = byMessage.get(id)
    if (list) list.push(toItem(row))
    else byMessage.set(id, [toItem(row)])
  }
  return byMessage
}

/** The images and clips of these messages, as deleteAttachedMedia deletes them. */
export function deleteMessageMedia(db: Store, messageIds: number[]): Promise<string[]> {
  return deleteAttachedMedia(db, 'message_id', messageIds)
}
