import { SPEC_TEXT } from '../copy'

/**
 * The human part of an error from the desktop bridge. Electron wraps a rejected IPC call as
 * `Error invoking remote method 'gamerstage:set-connection': ConnectionError: Could not reach …`;
 * the person only needs `Could not reach …`.
 */
export function bridgeErrorMessage(
  error: unknown,
  fallback: string = SPEC_TEXT.somethingWentWrong,
): string {
  const raw =
    error instanceof Error ? error.message : typeof error === 'string' ? error : String(error ?? '')
  const message = raw
    .replace(/^Error invoking remote method '[^']*':\s*/, '')
    .replace(/^(?:[A-Z][A-Za-z]*)?(?:Error|Refusal|Exception):\s*/, '')
    .trim()
  return message || fallback
}
