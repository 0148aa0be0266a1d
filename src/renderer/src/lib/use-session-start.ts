import { useState } from 'react'
import type { ErrorCode } from '../../../shared/error-codes'
import { ApiError } from '../api/client'
import { notifyFailure, notifySuccess } from './notify'

/** A refused login or sign-up: the server's sentence (shown in its toast) and its code. */
export interface SessionFailure {
  message: string
  code: ErrorCode | null
}

/**
 * Login and signup end the same way: busy while the server answers, then the success toast (the
 * spec's "working" for a login, a welcome for a sign-up; the route guard moves on to /home), or
 * the server's first error as a toast with the form kept.
 */
export function useSessionStart(): [
  busy: boolean,
  start: (request: () => Promise<unknown>, success: string) => Promise<SessionFailure | null>,
] {
  const [busy, setBusy] = useState(false)
  /** Resolves to null once signed in, else to the refusal (for the form to explain). */
  const start = async (request: () => Promise<unknown>, success: string) => {
    setBusy(true)
    try {
      await request()
      notifySuccess(success)
      return null
    } catch (error) {
      const message = notifyFailure(error)
      setBusy(false)
      return { message, code: error instanceof ApiError ? error.code : null }
    }
  }
  return [busy, start]
}
