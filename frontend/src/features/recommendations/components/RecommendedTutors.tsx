import { Box, Button, Flex, HStack, Progress, Spinner, Stack, Text } from '@chakra-ui/react'
import { progressSlotRecipe } from '@chakra-ui-theme/recipes/progress'
import { Check, Send } from 'lucide-react'
import { errorMessage } from '@/api/client'
import type { RecommendedTutor } from '@/api/discovery-types'
import { TutorCard, tutorName } from '@/components/tutor-card/TutorCard'
import { FormAlert } from '@/components/ui/form-alert'
import { useTranslation } from '@/lib/i18n'
import { notifyError, notifySuccess } from '@/lib/toaster'
import { useInviteTutor, useRecommendations } from '../api/recommendations'

/** The match score as a bar and a number, read as '87 out of 100 match'. */
function Score({ score }: { score: number }) {
  const { t } = useTranslation()
  return (
    <Progress.Root
      recipe={progressSlotRecipe}
      value={score}
      min={0}
      max={100}
      size="sm"
      colorPalette={score >= 70 ? 'green' : score >= 40 ? 'orange' : 'gray'}
      translations={{ value: () => t('recommendations:score.value', { score }) }}
      flex="1"
      maxW="48"
    >
      <HStack gap="2">
        <Progress.Label fontSize="sm" fontWeight="semibold" whiteSpace="nowrap">
          {t('recommendations:score.label', { score })}
        </Progress.Label>
        <Progress.Track flex="1">
          <Progress.Range />
        </Progress.Track>
      </HStack>
    </Progress.Root>
  )
}

function Recommendation({ tutor, requestId, closed }: { tutor: RecommendedTutor; requestId: number; closed: boolean }) {
  const { t } = useTranslation()
  const invite = useInviteTutor()
  const name = tutorName(tutor)
  return (
    <TutorCard tutor={tutor} headingLevel="h3">
      <Stack gap="2" mt="3" pt="3" borderTopWidth="1px" borderColor="border">
        <Score score={tutor.score} />
        <Box
          as="ul"
          aria-label={t('recommendations:tutor.why', { name })}
          listStyleType="none"
          m="0"
          p="0"
          fontSize="sm"
        >
          {tutor.reasons.map((reason, i) => (
            <Box as="li" key={reason} display="inline">
              {i > 0 && (
                <Text as="span" aria-hidden="true" color="fg.muted" mx="1.5">
                  ·
                </Text>
              )}
              {reason}
            </Box>
          ))}
        </Box>
        <Flex justify="flex-end">
          {tutor.invited ? (
            <Button
              size="sm"
              variant="subtle"
              colorPalette="green"
              disabled
              aria-label={t('recommendations:tutor.invitedName', { name })}
            >
              <Check aria-hidden /> {t('recommendations:tutor.invited')}
            </Button>
          ) : (
            <Button
              size="sm"
              colorPalette="blue"
              disabled={closed}
              loading={invite.isPending}
              loadingText={t('recommendations:tutor.inviting')}
              aria-label={t('recommendations:tutor.inviteName', { name })}
              onClick={() =>
                invite.mutate(
                  { requestId, tutorId: tutor.id },
                  {
                    onSuccess: () => notifySuccess(t('recommendations:tutor.inviteSent', { name })),
                    onError: (e) => notifyError(errorMessage(e, t('recommendations:tutor.inviteFailed'))),
                  },
                )
              }
            >
              <Send aria-hidden /> {t('recommendations:tutor.invite')}
            </Button>
          )}
        </Flex>
      </Stack>
    </TutorCard>
  )
}

/**
 * The tutors who best match one of the parent's requests (GET /tuition/{id}/recommendations), each
 * with its match score, the reasons ('2.1 km away · Teaches Mathematics for Class 8 · CBSE'), a link
 * to the profile and Invite (→ Invited), which notifies the tutor.
 */
export function RecommendedTutors({ requestId, closed = false }: { requestId: number; closed?: boolean }) {
  const { t } = useTranslation()
  const recommendations = useRecommendations(requestId)
  if (recommendations.isPending) return <Spinner aria-label={t('recommendations:list.loading')} />
  if (recommendations.isError) {
    return <FormAlert status="error" message={errorMessage(recommendations.error, t('recommendations:list.failed'))} />
  }
  const tutors = recommendations.data.tutors
  if (tutors.length === 0) {
    return <Text color="fg.muted">{t('recommendations:list.empty')}</Text>
  }
  return (
    <Stack as="ul" listStyleType="none" gap="3" aria-label={t('recommendations:list.label')}>
      {tutors.map((tutor) => (
        <li key={tutor.id}>
          <Recommendation tutor={tutor} requestId={requestId} closed={closed} />
        </li>
      ))}
    </Stack>
  )
}
