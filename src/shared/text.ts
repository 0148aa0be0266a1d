/**
 * Characters a name or bio never needs and an attacker loves (docs/security.md): C0/C1
 * controls and NUL, bidirectional overrides and isolates (U+202A–202E, U+2066–2069) and marks
 * (U+200E/F, U+061C), and zero-width characters (U+200B, U+200C, U+2060–2064, U+FEFF). U+202E
 * turns `gpj.exe` into `exe.jpg`; zero-width ones make `admin` and `ad\u200Bmin` two names that
 * look alike.
 */
const INVISIBLE =
  // The control characters are the point of this pattern.
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200B\u200C\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g

/** Zero-width joiners, except inside an emoji sequence such as 👩‍💻, where they belong. */
const STRAY_JOINER =
  /(?<!\p{Extended_Pictographic}\uFE0F?)\u200D|\u200D(?!\p{Extended_Pictographic})/gu

/** Tabs and line feeds (carriage returns are controls): kept in a bio, spaces in a name. */
const LINE_BREAKS = /[\t\n]/g

export function stripInvisible(text: string, options: { multiline?: boolean } = {}): string {
  const cleaned = text.replace(INVISIBLE, '').replace(STRAY_JOINER, '')
  return options.multiline ? cleaned : cleaned.replace(LINE_BREAKS, ' ')
}
