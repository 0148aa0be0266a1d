/**
 * "Typing…" in a conversation (docs/API.md, "Conversations", "Typing"): a signal, not a write.
 * Nothing is stored: the command checks that the typer is a member and tells the other members'
 * streams (through the hub, so every instance of a cluster), never the typer's own devices nor
 * anyone blocked by or blocking the typer, who would not see the message either.
 */
import type { UserRow } from '../db/rows'
import { hiddenFrom, memberIdsOf, membershipOf } from '../services/reads/conversations'
import { toUserSummary } from '../services/presenting/embedded'
import type { Live } from './live'

export async function signalTyping(
  live: Live,
  typer: UserRow,
  conversationId: number,
): Promise<void> {
  await membershipOf(live.db, typer.id, conversationId)
  const hidden = await hiddenFrom(live.db, typer.id)
  const audience = new Set(
    (await memberIdsOf(live.db, conversationId)).filter((id) => id !== typer.id && !hidden.has(id)),
  )
  if (audience.size === 0) return
  live.hub.publish(
    'conversation-typing',
    { conversationId: String(conversationId), user: toUserSummary(typer) },
    { only: audience },
  )
}
