import { toast } from 'react-toastify'
import type { ToastOptions } from 'react-toastify'

/** The spec's client toasts: top-center, closing after 2000 ms (SPEC section 8). */
export const CLIENT_TOAST: ToastOptions = { position: 'top-center', autoClose: 2000 }

export function notifyError(message: string): void {
  toast.error(message, CLIENT_TOAST)
}

export function notifySuccess(message: string): void {
  toast.success(message, CLIENT_TOAST)
}

export function notifyInfo(message: string): void {
  toast.info(message, CLIENT_TOAST)
}

/** The sentence to show for a caught error: the server's `errors[0]` when it sent one. */
export function messageOf(error: unknown, fallback = 'Something went wrong. '): string {
  if (error instanceof Error && error.message) return error.message
  return fallback
}
