import { HStack } from '@chakra-ui/react'
import { Star } from 'lucide-react'
import { RATING_MAX } from '@/lib/constants'
import { useTranslation } from '@/lib/i18n'

/** A read-only row of stars, read out as one image ("Rated 4 out of 5"). */
export function Stars({ value, size = 18 }: { value: number; size?: number }) {
  const { t } = useTranslation('tutors')
  const filled = Math.round(value)
  return (
    <HStack gap="0.5" role="img" aria-label={t('tutors:reviews.stars', { rating: String(value), max: RATING_MAX })}>
      {Array.from({ length: RATING_MAX }, (_, i) => (
        <Star
          key={i}
          size={size}
          aria-hidden="true"
          color={i < filled ? '#c2410c' : '#a1a1aa'}
          fill={i < filled ? '#f97316' : 'none'}
        />
      ))}
    </HStack>
  )
}
