import { Box, Spinner, Text } from '@chakra-ui/react'
import { lazy, Suspense, useEffect } from 'react'
import { ErrorBoundary } from '@/components/error-boundary'
import type { MapViewProps } from './types'

export type { LatLng, MapMarker, MapViewProps } from './types'

// Leaflet (about 45 KB gzipped) and its CSS load with the first map, never on the landing route.
const LeafletMap = lazy(() => import('./LeafletMap'))

export const MAP_LOAD_FAILED = 'The map could not be loaded.'

interface MapViewOuterProps extends MapViewProps {
  /** Told when the map's code failed to load. */
  onError?: () => void
}

function ReportError({ onError }: { onError?: () => void }) {
  useEffect(() => onError?.(), [onError])
  return null
}

/** A Leaflet map, loaded on first use; a spinner while it loads and a message if it cannot. */
export function MapView({ onError, height = '360px', ...props }: MapViewOuterProps) {
  return (
    <Box borderRadius="md" overflow="hidden" borderWidth="1px" borderColor="border" position="relative" zIndex="0">
      <ErrorBoundary
        resetKey="map"
        fallback={() => (
          <Box h={height} display="flex" alignItems="center" justifyContent="center" bg="bg.muted" p="4">
            <ReportError onError={onError} />
            <Text role="alert">{MAP_LOAD_FAILED}</Text>
          </Box>
        )}
      >
        <Suspense
          fallback={
            <Box h={height} display="flex" alignItems="center" justifyContent="center" bg="bg.muted">
              <Spinner aria-label="Loading map" />
            </Box>
          }
        >
          <LeafletMap height={height} {...props} />
        </Suspense>
      </ErrorBoundary>
    </Box>
  )
}
