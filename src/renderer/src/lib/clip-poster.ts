/**
 * A clip's poster (docs/API.md "Clips in posts"): a frame of the video drawn on a canvas in the
 * composer and sent with the clip. Null when the browser cannot play the file here (the server
 * then makes a neutral poster) or takes too long.
 */
const POSTER_SIDE = 1280
const GIVE_UP_MS = 5000

export function capturePoster(file: Blob): Promise<Blob | null> {
  return new Promise((resolve) => {
    const video = document.createElement('video')
    const url = URL.createObjectURL(file)
    let done = false
    const finish = (blob: Blob | null) => {
      if (done) return
      done = true
      clearTimeout(timer)
      video.removeAttribute('src')
      video.load()
      URL.revokeObjectURL(url)
      resolve(blob)
    }
    const timer = setTimeout(() => finish(null), GIVE_UP_MS)
    video.muted = true
    video.preload = 'auto'
    video.playsInline = true
    video.addEventListener('error', () => finish(null))
    const draw = () => {
      const scale = Math.min(1, POSTER_SIDE / Math.max(video.videoWidth, video.videoHeight, 1))
      const canvas = document.createElement('canvas')
      canvas.width = Math.max(1, Math.round(video.videoWidth * scale))
      canvas.height = Math.max(1, Math.round(video.videoHeight * scale))
      const context = canvas.getContext('2d')
      if (!context || video.videoWidth === 0) {
        finish(null)
        return
      }
      context.drawImage(video, 0, 0, canvas.width, canvas.height)
      canvas.toBlob((blob) => finish(blob), 'image/jpeg', 0.85)
    }
    video.addEventListener('loadeddata', () => {
      // A recording without a length (a browser's MediaRecorder) says Infinity: its first frame.
      const duration = Number.isFinite(video.duration) ? video.duration : 0
      const at = Math.min(0.5, duration / 2)
      if (at > 0) {
        video.addEventListener('seeked', draw, { once: true })
        video.currentTime = at
      } else {
        draw()
      }
    })
    video.src = url
  })
}
