import { HStack } from '@chakra-ui/react'
import { Star } from 'lucide-react'
import { RATING_MAX } from '@/lib/constants'

/** A read-only row of stars, read out as one image ("Rated 4 out of 5"). */
export function Stars({ value, size = 18 }: { value: number; size?: number }) {
  const filled = Math.round(value)
  return (
    <HStack gap="0.5" role="img" aria-label={`Rated ${value} out of ${RATING_MAX}`}>
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
