/** The invariant of every fuzzed clip's answer (clip-fuzz.test.ts, clip-fuzz.soak.test.ts). */
import { expect } from 'vitest'
import type { ErrorResponse } from '../../../src/shared/api-types'

/** 201, or 400 with exactly one sentence and INVALID_CLIP (or VALIDATION for an empty file). */
export async function checkFuzzedClipAnswer(response: Response, seed: string): Promise<void> {
  const text = await response.text()
  expect([201, 400], `${seed}: ${response.status} ${text}`).toContain(response.status)
  if (response.status === 400) {
    const body = JSON.parse(text) as ErrorResponse
    expect(['INVALID_CLIP', 'VALIDATION'], text).toContain(body.code)
    expect(body.errors).toHaveLength(1)
    expect(body.errors[0]).toMatch(/\.$/)
  }
}
