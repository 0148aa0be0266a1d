/**
 * The person's word on a server's certificate, asked in a dialog of the main process (docs/security.md): the window's page cannot draw it, answer it or skip it, so a page that went wrong
 * cannot make the app trust a server by itself. ConnectionManager asks before it trusts a
 * certificate never seen (compare its code with the host's screen), one that replaces the
 * certificate trusted at that address, or a server using the name of a trusted one.
 */
import type { MessageBoxOptions } from 'electron'
import type { ServerCheck } from '../shared/bridge'

/** The button that trusts; the other one (0, the default and what Esc answers) cancels. */
export const TRUST_BUTTON = 1

/** The server as the dialog names it: its announced name in quotes, and its address. */
const who = (check: ServerCheck) =>
  check.name ? `“${check.name}” (${check.origin})` : check.origin

const common = { defaultId: 0, cancelId: 0, noLink: true } as const

/** The dialog for a server that must be confirmed (`new`, `changed` or `name-taken`). */
export function trustDialogOptions(check: ServerCheck): MessageBoxOptions {
  const code = check.code ?? ''
  if (check.trust === 'changed') {
    return {
      ...common,
      type: 'warning',
      title: 'The server’s certificate changed',
      message:
        check.code === null
          ? `${who(check)} no longer encrypts its connections, though it did when you joined it.`
          : `${who(check)} shows another certificate than the one you trusted when you joined it.`,
      detail: [
        `You trusted:  ${check.pinnedCode ?? ''}`,
        ...(check.code ? [`It shows now:  ${check.code}`] : []),
        '',
        'Someone on the network may be pretending to be it, or the host made a new one. Ask the host. Trust it only if they replaced the certificate and their Server page shows the new code.',
      ].join('\n'),
      buttons: ['Cancel', check.code ? 'Trust the new certificate' : 'Join without encryption'],
    }
  }
  if (check.trust === 'name-taken') {
    return {
      ...common,
      type: 'warning',
      title: 'Not the server you know by that name',
      message: `${who(check)} is not the server you joined under that name.`,
      detail: [
        `The server you trusted as “${check.name ?? ''}”${check.pinnedAddress ? ` (at ${check.pinnedAddress})` : ''} showed:  ${check.pinnedCode ?? ''}`,
        check.code
          ? `This one shows:  ${check.code}`
          : 'This one does not encrypt its connections.',
        '',
        'Another server on your network may be copying your friend’s name to get your password. Join only if the host tells you they moved to another computer or made a new certificate, and their Server page shows this code.',
      ].join('\n'),
      buttons: ['Cancel', 'Join this other server'],
    }
  }
  return {
    ...common,
    type: 'question',
    title: 'Compare the code',
    message: `Is this the code on the host’s screen?`,
    detail: [
      `${who(check)} encrypts everything with a certificate it made itself. Check that the host’s Server page (or its QR code) shows this same code:`,
      '',
      `    ${code}`,
      '',
      'If the codes differ, someone on the network may be pretending to be the server: do not join, and tell the host. Gamerstage remembers the certificate and asks again only if it changes.',
    ].join('\n'),
    buttons: ['Cancel', 'The codes match: join'],
  }
}

/** Shows a message box (Electron's `dialog.showMessageBox`, on the app's window when open). */
export type ShowMessageBox = (options: MessageBoxOptions) => Promise<{ response: number }>

/** ConnectionManager's `confirm`: true only when the person pressed the trusting button. */
export function askInDialog(show: ShowMessageBox): (check: ServerCheck) => Promise<boolean> {
  return async (check) => (await show(trustDialogOptions(check))).response === TRUST_BUTTON
}
