/**
 * A host deletes a reported message from the reports (docs/API.md, "Moderation"): loaded with
 * the Server page, apart from state/moderation.ts, which the first load carries.
 */
import { atom } from 'jotai'
import * as api from '../api/conversation-talk'
import { REPORTED_MESSAGE_COPY } from '../copy-conversations'
import { messageOf, notifyError, notifySuccess } from '../lib/notify'
import { noteHostChangeAtom } from './host'

/** Deletes a reported message (its text gone, its place kept); answers whether it went. */
export const hostDeleteMessageAtom = atom(null, async (_get, set, messageId: string) => {
  try {
    await api.hostDeleteMessage(messageId)
    notifySuccess(REPORTED_MESSAGE_COPY.deleted)
    return true
  } catch (error) {
    notifyError(messageOf(error))
    return false
  } finally {
    set(noteHostChangeAtom)
  }
})
