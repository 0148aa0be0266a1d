import { useState } from 'react'
import { notifyFailure, notifySuccess } from './notify'

/**
 * Login and signup end the same way: busy while the server answers, then the spec's "working"
 * toast (the route guard moves on to /home), or the server's first error with the form kept.
 */
export function useSessionStart(): [
  busy: boolean,
  start: (request: () => Promise<unknown>) => Promise<string | null>,
] {
  const [busy, setBusy] = useState(false)
  /** Resolves to null once signed in, else to the server's sentence (shown at the form too). */
  const start = async (request: () => Promise<unknown>) => {
    setBusy(true)
    try {
      await request()
      notifySuccess('working')
      return null
    } catch (error) {
      const message = notifyFailure(error)
      setBusy(false)
      return message
    }
  }
  return [busy, start]
}
