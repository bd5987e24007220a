import { Text } from '@chakra-ui/react'
import { formatDate } from '@/lib/format'
import { useTranslation } from '@/lib/i18n'

/**
 * Why a parent may not review this tutor yet, and when they may: reviews come from a real
 * contact, so both must have written to each other in the chat and a day must have passed
 * since (`opensAt`, from the profile, once both have written). No form the server would refuse.
 */
export function ReviewNotYet({ opensAt }: { opensAt?: string | null }) {
  const { t } = useTranslation('tutors')
  return (
    <Text color="fg.muted" data-testid="review-not-yet">
      {opensAt
        ? t('tutors:review.opensAt', { when: formatDate(opensAt, 'dateTime') })
        : t('tutors:review.bothMustWrite')}
    </Text>
  )
}
