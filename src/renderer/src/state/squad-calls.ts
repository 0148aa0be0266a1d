/**
 * Squad calls (docs/API.md, "Squad calls") as screens read them: the open calls (all, or one
 * game's), kept in step with the live `squad-call` event, and the writes. The event carries no
 * names of who joined: a call it names is read again (each viewer sees those they may see), and
 * one that is gone from sight leaves the list.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import type { SquadCall } from '../../../shared/squad-call-types'
import type { CreateSquadCallInput } from '../../../shared/squad-call-schemas'
import * as api from '../api/squad-calls'
import { isMissingCall } from '../api/client'
import { onLiveEvent } from '../live/bus'
import { mergeSquadCall, withoutSquadCall } from '../lib/squad-calls'
import { messageOf } from '../lib/notify'

export type SquadCallsLoad =
  | { status: 'loading' }
  | { status: 'ready'; calls: SquadCall[] }
  | { status: 'unsupported' }
  | { status: 'error'; message: string }

/** The open squad calls (of one game when `game` is given), live. */
export function useSquadCalls(game?: string) {
  const [load, setLoad] = useState<SquadCallsLoad>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    const controller = new AbortController()
    api
      .listSquadCalls(game, controller.signal)
      .then((list) => setLoad({ status: 'ready', calls: list.squadCalls }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return
        if (isMissingCall(error)) setLoad({ status: 'unsupported' })
        else setLoad({ status: 'error', message: messageOf(error) })
      })
    return () => controller.abort()
  }, [game, attempt])

  const show = useCallback(
    (call: SquadCall) =>
      setLoad((current) =>
        current.status === 'ready'
          ? { ...current, calls: mergeSquadCall(current.calls, call, game) }
          : current,
      ),
    [game],
  )

  // Reads of calls the events named, so that a late answer never undoes a newer one.
  const reads = useRef(new Map<string, AbortController>())
  useEffect(() => {
    const pending = reads.current
    const stop = onLiveEvent('squad-call', ({ squadCall }) => {
      if (game && squadCall.game.slug !== game) return
      pending.get(squadCall._id)?.abort()
      const controller = new AbortController()
      pending.set(squadCall._id, controller)
      api
        .getSquadCall(squadCall._id, controller.signal)
        .then(({ squadCall: call }) => show(call))
        .catch(() => {
          if (controller.signal.aborted) return
          // Gone from the viewer's sight (a block since): off the list.
          setLoad((current) =>
            current.status === 'ready'
              ? { ...current, calls: withoutSquadCall(current.calls, squadCall._id) }
              : current,
          )
        })
        .finally(() => {
          if (pending.get(squadCall._id) === controller) pending.delete(squadCall._id)
        })
    })
    return () => {
      stop()
      for (const controller of pending.values()) controller.abort()
      pending.clear()
    }
  }, [game, show])

  return { load, show, retry: () => setAttempt((n) => n + 1) }
}

/** The writes of one call; each answers the call as the server has it now. */
export const squadCallActions = {
  join: async (id: string) => (await api.joinSquadCall(id)).squadCall,
  leave: async (id: string) => (await api.leaveSquadCall(id)).squadCall,
  close: async (id: string) => (await api.closeSquadCall(id)).squadCall,
}

/** Makes a squad call; answers it. */
export async function makeSquadCall(fields: CreateSquadCallInput): Promise<SquadCall> {
  return (await api.createSquadCall(fields)).squadCall
}
