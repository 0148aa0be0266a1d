import { describe, expect, it } from 'vitest'
import {
  extractMentions,
  extractTags,
  isValidTag,
  MAX_MENTIONS_PER_TEXT,
  MAX_TAGS_PER_TEXT,
  normalizeTag,
  parseRichText,
} from '../../../src/shared/rich-text'

describe('rich-text', () => {
  describe('extractMentions', () => {
    it.each([
      ['hi @alice', ['alice']],
      ['@alice at the start', ['alice']],
      ['thanks @alice.', ['alice']],
      ['(@alice), @bob!', ['alice', 'bob']],
      ['@nova_strike and @loot.goblin-2 gg', ['nova_strike', 'loot.goblin-2']],
      ['@Alice and @alice are one', ['Alice']],
      ['mail bob@example.com', []],
      ['a@b', []],
      ['@ab is too short', []],
      [`@${'a'.repeat(30)} fits`, ['a'.repeat(30)]],
      [`@${'a'.repeat(31)} is too long`, []],
      ['@@alice', []],
      ['@-alice', []],
      ['path/@alice', []],
      ['@alice-@bob', ['alice']],
      ['no mention here', []],
      ['', []],
    ])('finds in %j: %j', (text, expected) => {
      expect(extractMentions(text)).toEqual(expected)
    })

    it('counts at most 20 distinct mentions per text', () => {
      const text = Array.from({ length: 30 }, (_, index) => `@user_${index}`).join(' ')
      expect(extractMentions(text)).toHaveLength(MAX_MENTIONS_PER_TEXT)
    })
  })

  describe('extractTags', () => {
    it.each([
      ['#gg', ['gg']],
      ['good #GG and #gg', ['gg']],
      ['#lan_party2026!', ['lan_party2026']],
      ['issue #1 and #42', []],
      ['#2fort', ['2fort']],
      ['x#y', []],
      ['see example.com/#top', []],
      ['&#39; is an entity', []],
      ['##double', []],
      ['#Überraschung', ['überraschung']],
      ['#cafe\u0301 (decomposed)', ['caf\u00e9']],
      ['#日本語 #한국어', ['日本語', '한국어']],
      ['#a-b stops at the dash', ['a']],
      [`#${'t'.repeat(50)}`, ['t'.repeat(50)]],
      [`#${'t'.repeat(51)}`, []],
      ['#', []],
    ])('finds in %j: %j', (text, expected) => {
      expect(extractTags(text)).toEqual(expected)
    })

    it('counts at most 20 distinct tags per text', () => {
      const text = Array.from({ length: 25 }, (_, index) => `#tag${index}`).join(' ')
      expect(extractTags(text)).toHaveLength(MAX_TAGS_PER_TEXT)
    })
  })

  describe('parseRichText', () => {
    it.each([
      'plain text only',
      'gg @alice, see #LAN_party at example.com/#top or mail bob@example.com.',
      '@a @abc #1 #x ## @@',
      '',
      'emoji 🎮 #gaming 🎮 @player1',
    ])('splits %j into spans that join back to the text', (text) => {
      expect(
        parseRichText(text)
          .map((segment) => segment.text)
          .join(''),
      ).toBe(text)
    })

    it('labels mentions and tags with what they link to', () => {
      expect(parseRichText('gg @Alice #LAN!')).toEqual([
        { kind: 'text', text: 'gg ' },
        { kind: 'mention', text: '@Alice', username: 'Alice' },
        { kind: 'text', text: ' ' },
        { kind: 'tag', text: '#LAN', tag: 'lan' },
        { kind: 'text', text: '!' },
      ])
    })
  })

  describe('tags as given in a URL', () => {
    it.each([
      ['gg', true, 'gg'],
      ['#GG', true, 'gg'],
      ['123', false, '123'],
      ['', false, ''],
      ['a b', false, 'a b'],
      ['t'.repeat(51), false, 't'.repeat(51)],
    ])('%j is valid: %s, normalized %j', (tag, valid, normalized) => {
      expect(isValidTag(tag)).toBe(valid)
      expect(normalizeTag(tag)).toBe(normalized)
    })
  })
})
