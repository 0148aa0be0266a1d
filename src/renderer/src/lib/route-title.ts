import { isValidTag, normalizeTag } from '../../../shared/rich-text'

/** A path segment decoded, or null when its escapes are broken (`%E0%A4%A`). */
function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment)
  } catch {
    return null
  }
}

/**
 * The page title of a route: "Explore · Gamerstage", "@nova_strike · Gamerstage",
 * "#lan · Gamerstage".
 */
export function routeTitle(pathname: string): string {
  const named: Record<string, string> = {
    '/': 'Login',
    '/signup': 'Sign up',
    '/home': 'Home',
    '/explore': 'Explore',
    '/bookmarks': 'Bookmarks',
    '/notifications': 'Notifications',
    '/server': 'Server',
    '/search': 'Search',
  }
  let name = named[pathname]
  if (!name && pathname.startsWith('/post/')) name = 'Post'
  if (!name && pathname.startsWith('/tags/')) {
    const tag = decodeSegment(pathname.slice('/tags/'.length).replace(/\/+$/, ''))
    name = tag !== null && isValidTag(tag) ? `#${normalizeTag(tag)}` : 'Tag'
  }
  // Games: the slug, until the page knows the name.
  if (!name && pathname.startsWith('/games/')) name = 'Game'
  if (!name) {
    const segment = decodeSegment(pathname.replace(/^\/+|\/+$/g, '')) ?? ''
    name = segment && !segment.includes('/') ? `@${segment}` : ''
  }
  return name ? `${name} · Gamerstage` : 'Gamerstage'
}
