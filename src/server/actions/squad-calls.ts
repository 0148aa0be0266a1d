/**
 * Squad calls' commands (docs/API.md, "Squad calls"): one per write, each through `commit`
 * (live.ts). Each publishes `squad-call` (the call as everyone sees it alike) to everyone but
 * those blocked either way with its creator or muting them (`aboutWriting`), as the lists hide the
 * call from them. The join that fills a call also publishes its new chat (`conversation`) and
 * first message (`message`) to its players, as actions/conversations.ts does for any group.
 *
 * None of them touches what the caches of posts keep (caches/touched.ts): squad calls are not
 * posts, and their routes keep no whole answers.
 */
import * as writes from '../services/writes/squad-calls'
import type { SquadCallRow } from '../services/reads/squad-calls'
import { presentSharedCall } from '../services/presenting/squad-calls'
import type { CreateSquadCallInput } from '../../shared/squad-call-schemas'
import { publishConversation, publishMessage } from './conversations'
import { aboutWriting, commit, type Actor, type Live } from './live'

/** Tells everyone who may see its creator that the call changed. */
export async function publishSquadCall(live: Live, call: SquadCallRow): Promise<void> {
  const squadCall = await presentSharedCall(live.db, call)
  if (!squadCall) return
  live.hub.publish('squad-call', { squadCall }, await aboutWriting(live, call.creatorId))
}

export function createSquadCall(live: Live, actor: Actor, input: CreateSquadCallInput) {
  return commit(
    live,
    (tx) => writes.createSquadCall(tx, actor.id, input),
    (call) => publishSquadCall(live, call),
  )
}

export function joinSquadCall(live: Live, actor: Actor, squadCallId: number) {
  return commit(
    live,
    (tx) => writes.joinSquadCall(tx, actor.id, squadCallId),
    async ({ call, opened }) => {
      await publishSquadCall(live, call)
      if (!opened) return
      await publishConversation(live, opened.conversation)
      await publishMessage(live, opened.message, true)
    },
  )
}

export function leaveSquadCall(live: Live, actor: Actor, squadCallId: number) {
  return commit(
    live,
    (tx) => writes.leaveSquadCall(tx, actor.id, squadCallId),
    (call) => publishSquadCall(live, call),
  )
}

export function closeSquadCall(live: Live, actor: Actor, squadCallId: number) {
  return commit(
    live,
    (tx) => writes.closeSquadCall(tx, actor.id, squadCallId),
    (call) => publishSquadCall(live, call),
  )
}

/**
 * Closes the call on time unless another instance claimed it first (writes/squad-calls.ts
 * expireSquadCall); answers whether this one did.
 */
export async function expireSquadCall(live: Live, squadCallId: number, now = Date.now()) {
  const call = await commit(
    live,
    (tx) => writes.expireSquadCall(tx, squadCallId, now),
    async (expired) => {
      if (expired) await publishSquadCall(live, expired)
    },
  )
  return call !== null
}
