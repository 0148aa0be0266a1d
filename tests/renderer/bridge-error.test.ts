import { describe, expect, it } from 'vitest'
import { bridgeErrorMessage } from '../../src/renderer/src/lib/bridge-error'

describe('bridgeErrorMessage', () => {
  it.each([
    [
      "Error invoking remote method 'gamerstage:set-connection': ConnectionError: Could not reach http://10.0.0.9:4567: nothing answered there.",
      'Could not reach http://10.0.0.9:4567: nothing answered there.',
    ],
    [
      "Error invoking remote method 'gamerstage:set-lan-sharing': Error: Port 4567 is already in use.",
      'Port 4567 is already in use.',
    ],
    [
      "Error invoking remote method 'gamerstage:backup-data': IpcRefusal: Not allowed.",
      'Not allowed.',
    ],
    [
      'LAN sharing: This is only available in the desktop app.',
      'LAN sharing: This is only available in the desktop app.',
    ],
    ['TypeError: Failed to fetch', 'Failed to fetch'],
    ['Plain words: keep them all.', 'Plain words: keep them all.'],
  ])('turns %j into %j', (raw, expected) => {
    expect(bridgeErrorMessage(new Error(raw))).toBe(expected)
  })

  it('reads strings and falls back on empty errors', () => {
    expect(bridgeErrorMessage('Error: The disk is full.')).toBe('The disk is full.')
    expect(bridgeErrorMessage(new Error(''))).toBe('Something went wrong. ')
    expect(bridgeErrorMessage(undefined, 'Nope')).toBe('Nope')
  })
})
