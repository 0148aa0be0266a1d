/**
 * The checks of a server's answers (shared/answer-schemas.ts, docs/security.md), loaded beside
 * the first screen rather than in it: zod's rules weigh about a tenth of the first load, and the
 * first answer that needs them asks for them (main.tsx asks at once, while the page starts). Each
 * answer is still checked before anything reads it; a call names its check.
 */
import type {
  ANSWERS,
  AnswerCheck,
  EMOJI_ANSWERS,
  GAME_ANSWERS,
  GAME_NIGHT_ANSWERS,
} from '../../../shared/answer-schemas'

type Checks = typeof ANSWERS &
  typeof GAME_ANSWERS &
  typeof GAME_NIGHT_ANSWERS &
  typeof EMOJI_ANSWERS

/** The name of an answer's check: a key of ANSWERS, GAME_ANSWERS, GAME_NIGHT_ANSWERS or EMOJI_ANSWERS. */
export type AnswerName = keyof Checks

let loading: Promise<Readonly<Record<AnswerName, AnswerCheck<unknown>>>> | null = null

/** The checks, loaded on first use; a load that failed (offline) is tried again next time. */
export function loadAnswerChecks(): Promise<Readonly<Record<AnswerName, AnswerCheck<unknown>>>> {
  loading ??= import('../../../shared/answer-schemas').then(
    ({ ANSWERS, GAME_ANSWERS, GAME_NIGHT_ANSWERS, EMOJI_ANSWERS }) => ({
      ...ANSWERS,
      ...GAME_ANSWERS,
      ...GAME_NIGHT_ANSWERS,
      ...EMOJI_ANSWERS,
    }),
    (error: unknown) => {
      loading = null
      throw error
    },
  )
  return loading
}
