import { Heading, NativeSelect, Stack, Text } from '@chakra-ui/react'
import { nativeSelectSlotRecipe } from '@chakra-ui-theme/recipes/native-select'
import { useState } from 'react'
import { Panel } from '@/components/page'
import { FormField } from '@/components/ui/form-field'
import { useMyOpenRequests } from '../api/recommendations'
import { RecommendedTutors } from './RecommendedTutors'

/**
 * The parent dashboard's 'Recommended tutors': for one open request at a time (the newest first, a
 * select to switch), the best matching tutors with the reasons and Invite. Nothing without an open request.
 */
export default function RecommendationsPanel() {
  const open = useMyOpenRequests()
  const [chosen, setChosen] = useState<number | null>(null)
  // The request list beside it shows the loading and any error.
  if (!open.isSuccess || open.data.length === 0) return null
  const request = open.data.find((r) => r.id === chosen) ?? open.data[0]!
  return (
    <Panel as="section" aria-labelledby="recommended-heading" mt="6">
      <Stack gap="4">
        <Heading as="h2" id="recommended-heading" size="xl">
          Recommended tutors
        </Heading>
        <Text color="fg.muted">
          The tutors who fit your request best, and why. Invite one and they get a notification to get in touch. No
          tutor pays to appear here.
        </Text>
        {open.data.length > 1 ? (
          <FormField label="For your request">
            <NativeSelect.Root recipe={nativeSelectSlotRecipe} maxW="md">
              <NativeSelect.Field value={String(request.id)} onChange={(e) => setChosen(Number(e.target.value))}>
                {open.data.map((r) => (
                  <option key={r.id} value={String(r.id)}>
                    {r.subject} · {r.classLevel}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
        ) : (
          <Text fontWeight="medium">
            For your request: {request.subject} · {request.classLevel}
          </Text>
        )}
        <RecommendedTutors key={request.id} requestId={request.id} />
      </Stack>
    </Panel>
  )
}
