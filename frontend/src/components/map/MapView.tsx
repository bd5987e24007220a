import { Box, Spinner, Text } from '@chakra-ui/react'
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { ErrorBoundary } from '@/components/error-boundary'
import { useTranslation } from '@/lib/i18n'
import type { MapViewProps } from './types'

export type { LatLng, MapMarker, MapViewProps } from './types'

// Leaflet (about 50 KB compressed with its CSS) loads only when a map is about to be seen or used:
// never on the landing route, and not on a first load that shows the map below the fold.
const LeafletMap = lazy(() => import('./LeafletMap'))

export const MAP_LOAD_FAILED = 'The map could not be loaded.'

interface MapViewOuterProps extends MapViewProps {
  /** Told when the map's code failed to load. */
  onError?: () => void
  /** Told when the map's code starts loading (the map came into view or was used). */
  onLoading?: () => void
}

/**
 * waiting: a stand-in of the map's size holds its place; loading: the map's code is on its way (the
 * stand-in covers the map until it is ready); shown: the map; failed: a message.
 */
type Phase = 'waiting' | 'loading' | 'shown' | 'failed'

function ReportError({ onError }: { onError: () => void }) {
  useEffect(() => onError(), [onError])
  return null
}

/**
 * A Leaflet map, loaded when it comes into view or is used (focused, clicked, a key pressed); until
 * then a stand-in of the same size with the same name, in the same place in the tab order. Keyboard
 * focus on the stand-in moves to the map once it is there, and Enter (or Space) on it drops the pin
 * at the centre, where the map's crosshair will be.
 */
export function MapView({ onError, onLoading, onReady, height = '360px', ...props }: MapViewOuterProps) {
  const { t } = useTranslation('shared')
  const { label, center, onPick } = props
  // jsdom (and very old browsers) cannot tell when the map is in view: load it at once.
  const [phase, setPhase] = useState<Phase>(() => (typeof IntersectionObserver === 'undefined' ? 'loading' : 'waiting'))
  const standIn = useRef<HTMLDivElement>(null)
  const started = useRef(phase !== 'waiting')

  const load = useCallback(() => {
    if (started.current) return
    started.current = true
    setPhase((current) => (current === 'waiting' ? 'loading' : current))
    onLoading?.()
  }, [onLoading])

  useEffect(() => {
    const element = standIn.current
    if (phase !== 'waiting' || !element) return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) load()
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [phase, load])

  // Called once the map's handlers are attached: the focus moves from the stand-in to the map (a
  // keyboard user goes on where they were), then the stand-in goes and the map takes its name.
  const shown = useCallback(
    (container: HTMLElement) => {
      if (standIn.current && document.activeElement === standIn.current) container.focus({ preventScroll: true })
      setPhase('shown')
      onReady?.()
    },
    [onReady],
  )
  const failed = useCallback(() => {
    setPhase('failed')
    onError?.()
  }, [onError])

  const onKeyDown = (event: KeyboardEvent) => {
    load()
    if (onPick && (event.key === 'Enter' || event.key === ' ')) {
      // Space would scroll the page.
      event.preventDefault()
      onPick({ lat: center.lat, lng: center.lng })
    }
  }

  return (
    <Box borderRadius="md" overflow="hidden" borderWidth="1px" borderColor="border" position="relative" zIndex="0">
      <Box position="relative" h={height}>
        {(phase === 'waiting' || phase === 'loading') && (
          <Box
            ref={standIn}
            role="region"
            aria-label={label}
            // Leaflet's container is in the tab order (arrow keys pan it): so is its stand-in.
            tabIndex={0}
            data-testid="map-stand-in"
            position="absolute"
            inset="0"
            // Above Leaflet's panes and controls while the map loads beneath it.
            zIndex="1001"
            display="flex"
            alignItems="center"
            justifyContent="center"
            bg="bg.muted"
            cursor={onPick ? 'crosshair' : undefined}
            outline="none"
            _focusVisible={{ boxShadow: 'inset 0 0 0 3px {colors.blue.600}' }}
            onFocus={load}
            onPointerDown={load}
            onKeyDown={onKeyDown}
          >
            {phase === 'loading' && <Spinner aria-label={t('shared:map.loading')} />}
          </Box>
        )}
        {phase === 'failed' ? (
          <Box h="full" display="flex" alignItems="center" justifyContent="center" bg="bg.muted" p="4">
            <Text role="alert">{t('shared:map.loadFailed')}</Text>
          </Box>
        ) : (
          phase !== 'waiting' && (
            <ErrorBoundary resetKey="map" fallback={() => <ReportError onError={failed} />}>
              <Suspense fallback={null}>
                <LeafletMap {...props} height={height} named={phase === 'shown'} onShown={shown} />
              </Suspense>
            </ErrorBoundary>
          )
        )}
      </Box>
    </Box>
  )
}
