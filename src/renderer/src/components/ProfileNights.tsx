import { GAME_NIGHT_COPY } from '../copy-game-nights'
import { GameNightList } from './GameNightList'
import '../styles/game-nights.css'

const WORDS = GAME_NIGHT_COPY.profile

/**
 * A profile's upcoming game nights: those its owner hosts or answered going, maybe or waiting,
 * soonest first, a page at a time.
 */
export function ProfileNights({ username, own }: { username: string; own: boolean }) {
  return (
    <section className="profile-nights" aria-labelledby="profile-nights-title">
      <h2 id="profile-nights-title" className="section-title">
        {WORDS.title}
      </h2>
      <GameNightList
        key={username}
        when="upcoming"
        filter={{ with: username }}
        label={WORDS.label(username)}
        empty={own ? WORDS.emptyOwn : WORDS.empty(username)}
      />
    </section>
  )
}
