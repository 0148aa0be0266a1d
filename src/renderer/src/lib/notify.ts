import type { ToastOptions, toast as toastApi } from 'react-toastify'
import { SPEC_TEXT } from '../copy'

/** The spec's client toasts: top-center, closing after 2000 ms, as the original client's. */
export const CLIENT_TOAST: ToastOptions = { position: 'top-center', autoClose: 2000 }

let toastLibrary: Promise<typeof toastApi> | undefined

/**
 * react-toastify loads with the first toast, not in the app's first load (docs/PERFORMANCE.md);
 * its container (components/Toasts.tsx) loads just after the first render. A toast sent before
 * the container is up waits in the library's queue and shows when it mounts.
 */
function showToast(show: (toast: typeof toastApi) => void): void {
  toastLibrary ??= import('react-toastify').then((module) => module.toast)
  toastLibrary.then(show, (error: unknown) => console.error('Could not load the toasts', error))
}

export function notifyError(message: string, options: ToastOptions = {}): void {
  showToast((toast) => toast.error(message, { ...CLIENT_TOAST, ...options }))
}

export function notifySuccess(message: string, options: ToastOptions = {}): void {
  showToast((toast) => toast.success(message, { ...CLIENT_TOAST, ...options }))
}

export function notifyInfo(message: string, options: ToastOptions = {}): void {
  showToast((toast) => toast.info(message, { ...CLIENT_TOAST, ...options }))
}

/** The sentence to show for a caught error: the server's `errors[0]` when it sent one. */
export function messageOf(error: unknown, fallback: string = SPEC_TEXT.somethingWentWrong): string {
  if (error instanceof Error && error.message) return error.message
  return fallback
}

/** Shows a caught error's sentence as an error toast, and answers it (for a form to show too). */
export function notifyFailure(error: unknown): string {
  const message = messageOf(error)
  notifyError(message)
  return message
}
