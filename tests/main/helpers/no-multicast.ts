/**
 * Setup file of the main-process tests (vitest.config.ts): no test may multicast on this
 * machine's network, so should anything reach for the real mDNS library, it fails instead.
 * Tests that need LAN discovery mock its transport with the in-memory bus of the server tests.
 */
import { vi } from 'vitest'

vi.mock('multicast-dns', () => ({
  default: () => {
    throw new Error('a test tried to open a real mDNS socket')
  },
}))
