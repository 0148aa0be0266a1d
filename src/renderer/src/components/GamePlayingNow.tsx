import type { Game } from '../../../shared/api-types'

/**
 * The game page's "Playing now" section (issue 28, item 3: "who is playing it now"): the place
 * where the people whose status names this game go, live. Their statuses come from the presence
 * and status work built apart (PUT /api/me/status and its live `status` events); until that is
 * merged this renders nothing rather than a made-up list. At the merge: read the statuses whose
 * game is `game.name` (or `game.slug`) and list them here, when `useServerFeature('now-playing')`.
 */
export function GamePlayingNow({ game }: { game: Game }) {
  void game
  return null
}
