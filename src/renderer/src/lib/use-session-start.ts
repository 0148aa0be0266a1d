import { useState } from 'react'
import { messageOf, notifyError, notifySuccess } from './notify'

/**
 * Login and signup end the same way: busy while the server answers, then the spec's "working"
 * toast (the route guard moves on to /home), or the server's first error with the form kept.
 */
export function useSessionStart(): [
  busy: boolean,
  start: (request: () => Promise<unknown>) => Promise<void>,
] {
  const [busy, setBusy] = useState(false)
  const start = async (request: () => Promise<unknown>) => {
    setBusy(true)
    try {
      await request()
      notifySuccess('working')
    } catch (error) {
      notifyError(messageOf(error))
      setBusy(false)
    }
  }
  return [busy, start]
}
