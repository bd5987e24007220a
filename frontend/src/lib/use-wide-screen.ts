import { useSyncExternalStore } from 'react'

/** Chakra's md breakpoint: the admin's lists are tables from here up and cards below, and search filters
 * are drawn in place from here up and in a sheet below. */
const WIDE = '(min-width: 48rem)'

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(WIDE)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

/**
 * Whether the screen is md or wider, known at the first render (no flash of the other layout). Not
 * Chakra's `useBreakpointValue`: its media-query machinery would join the `ui` chunk every screen loads.
 */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE).matches,
    () => true,
  )
}
