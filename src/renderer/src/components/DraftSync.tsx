import { useDraftSync } from '../state/draft-sync'

/**
 * Keeps the signed-in user's drafts on the server in step (state/draft-sync.ts). A component
 * so that AppLayout can load it after the first screen: nothing of it is needed to draw one.
 */
export function DraftSync() {
  useDraftSync()
  return null
}
