import { Badge, Box, Flex, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react'
import { MapPin, Star } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link as RouterLink } from 'react-router'
import type { TutorCard as Card } from '@/api/discovery-types'
import { i18n, useTranslation } from '@/lib/i18n'
import { formatDistance, formatFee, ratingText } from './format'
import { TutorPhoto } from './TutorPhoto'
import { VerificationBadge } from './VerificationBadge'

export { formatDistance, formatFee, initials, ratingText } from './format'
export { TutorPhoto } from './TutorPhoto'

export function tutorName(tutor: { fullname: string }): string {
  return tutor.fullname.trim() || i18n.t('shared:tutorCard.fallbackName')
}

/**
 * One tutor as a search result or a recommendation: photo (or initials), name linking to the public
 * profile, subjects and classes, fee per hour and notes, rating, distance, 'Featured by HomeTutor'
 * (the site's award) and the verification badge (the checks that passed, and when). A featured tutor is labelled, never moved: the list's order is the server's.
 * `children` go below (a recommendation's score, reasons and Invite button).
 */
export function TutorCard({
  tutor,
  headingLevel = 'h3',
  children,
}: {
  tutor: Card
  headingLevel?: 'h2' | 'h3' | 'h4'
  children?: ReactNode
}) {
  const { t } = useTranslation('shared')
  const name = tutorName(tutor)
  const fee = formatFee(tutor.feePerHour)
  const hasRating = tutor.rating !== null && tutor.reviewCount > 0
  const subjects = tutor.subjects.map((s) => s.label).join(', ')
  const classes = tutor.classes.map((c) => c.label).join(', ')
  return (
    <Box
      as="article"
      aria-label={name}
      borderWidth="1px"
      borderColor={tutor.featured ? 'purple.300' : 'border'}
      borderRadius="lg"
      p={{ base: '4', md: '5' }}
      bg="bg"
    >
      <Flex gap="4" align="flex-start">
        <TutorPhoto name={name} photoUrl={tutor.photoUrl} />
        <Stack gap="1.5" flex="1" minW="0">
          <Flex justify="space-between" gap="2" wrap="wrap" align="baseline">
            <Heading as={headingLevel} size="md" overflowWrap="anywhere">
              <Link asChild color="blue.700">
                <RouterLink to={`/tutor/${tutor.id}`}>{name}</RouterLink>
              </Link>
            </Heading>
            {fee && (
              <Text fontWeight="bold" data-testid="tutor-fee">
                {fee}
              </Text>
            )}
          </Flex>
          <HStack gap="2" wrap="wrap">
            {tutor.featured && (
              <Badge colorPalette="purple" variant="solid">
                {t('shared:tutorCard.featured')}
              </Badge>
            )}
            <VerificationBadge verification={tutor.verification} />
          </HStack>
          {subjects && <Text fontSize="sm">{subjects}</Text>}
          {classes && (
            <Text fontSize="sm" color="fg.muted">
              {classes}
            </Text>
          )}
          <Flex gap="4" wrap="wrap" fontSize="sm">
            <Text
              as="span"
              display="inline-flex"
              alignItems="center"
              gap="1"
              role="img"
              aria-label={ratingText(tutor.rating, tutor.reviewCount)}
            >
              {hasRating ? (
                <>
                  <Star aria-hidden size={14} color="#c2410c" fill="#f97316" />
                  <span aria-hidden="true">
                    {tutor.rating?.toFixed(1)} ({tutor.reviewCount})
                  </span>
                </>
              ) : (
                <span aria-hidden="true">{t('shared:tutorCard.noReviews')}</span>
              )}
            </Text>
            <Text as="span" display="inline-flex" alignItems="center" gap="1" color="fg.muted">
              <MapPin aria-hidden size={14} style={{ flexShrink: 0 }} /> {formatDistance(tutor.distanceKm)}
              {tutor.placeName ? ` · ${t('shared:tutorCard.nearPlace', { place: tutor.placeName })}` : ''}
            </Text>
          </Flex>
          {tutor.feeNotes.trim() && (
            <Text fontSize="sm" color="fg.muted">
              {tutor.feeNotes}
            </Text>
          )}
          {tutor.about.trim() && (
            <Text fontSize="sm" lineClamp={2}>
              {tutor.about}
            </Text>
          )}
        </Stack>
      </Flex>
      {children}
    </Box>
  )
}
