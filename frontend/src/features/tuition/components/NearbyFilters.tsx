import { Box, Button, Grid, Heading, HStack, Link, NativeSelect, Text } from '@chakra-ui/react'
import { nativeSelectSlotRecipe } from '@chakra-ui-theme/recipes/native-select'
import { LocateFixed } from 'lucide-react'
import { useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { PlaceSearch } from '@/components/places/PlaceSearch'
import type { PlaceValue } from '@/components/places/types'
import { Panel } from '@/components/page'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { TermSelect } from '@/features/vocabulary'
import { useTranslation } from '@/lib/i18n'
import { useWideScreen } from '@/lib/use-wide-screen'
import { useNearbyFacets, type NearbyParams } from '../api/get-nearby'
import { centreLabel, radiusOptions, type FilterFacet, type NearbySort, type NearbyState } from '../lib/nearby-state'

/** No saved area: the search starts from the default centre, and says where to save one. */
function AreaPrompt() {
  const { t } = useTranslation('tuition')
  return (
    <Box borderWidth="1px" borderColor="blue.200" bg="blue.50" borderRadius="md" p="3" mb="4" data-testid="area-prompt">
      <Text fontSize="sm">
        <Link asChild color="blue.700" fontWeight="semibold">
          <RouterLink to="/profile">{t('tuition:areaPrompt')}</RouterLink>
        </Link>
      </Text>
    </Box>
  )
}

interface NearbyFiltersProps {
  state: NearbyState
  /** What the list is asked with: its filters' counts are asked with the same. */
  query: NearbyParams
  hasArea: boolean
  centreName: string | null
  onPlace: (place: PlaceValue | null) => void
  onRadius: (radiusKm: number) => void
  onFilter: (facet: FilterFacet, id: string) => void
  onSort: (sort: NearbySort) => void
  onLocate: () => void
}

/** The search panel: the centre (a place, the map or the device's location), the distance and the filters. */
export function NearbyFilters({
  state,
  query,
  hasArea,
  centreName,
  onPlace,
  onRadius,
  onFilter,
  onSort,
  onLocate,
}: NearbyFiltersProps) {
  const { t } = useTranslation('tuition')
  const { filters, radiusKm } = state
  // The counts are asked once the tutor turns to the filters: on a phone they are drawn only in the
  // opened sheet; on a wide screen, from the first pointer over them or focus in them.
  const [engaged, setEngaged] = useState(!useWideScreen())
  const counts = useNearbyFacets(query, { enabled: engaged }).data
  const engage = () => setEngaged(true)
  return (
    <Panel as="section" aria-labelledby="nearby-filters" onPointerEnter={engage} onFocus={engage}>
      <Heading as="h2" id="nearby-filters" size="lg" mb="4">
        {t('tuition:search')}
      </Heading>
      {!hasArea && <AreaPrompt />}
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' }}
        gap="4"
      >
        <Box gridColumn={{ md: 'span 2 / span 2' }}>
          <PlaceSearch label={t('tuition:around')} value={state.place} onChange={onPlace} />
        </Box>
        <FormField label={t('tuition:distance')}>
          <NativeSelect.Root recipe={nativeSelectSlotRecipe}>
            <NativeSelect.Field
              name="radiusKm"
              value={String(radiusKm)}
              onChange={(e) => onRadius(Number(e.target.value))}
            >
              {radiusOptions(radiusKm).map((km) => (
                <option key={km} value={km}>
                  {t('tuition:km', { km })}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <TermSelect
          label={t('tuition:mode')}
          facet="modes"
          value={filters.mode}
          onChange={(id) => onFilter('modes', id)}
          placeholder={t('tuition:anyMode')}
          name="mode"
        />
        <TermSelect
          label={t('tuition:subject')}
          facet="subjects"
          value={filters.subjectId}
          onChange={(id) => onFilter('subjects', id)}
          placeholder={t('tuition:anySubject')}
          name="subjectId"
          counts={counts?.subjects}
        />
        <TermSelect
          label={t('tuition:class')}
          facet="classes"
          value={filters.classId}
          onChange={(id) => onFilter('classes', id)}
          placeholder={t('tuition:anyClass')}
          name="classId"
          counts={counts?.classes}
        />
        <TermSelect
          label={t('tuition:board')}
          facet="boards"
          value={filters.board}
          onChange={(id) => onFilter('boards', id)}
          placeholder={t('tuition:anyBoard')}
          name="board"
        />
        <FormField label={t('tuition:sortBy')}>
          <NativeSelect.Root recipe={nativeSelectSlotRecipe}>
            <NativeSelect.Field name="sort" value={state.sort} onChange={(e) => onSort(e.target.value as NearbySort)}>
              <option value="distance">{t('tuition:sort.distance')}</option>
              <option value="newest">{t('tuition:sort.newest')}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
      </Grid>
      {counts?.mine != null && (
        <Text fontSize="sm" mt="3" data-testid="mine-count">
          {t('tuition:mineCount', { mine: counts.mine, all: counts.all })}
        </Text>
      )}
      <HStack mt="4" justify="space-between" wrap="wrap" gap="2">
        <Text fontSize="sm" data-testid="search-centre" aria-live="polite">
          {t('tuition:searching', { centre: centreLabel(state.centreSource, centreName), km: radiusKm })}
        </Text>
        <Button type="button" variant="outline" size="sm" onClick={onLocate} loading={state.locating}>
          <LocateFixed aria-hidden /> {t('shared:map.useMyLocation')}
        </Button>
      </HStack>
      {state.geoError && (
        <Box mt="2">
          <FormAlert status="error" message={state.geoError} />
        </Box>
      )}
    </Panel>
  )
}
