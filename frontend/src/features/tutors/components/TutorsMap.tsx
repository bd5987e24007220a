import { Box, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import type { TutorCard as TutorCardData } from '@/api/discovery-types'
import { MapView } from '@/components/map/MapView'
import type { MapMarker } from '@/components/map/types'
import { useTranslation } from '@/lib/i18n'

/**
 * The page's tutors on the map: one numbered badge per locality they teach near (the public point of
 * the place their card names, never a tutor's own), opening a list of links to their profiles.
 */
function tutorMarkers(tutors: TutorCardData[], t: ReturnType<typeof useTranslation>['t']): MapMarker[] {
  const groups = new Map<string, TutorCardData[]>()
  for (const tutor of tutors) {
    const at = tutor.placeLocation
    if (!at || at.length !== 2) continue
    const key = at.join(',')
    const group = groups.get(key)
    if (group) group.push(tutor)
    else groups.set(key, [tutor])
  }
  return [...groups].map(([key, group]) => {
    const [lng, lat] = group[0]!.placeLocation as [number, number]
    const named = group[0]!.placeName
    const place = named ? t('shared:tutorCard.nearPlace', { place: named }) : t('tutors:map.nearThisPlace')
    const label =
      group.length === 1
        ? t('tutors:map.oneTutor', { name: group[0]!.fullname, place })
        : t('tutors:map.tutorsAt', { count: group.length, place })
    return {
      id: `tutors-${key}`,
      position: { lat, lng },
      label,
      count: group.length,
      // One link per tutor; a lone tutor's link says whose profile it opens.
      popup: (
        <div>
          <strong>{label}</strong>
          <ul
            style={{
              margin: '4px 0 0',
              paddingLeft: group.length > 1 ? '16px' : 0,
              listStyle: group.length > 1 ? undefined : 'none',
            }}
          >
            {group.map((tutor) => (
              <li key={tutor.id}>
                <RouterLink to={`/tutor/${tutor.id}`}>
                  {group.length > 1 ? tutor.fullname : t('tutors:map.viewProfile', { name: tutor.fullname })}
                </RouterLink>
              </li>
            ))}
          </ul>
        </div>
      ),
    }
  })
}

interface TutorsMapProps {
  location: [number, number]
  placeLabel: string
  radiusKm: number
  tutors: TutorCardData[]
}

/** The search area (the place and the radius) with the listed tutors grouped by locality. */
export function TutorsMap({ location, placeLabel, radiusKm, tutors }: TutorsMapProps) {
  const { t } = useTranslation('tutors')
  return (
    <Box position={{ lg: 'sticky' }} top={{ lg: '4' }}>
      <MapView
        label={t('tutors:map.label', { km: radiusKm, place: placeLabel })}
        center={{ lat: location[1], lng: location[0] }}
        zoom={12}
        height="min(320px, 45vh)"
        markers={[
          { id: 'place', position: { lat: location[1], lng: location[0] }, label: placeLabel },
          ...tutorMarkers(tutors, t),
        ]}
        circle={{ center: { lat: location[1], lng: location[0] }, radiusKm }}
      />
      <Text fontSize="xs" color="fg.muted" mt="1">
        {t('tutors:map.note')}
      </Text>
    </Box>
  )
}
