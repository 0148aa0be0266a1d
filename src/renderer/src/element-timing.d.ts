import 'react'

declare module 'react' {
  // Merging with React's own declaration: it must repeat its type parameter, unused here.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface HTMLAttributes<T> {
    /**
     * The Element Timing API's name for an element: the browser reports when it was painted
     * (PerformanceElementTiming). bench/ui-bench.ts reads the first post's text this way.
     */
    elementtiming?: string
  }
}
