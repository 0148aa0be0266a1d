import { useEffect, useState } from 'react'
import { joinLink } from '../lib/join-link'
import '../styles/server-page.css'

/** The QR code's dark modules as one SVG path, in module units. */
interface QrDrawing {
  size: number
  path: string
}

/** The blank border scanners need around a code, in modules (the QR standard's quiet zone). */
const QUIET_ZONE = 4

async function drawQr(text: string): Promise<QrDrawing> {
  // Loaded with the Server page's share only: most screens never need it.
  const { create } = await import('qrcode')
  const { modules } = create(text, { errorCorrectionLevel: 'M' })
  let path = ''
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (modules.get(row, column)) path += `M${column + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`
    }
  }
  return { size: modules.size + QUIET_ZONE * 2, path }
}

/**
 * A QR code of the join link for one shared address, dark on white in both themes (many
 * scanners cannot read a light-on-dark code), large enough to scan across a table.
 */
export function ShareQrCode({ address, code }: { address: string; code: string | null }) {
  const link = joinLink(address, code)
  const [drawn, setDrawn] = useState<{ link: string; drawing: QrDrawing } | null>(null)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    let live = true
    drawQr(link)
      .then((drawing) => live && setDrawn({ link, drawing }))
      .catch(() => live && setFailed(true))
    return () => {
      live = false
    }
  }, [link])

  const drawing = drawn?.link === link ? drawn.drawing : null
  return (
    <figure className="share-qr">
      <div className="share-qr-code">
        {drawing ? (
          <svg
            role="img"
            aria-label={`QR code of ${link}`}
            viewBox={`0 0 ${drawing.size} ${drawing.size}`}
            shapeRendering="crispEdges"
          >
            <rect width={drawing.size} height={drawing.size} fill="#ffffff" />
            <path d={drawing.path} fill="#000000" />
          </svg>
        ) : failed ? (
          <p className="field-error" role="alert">
            The QR code could not be drawn. Share the address instead.
          </p>
        ) : (
          <span className="spinner" aria-label="Drawing the QR code" />
        )}
      </div>
      <figcaption className="muted small">
        Scan with a phone’s camera: <code>{link}</code>
      </figcaption>
    </figure>
  )
}
