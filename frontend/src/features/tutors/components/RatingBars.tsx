import { Box, HStack, Stack, Text } from '@chakra-ui/react'
import { RATING_MAX } from '@/lib/constants'
import { useTranslation } from '@/lib/i18n'

/**
 * The distribution of stars: one bar per star count, 5 at the top. `counts[0]` is 1 star … `[4]` 5 stars.
 * Each row reads as '5 stars: 8 reviews'.
 */
export function RatingBars({ counts }: { counts: number[] }) {
  const { t } = useTranslation('tutors')
  const total = counts.reduce((sum, n) => sum + n, 0)
  const rows = Array.from({ length: RATING_MAX }, (_, i) => RATING_MAX - i)
  return (
    <Stack as="ul" aria-label={t('tutors:reviews.byStars')} listStyleType="none" gap="1" maxW="sm" w="full">
      {rows.map((stars) => {
        const count = counts[stars - 1] ?? 0
        const share = total > 0 ? Math.round((count / total) * 100) : 0
        return (
          <HStack as="li" key={stars} gap="2" fontSize="sm">
            <Box srOnly>{t('tutors:reviews.barRow', { stars, count })}</Box>
            <Text aria-hidden="true" w="10" flexShrink={0}>
              {t('tutors:reviews.starsShort', { stars })}
            </Text>
            <Box aria-hidden="true" flex="1" h="2" bg="bg.muted" borderRadius="full" overflow="hidden">
              <Box h="full" w={`${share}%`} bg="orange.400" data-testid={`stars-${stars}-bar`} />
            </Box>
            <Text aria-hidden="true" w="8" textAlign="end" color="fg.muted">
              {count}
            </Text>
          </HStack>
        )
      })}
    </Stack>
  )
}
