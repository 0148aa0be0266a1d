/**
 * Game covers while none can be uploaded (lib/game-cover.ts): the same initials and colour for a
 * game everywhere, and white initials readable on every colour (WCAG contrast of 7:1 or more).
 */
import { describe, expect, it } from 'vitest'
import { COVER_COLOURS, gameCover, gameInitials } from '../../src/renderer/src/lib/game-cover'

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
}

describe('game covers', () => {
  it('takes initials from the first two words, or two letters of one', () => {
    expect(gameInitials('Counter-Strike 2')).toBe('CS')
    expect(gameInitials('Minecraft')).toBe('MI')
    expect(gameInitials('The Legend of Zelda: Breath of the Wild')).toBe('TL')
    expect(gameInitials('osu!')).toBe('OS')
    expect(gameInitials('2048')).toBe('20')
    expect(gameInitials('原神')).toBe('原神')
    expect(gameInitials('"Quoted" game')).toBe('QG')
    expect(gameInitials('🎮')).toBe('?')
    expect(gameInitials('A'.repeat(60))).toBe('AA')
  })

  it('gives a game the same colour every time, and games different ones', () => {
    expect(gameCover('Minecraft', 'minecraft')).toEqual(gameCover('Minecraft', 'minecraft'))
    const colours = new Set(
      ['minecraft', 'terraria', 'valheim', 'dota2', 'counterstrike2', 'fortnite', 'rust'].map(
        (slug) => gameCover(slug, slug).background,
      ),
    )
    expect(colours.size).toBeGreaterThan(3)
  })

  it('keeps white initials readable on every colour', () => {
    for (const colour of COVER_COLOURS) {
      const contrast = (1 + 0.05) / (luminance(colour) + 0.05)
      expect(contrast, colour).toBeGreaterThanOrEqual(7)
    }
  })
})
