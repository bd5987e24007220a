import { Box, Button, Link, Stack, Table, Text } from '@chakra-ui/react'
import { tableSlotRecipe } from '@chakra-ui-theme/recipes/table'
import { MessageCircle } from 'lucide-react'
import { Link as RouterLink } from 'react-router'
import type { InterestedTutor } from '@/api/types'
import { useOpenChat } from '@/lib/chat-launcher'
import { useContactSharing } from '../api/contact-sharing'
import { useTranslation, type TFunction } from '@/lib/i18n'
import { BookDemoButton } from '@/components/book-demo-button'
import { BlockToggle } from '@/components/moderation/BlockToggle'
import { ReportButton } from '@/components/moderation/ReportButton'

/** Report or block a tutor who said they are interested in this request. */
function TutorSafety({ tutor, requestId }: { tutor: InterestedTutor; requestId: number }) {
  const name = tutor.fullname || tutor.name || ''
  return (
    <>
      <ReportButton subject={{ target: 'interest', targetId: tutor.tutor, requestId }} name={name} />
      <BlockToggle userId={tutor.tutor} name={name} />
    </>
  )
}

/** Opens a chat with the tutor about this request. */
function MessageButton({ tutor, requestId }: { tutor: InterestedTutor; requestId: number }) {
  const { t } = useTranslation('requests')
  const openChat = useOpenChat()
  const name = tutorName(t, tutor)
  return (
    <Button
      size="xs"
      variant="outline"
      colorPalette="blue"
      aria-label={t('requests:tutors.messageLabel', { name })}
      onClick={() => openChat({ partner: { id: tutor.tutor, name }, requestId })}
    >
      <MessageCircle aria-hidden /> {t('requests:tutors.message')}
    </Button>
  )
}

/** The parent's own switch: share their phone and e-mail with this tutor, or stop (all requests). */
function SharingControl({ tutor, requestId }: { tutor: InterestedTutor; requestId: number }) {
  const { t } = useTranslation('requests')
  const sharing = useContactSharing()
  const name = tutorName(t, tutor)
  const shared = tutor.sharing
  return (
    <Stack gap="1" align="flex-start">
      <Text fontSize="xs" color="fg.muted">
        {shared ? t('requests:tutors.sharing') : t('requests:tutors.notSharing')}
      </Text>
      <Button
        size="xs"
        variant="ghost"
        colorPalette={shared ? 'red' : 'blue'}
        loading={sharing.isPending}
        aria-label={
          shared ? t('requests:tutors.stopSharingLabel', { name }) : t('requests:tutors.shareAgainLabel', { name })
        }
        onClick={() => sharing.mutate({ requestId, tutorId: tutor.tutor, shared: !shared })}
      >
        {shared ? t('requests:tutors.stopSharing') : t('requests:tutors.shareAgain')}
      </Button>
      {sharing.isError && (
        <Text fontSize="xs" color="red.700" role="alert">
          {sharing.error.message}
        </Text>
      )}
    </Stack>
  )
}

const STAR = '★'

/** "4.5 ★ (12 reviews)", or "No reviews yet". */
function Rating({ tutor }: { tutor: InterestedTutor }) {
  const { t } = useTranslation('requests')
  const count = tutor.reviewCount
  if (tutor.rating === null || tutor.rating === undefined || count === 0) {
    return (
      <Text as="span" fontSize="sm" color="fg.muted">
        {t('shared:tutorCard.noReviews')}
      </Text>
    )
  }
  return (
    <Text as="span" fontSize="sm" data-testid="tutor-rating">
      <Text as="span" fontWeight="semibold" color="orange.700">
        {tutor.rating.toFixed(1)} <span aria-hidden="true">{STAR}</span>
        <Box as="span" srOnly>
          {' '}
          {t('requests:tutors.outOf')}
        </Box>
      </Text>{' '}
      {t('requests:tutors.reviews', { count })}
    </Text>
  )
}

function tutorName(t: TFunction, tutor: InterestedTutor) {
  return tutor.fullname || tutor.name || t('shared:tutorCard.fallbackName')
}

/** The tutor's name, leading to their public profile: bio, subjects, fees and reviews. */
function ProfileLink({ tutor }: { tutor: InterestedTutor }) {
  const { t } = useTranslation('requests')
  return (
    <Link asChild color="blue.700" fontWeight="semibold">
      <RouterLink to={`/tutor/${tutor.tutor}`}>{tutorName(t, tutor)}</RouterLink>
    </Link>
  )
}

/** SPEC §2: a table on desktop, cards below the md breakpoint. */
export function InterestedTutors({ tutors, requestId }: { tutors: InterestedTutor[]; requestId: number }) {
  const { t } = useTranslation('requests')
  if (tutors.length === 0) {
    return <Text color="fg.muted">{t('requests:tutors.none')}</Text>
  }
  return (
    <>
      <Box display={{ base: 'none', md: 'block' }} data-testid={`interested-table-${requestId}`}>
        <Table.Root recipe={tableSlotRecipe} size="sm" variant="outline">
          <Table.Caption srOnly>{t('requests:tutors.caption')}</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('requests:tutors.name')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('requests:tutors.rating')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('requests:tutors.email')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('requests:tutors.phone')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('requests:tutors.chat')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {tutors.map((t) => (
              <Table.Row key={t.tutor}>
                <Table.Cell>
                  <ProfileLink tutor={t} />
                </Table.Cell>
                <Table.Cell>
                  <Rating tutor={t} />
                </Table.Cell>
                <Table.Cell>
                  <Link display="inline" overflowWrap="anywhere" href={`mailto:${t.email}`} color="blue.700">
                    {t.email}
                  </Link>
                </Table.Cell>
                <Table.Cell>
                  {t.phone ? (
                    <Link href={`tel:${t.phone}`} color="blue.700">
                      {t.phone}
                    </Link>
                  ) : (
                    '—'
                  )}
                </Table.Cell>
                <Table.Cell>
                  <MessageButton tutor={t} requestId={requestId} />
                  <BookDemoButton
                    tutor={{ id: t.tutor, name: t.fullname || t.name || '' }}
                    requestId={requestId}
                    size="xs"
                  />
                  <TutorSafety tutor={t} requestId={requestId} />
                  <SharingControl tutor={t} requestId={requestId} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      <Stack
        as="ul"
        listStyleType="none"
        gap="2"
        display={{ base: 'flex', md: 'none' }}
        aria-label={t('requests:tutors.caption')}
      >
        {tutors.map((t) => (
          <Box
            as="li"
            key={t.tutor}
            borderWidth="1px"
            borderColor="border"
            borderRadius="md"
            p="3"
            overflowWrap="anywhere"
          >
            <Text>
              <ProfileLink tutor={t} />
            </Text>
            <Rating tutor={t} />
            <Text fontSize="sm">
              <Link display="inline" overflowWrap="anywhere" href={`mailto:${t.email}`} color="blue.700">
                {t.email}
              </Link>
            </Text>
            {t.phone && (
              <Text fontSize="sm">
                <Link href={`tel:${t.phone}`} color="blue.700">
                  {t.phone}
                </Link>
              </Text>
            )}
            <Box mt="2">
              <MessageButton tutor={t} requestId={requestId} />
              <BookDemoButton
                tutor={{ id: t.tutor, name: t.fullname || t.name || '' }}
                requestId={requestId}
                size="xs"
              />
              <TutorSafety tutor={t} requestId={requestId} />
            </Box>
            <Box mt="2">
              <SharingControl tutor={t} requestId={requestId} />
            </Box>
          </Box>
        ))}
      </Stack>
    </>
  )
}
