import { hostname } from 'node:os'
import { describe, expect, it } from 'vitest'
import { parseCliArgs } from '../../../src/server/cli'
import { StartError } from '../../../src/server/server'

describe('npm run serve -- --advertise', () => {
  it.each([
    [[], { advertise: false }],
    [['--host', '0.0.0.0', '--advertise'], { advertise: true, name: `${hostname()}'s Gamerstage` }],
    [
      ['--host', '192.168.1.20', '--advertise', '--name', ' LAN box '],
      { advertise: true, name: 'LAN box' },
    ],
  ])('parses %j', (args, expected) => {
    expect(parseCliArgs(args)).toMatchObject(expected)
  })

  it.each([
    [['--advertise'], /^--advertise needs --host 0\.0\.0\.0 or a LAN address/],
    [['--advertise', '--host', '127.0.0.1'], /nobody else can reach 127\.0\.0\.1/],
    [['--host', '0.0.0.0', '--advertise', '--name', ''], /^--name must be 1 to 60 characters\.$/],
    [['--host', '0.0.0.0', '--advertise', '--name', 'x'.repeat(61)], /^--name must be/],
  ])('refuses %j with one line', (args, message) => {
    expect(() => parseCliArgs(args)).toThrow(StartError)
    expect(() => parseCliArgs(args)).toThrow(message)
  })
})
