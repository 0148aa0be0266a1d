import { Suspense, lazy } from 'react'
import type { ComponentType, ReactNode } from 'react'

/**
 * A component whose module loads on first render, for parts no first screen shows at once
 * (dialogs opened by a click, side panels): keeps them out of the first load's budget (docs/desktop.md, "The build that ships"). `fallback` shows meanwhile: a few milliseconds from the server.
 */
export function lazyComponent<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  fallback: ReactNode = null,
): ComponentType<Props> {
  const Loaded = lazy(() => load().then((component) => ({ default: component })))
  return function LazyComponent(props: Props) {
    return (
      <Suspense fallback={fallback}>
        <Loaded {...props} />
      </Suspense>
    )
  }
}
