import { Badge, Box, Flex, Heading, HStack, Link, Spinner, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { errorMessage } from '@/api/client'
import { Panel } from '@/components/page'
import { FormAlert } from '@/components/ui/form-alert'
import { RATING_MAX } from '@/lib/constants'
import { formatDate } from '@/lib/format'
import { useTranslation } from '@/lib/i18n'
import { useSession } from '@/lib/session'
import type { TutorProfile } from '../api/get-tutor'
import { useReviews } from '../api/get-reviews'
import { RatingBars } from './RatingBars'
import { ReviewAnswer } from './ReviewAnswer'
import { ReviewForm } from './ReviewForm'
import { ReviewNotYet } from './ReviewNotYet'
import { Stars } from './Stars'

const reviewDate = (value: string) => formatDate(value, 'short', '')

/**
 * SPEC §2 "tutor reviews block": the average and count, the reviews, and a parent's form, once
 * the profile says they may review (`canReview`); until then why not, and when.
 */
export function ReviewsSection({ tutor }: { tutor: TutorProfile }) {
  const { t } = useTranslation('tutors')
  const session = useSession()
  const reviews = useReviews(tutor.id)
  // The mean to one decimal (null without reviews) and the count.
  const count = tutor.reviewCount
  const average = tutor.rating ?? null
  const me = session.user?.id
  const mine = reviews.data?.find((r) => me !== undefined && r.parentId === me)

  return (
    <Panel as="section" aria-labelledby="reviews-heading">
      <Stack gap="5">
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading as="h2" id="reviews-heading" size="xl">
            {t('tutors:reviews.title')}
          </Heading>
          {count > 0 && average != null ? (
            <HStack gap="2" role="group" aria-label={t('tutors:reviews.average')}>
              <Stars value={average} size={20} />
              <Text fontSize="2xl" fontWeight="bold" data-testid="rating-average">
                {average.toFixed(1)}
              </Text>
              <Text color="fg.muted">
                {t('tutors:reviews.outOf', { max: RATING_MAX })} ·{' '}
                <span data-testid="rating-count">{t('tutors:reviews.count', { count })}</span>
              </Text>
            </HStack>
          ) : (
            <Text color="fg.muted">{t('tutors:reviews.noRatings')}</Text>
          )}
        </Flex>
        {count > 0 && tutor.ratingCounts.length === 5 && <RatingBars counts={tutor.ratingCounts} />}
        <Text fontSize="sm" color="fg.muted">
          {t('tutors:reviews.whoMayReview')}
        </Text>

        {reviews.isPending ? (
          <Flex justify="center" py="4" role="status" aria-label={t('tutors:reviews.loading')}>
            <Spinner color="blue.600" />
          </Flex>
        ) : reviews.isError ? (
          <FormAlert status="error" message={errorMessage(reviews.error, t('tutors:reviews.failed'))} />
        ) : reviews.data.length === 0 ? (
          <Text color="fg.muted">{t('tutors:reviews.none')}</Text>
        ) : (
          <Stack as="ul" listStyleType="none" gap="3" aria-label={t('tutors:reviews.title')}>
            {reviews.data.map((review) => (
              <Box
                as="li"
                key={review.id}
                id={`review-${review.id}`}
                borderWidth="1px"
                borderColor="border"
                borderRadius="md"
                p="4"
              >
                <Flex justify="space-between" gap="2" wrap="wrap" mb="2">
                  <HStack gap="2" wrap="wrap">
                    <Stars value={review.rating} />
                    {review.inTouch && (
                      <Badge colorPalette="green" variant="subtle">
                        {t('tutors:reviews.inTouch')}
                      </Badge>
                    )}
                  </HStack>
                  <Text fontSize="sm" color="fg.muted">
                    {reviewDate(review.createdAt)}
                  </Text>
                </Flex>
                {review.comment && (
                  <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
                    {review.comment}
                  </Text>
                )}
                <Text fontSize="sm" color="fg.muted" mt="2">
                  — {review.parentName}
                </Text>
                <ReviewAnswer review={review} tutorId={tutor.id} isTutor={me !== undefined && me === tutor.id} />
              </Box>
            ))}
          </Stack>
        )}

        {session.role === 'parent' && session.isLoggedIn ? (
          <Box borderTopWidth="1px" borderColor="border" pt="5">
            <Heading as="h3" size="md" mb="3">
              {mine ? t('tutors:review.yours') : t('tutors:review.write')}
            </Heading>
            {!tutor.canReview ? (
              <ReviewNotYet opensAt={tutor.reviewOpensAt} />
            ) : reviews.isPending ? null : (
              <ReviewForm
                key={mine ? `${mine.id}-${mine.rating}` : 'new'}
                tutorId={tutor.id}
                parentId={me}
                existing={mine}
              />
            )}
          </Box>
        ) : !session.isLoggedIn ? (
          <Text color="fg.muted">
            <Link asChild color="blue.700" textDecoration="underline">
              <RouterLink to="/login">{t('tutors:reviews.logIn')}</RouterLink>
            </Link>{' '}
            {t('tutors:reviews.toLeave')}
          </Text>
        ) : null}
      </Stack>
    </Panel>
  )
}
