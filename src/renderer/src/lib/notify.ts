import { toast } from 'react-toastify'
import type { ToastOptions } from 'react-toastify'

/** The spec's client toasts: top-center, closing after 2000 ms, as the original client's. */
export const CLIENT_TOAST: ToastOptions = { position: 'top-center', autoClose: 2000 }

export function notifyError(message: string, options: ToastOptions = {}): void {
  toast.error(message, { ...CLIENT_TOAST, ...options })
}

export function notifySuccess(message: string, options: ToastOptions = {}): void {
  toast.success(message, { ...CLIENT_TOAST, ...options })
}

export function notifyInfo(message: string, options: ToastOptions = {}): void {
  toast.info(message, { ...CLIENT_TOAST, ...options })
}

/** The sentence to show for a caught error: the server's `errors[0]` when it sent one. */
export function messageOf(error: unknown, fallback = 'Something went wrong. '): string {
  if (error instanceof Error && error.message) return error.message
  return fallback
}
