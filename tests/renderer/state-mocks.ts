/**
 * The renderer state tests drive the state through a Jotai store with the server calls and the
 * toasts replaced by mocks; each test answers the calls it expects. Import this first, before
 * anything that imports the API modules, so that they load mocked.
 */
import { vi } from 'vitest'
import type * as Notify from '../../src/renderer/src/lib/notify'

vi.mock('../../src/renderer/src/api/posts')
vi.mock('../../src/renderer/src/api/users')
vi.mock('../../src/renderer/src/api/comments')
vi.mock('../../src/renderer/src/lib/notify', async (importOriginal) => {
  const notify = await importOriginal<typeof Notify>()
  const notifyError = vi.fn()
  return {
    ...notify,
    notifyError,
    notifySuccess: vi.fn(),
    // The module's own call to notifyError would miss the mock: its toast goes to the mock too.
    notifyFailure: vi.fn((error: unknown) => {
      const message = notify.messageOf(error)
      notifyError(message)
      return message
    }),
  }
})
