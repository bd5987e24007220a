import { Box, Heading, Stack, Text } from '@chakra-ui/react'
import { MapPin } from 'lucide-react'
import type { TeachingAreaSummary, Term } from '@/api/discovery-types'
import { LabeledText } from '@/components/labeled-text'
import { Panel } from '@/components/page'

const labels = (terms: Term[]) => terms.map((t) => t.label).join(', ')

/** Where and what the tutor teaches, as a person reads it (never a point on a map). */
export function TeachingArea({ area }: { area: TeachingAreaSummary }) {
  return (
    <Panel as="section" aria-labelledby="area-heading">
      <Heading as="h2" id="area-heading" size="xl" mb="3">
        Teaching area
      </Heading>
      <Stack gap="2">
        <Text display="flex" alignItems="center" gap="2">
          <MapPin aria-hidden size={18} />
          <span data-testid="area-summary">
            {area.placeName
              ? `Teaches within ${area.radiusKm} km of ${area.placeName.replace(/^near /i, '')}`
              : `Teaches within ${area.radiusKm} km of home`}
          </span>
        </Text>
        <Box>
          <LabeledText label="Subjects">{area.subjects.length ? labels(area.subjects) : 'Any subject'}</LabeledText>
          <LabeledText label="Classes">{area.classes.length ? labels(area.classes) : 'Any class'}</LabeledText>
          <LabeledText label="Boards">{area.boards.length ? labels(area.boards) : 'Any board'}</LabeledText>
          <LabeledText label="Mode">{area.modes.length ? labels(area.modes) : 'At home or online'}</LabeledText>
        </Box>
      </Stack>
    </Panel>
  )
}
