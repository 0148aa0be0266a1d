/**
 * When two server names would look the same to a person (docs/security.md): "player1's
 * Gamerstage", "p1ayer1's Gamerstage", "plаyer1's Gamerstage" with a Cyrillic а, and the same
 * name with other spacing or accents all have one skeleton. Only for spotting look-alikes to
 * mark them; a name is never changed or refused for it. Deliberately broad: two honest names
 * marked as alike cost a glance at their codes, an impostor missed costs a password.
 */

/** Letters from other scripts, and digits and signs, that pass for Latin letters. */
const CONFUSABLE: Record<string, string> = {
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  х: 'x',
  у: 'y',
  і: 'l',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  һ: 'h',
  ӏ: 'l',
  в: 'b',
  к: 'k',
  м: 'm',
  н: 'h',
  т: 't',
  ь: 'b',
  ԛ: 'q',
  ԝ: 'w',
  ɡ: 'g',
  α: 'a',
  β: 'b',
  ε: 'e',
  ι: 'l',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ı: 'l',
  i: 'l',
  '1': 'l',
  '|': 'l',
  '!': 'l',
  '0': 'o',
  '5': 's',
  $: 's',
  '@': 'a',
}

/** Pairs of letters that read as one. */
const DIGRAPHS: [RegExp, string][] = [
  [/rn/g, 'm'],
  [/vv/g, 'w'],
]

export function nameSkeleton(name: string): string {
  const folded = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/./gu, (char) => CONFUSABLE[char] ?? char)
  const letters = folded.replace(/[^\p{L}\p{N}]/gu, '')
  return DIGRAPHS.reduce((text, [pattern, single]) => text.replace(pattern, single), letters)
}

/** True when two names would pass for each other. */
export const looksAlike = (a: string, b: string) => nameSkeleton(a) === nameSkeleton(b)
