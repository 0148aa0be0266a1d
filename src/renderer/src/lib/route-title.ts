/** The page title of a route: "Explore · Gamerstage", "@nova_strike · Gamerstage". */
export function routeTitle(pathname: string): string {
  const named: Record<string, string> = {
    '/': 'Login',
    '/signup': 'Sign up',
    '/home': 'Home',
    '/explore': 'Explore',
    '/bookmarks': 'Bookmarks',
    '/server': 'Server',
  }
  let name = named[pathname]
  if (!name && pathname.startsWith('/post/')) name = 'Post'
  if (!name) {
    const segment = decodeURIComponent(pathname.replace(/^\/+|\/+$/g, ''))
    name = segment && !segment.includes('/') ? `@${segment}` : ''
  }
  return name ? `${name} · Gamerstage` : 'Gamerstage'
}
