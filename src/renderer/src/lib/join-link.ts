/**
 * What the Server page's QR code holds (docs/hosting.md, "LAN party, step by step"): for a share on HTTPS, the plain
 * `http://…/join` page, which a phone can open before its browser warns about the certificate and
 * which explains that warning (the code rides along for the person reading the link); for plain
 * HTTP, the address itself.
 */
export function joinLink(address: string, code: string | null): string {
  const url = new URL(address)
  if (code === null) return `${url.origin}/`
  return `http://${url.host}/join?code=${encodeURIComponent(code)}`
}
