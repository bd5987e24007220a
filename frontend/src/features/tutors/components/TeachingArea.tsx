import { Box, Heading, Stack, Text } from '@chakra-ui/react'
import { MapPin } from 'lucide-react'
import type { TeachingAreaSummary, Term } from '@/api/discovery-types'
import { LabeledText } from '@/components/labeled-text'
import { Panel } from '@/components/page'
import { useTranslation } from '@/lib/i18n'

const labels = (terms: Term[]) => terms.map((term) => term.label).join(', ')

/** Where and what the tutor teaches, as a person reads it (never a point on a map). */
export function TeachingArea({ area }: { area: TeachingAreaSummary }) {
  const { t } = useTranslation('tutors')
  return (
    <Panel as="section" aria-labelledby="area-heading">
      <Heading as="h2" id="area-heading" size="xl" mb="3">
        {t('tutors:area.title')}
      </Heading>
      <Stack gap="2">
        <Text display="flex" alignItems="center" gap="2">
          <MapPin aria-hidden size={18} />
          <span data-testid="area-summary">
            {area.placeName
              ? t('tutors:area.within', { km: area.radiusKm, place: area.placeName })
              : t('tutors:area.withinHome', { km: area.radiusKm })}
          </span>
        </Text>
        <Box>
          <LabeledText label={t('tutors:area.subjects')}>
            {area.subjects.length ? labels(area.subjects) : t('tutors:bar.anySubject')}
          </LabeledText>
          <LabeledText label={t('tutors:area.classes')}>
            {area.classes.length ? labels(area.classes) : t('tutors:filters.anyClass')}
          </LabeledText>
          <LabeledText label={t('tutors:area.boards')}>
            {area.boards.length ? labels(area.boards) : t('tutors:filters.anyBoard')}
          </LabeledText>
          <LabeledText label={t('tutors:filters.mode')}>
            {area.modes.length ? labels(area.modes) : t('tutors:filters.anyMode')}
          </LabeledText>
        </Box>
      </Stack>
    </Panel>
  )
}
