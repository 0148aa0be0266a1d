/**
 * How long a whole answer stays true with nothing written (http/kept-answers.ts): the presenting
 * code says when something it showed changes by the clock alone (a poll ends, a mute runs out),
 * and a kept answer is not served past that moment. Outside a kept answer's fill this does nothing.
 */
import { ScopedStorage } from './scoped-storage'

interface AnswerLife {
  /** The first moment (milliseconds) at which the answer would read differently by the clock. */
  until: number
}

const life = new ScopedStorage<AnswerLife>()

/** Runs a fill, answering its result and the moment it stops being true (Infinity: never). */
export async function measuringAnswerLife<Result>(
  fill: () => Promise<Result>,
): Promise<{ result: Result; until: number }> {
  const measured: AnswerLife = { until: Infinity }
  const result = await life.run(measured, fill)
  return { result, until: measured.until }
}

/** Something in the answer being made reads differently from `at` on (milliseconds). */
export function answerChangesAt(at: number): void {
  const measured = life.getStore()
  if (measured && at < measured.until) measured.until = at
}
