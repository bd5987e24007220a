import { Badge, Box, Button, Flex, HStack, Link, Spinner, Stack, Text } from '@chakra-ui/react'
import { MessageCircle, Pencil } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Link as RouterLink, useParams } from 'react-router'
import { ApiError, errorMessage } from '@/api/client'
import { BlockToggle } from '@/components/moderation/BlockToggle'
import { ReportButton } from '@/components/moderation/ReportButton'
import { Page, Panel } from '@/components/page'
import { formatFee, TutorPhoto } from '@/components/tutor-card/TutorCard'
import { VerificationBadge } from '@/components/tutor-card/VerificationBadge'
import { useOpenChat } from '@/lib/chat-launcher'
import { useScreenMeta } from '@/lib/document-meta'
import { useTranslation } from '@/lib/i18n'
import { useSession, type Session } from '@/lib/session'
import { useTutor, type TutorProfile as Tutor } from '../api/get-tutor'
import { ReviewsSection } from '../components/ReviewsSection'
import { TeachingArea } from '../components/TeachingArea'
import { TutorDetails } from '../components/TutorDetails'
import { TutorProfileForm } from '../components/TutorProfileForm'
import { tutorProfileMeta } from '../lib/profile-meta'

/** The tutor themself (same lowercased e-mail or user id) or an admin; the server enforces the same. */
function canEdit(session: Session, tutor: Tutor): boolean {
  if (!session.isLoggedIn) return false
  if (session.role === 'admin') return true
  if (session.role !== 'tutor') return false
  const sameEmail = session.email !== null && session.email === tutor.email.toLowerCase()
  return sameEmail || session.user?.id === tutor.id
}

/**
 * SPEC §8's debug text, in words: what was looked for and what the server answered (its message,
 * status and code), for whoever reports the problem. Never the raw JSON.
 */
function debugText(error: unknown, id: string, t: ReturnType<typeof useTranslation>['t']): string {
  const answer =
    error instanceof ApiError
      ? [
          error.message.replace(/[.!]+$/, ''),
          `HTTP ${error.status}`,
          error.code ? t('tutors:profile.code', { code: error.code }) : null,
        ]
          .filter(Boolean)
          .join(', ')
      : errorMessage(error, t('tutors:profile.notFound'))
  return t('tutors:profile.debug', { id, answer })
}

/**
 * SPEC §2 public tutor profile (/tutor/{id or lowercased e-mail}): view mode, edit mode, reviews;
 * `availability` renders the tutor's free times (another feature's, composed by the router).
 */
export default function TutorProfile({
  availability,
}: {
  availability?: (tutor: { id: number; name: string }) => ReactNode
}) {
  const { t } = useTranslation(['tutors', 'shared'])
  const title = t('tutors:profile.title')
  const { id = '' } = useParams()
  const session = useSession()
  const tutor = useTutor(id)
  const openChat = useOpenChat()
  const [editing, setEditing] = useState(false)
  useScreenMeta(tutorProfileMeta(tutor.data))

  if (tutor.isPending) {
    return (
      <Page title={title}>
        <Flex justify="center" py="10" role="status" aria-label={t('tutors:profile.loading')}>
          <Spinner size="lg" color="blue.600" />
        </Flex>
      </Page>
    )
  }

  if (tutor.isError) {
    return (
      <Page title={title}>
        <Panel>
          <Text fontSize="lg" fontWeight="semibold" role="alert">
            {t('tutors:profile.notFound')}
          </Text>
          <Text mt="2" fontSize="sm" color="fg.muted" overflowWrap="anywhere" data-testid="tutor-not-found-details">
            {debugText(tutor.error, id, t)}
          </Text>
          <Link asChild mt="4" display="inline-block" color="blue.700" fontWeight="medium">
            <RouterLink to="/tutors">{t('tutors:search.title')}</RouterLink>
          </Link>
        </Panel>
      </Page>
    )
  }

  const profile = tutor.data
  const editable = canEdit(session, profile)
  // The server says whether the chat rules let this viewer write first; nobody messages themself.
  const canMessage = profile.canMessage && session.isLoggedIn && session.user?.id !== profile.id
  const name = profile.fullname.trim() || profile.email
  const fee = formatFee(profile.feePerHour)
  return (
    <Page title={profile.fullname.trim() || title}>
      <Stack gap="6">
        <Panel>
          <Flex justify="space-between" align="flex-start" gap="4" wrap="wrap" mb="6">
            <Flex gap="4" align="flex-start" minW="0">
              <TutorPhoto name={name} photoUrl={profile.photoUrl} size="20" />
              <Box minW="0">
                <Text color="fg.muted" overflowWrap="anywhere">
                  {profile.email}
                </Text>
                {fee && (
                  <Text fontSize="xl" fontWeight="bold" mt="1" data-testid="fee-per-hour">
                    {fee}
                  </Text>
                )}
                <HStack gap="2" mt="2" wrap="wrap">
                  <Badge colorPalette={profile.subscriptionActive ? 'green' : 'gray'} variant="subtle">
                    {profile.subscriptionActive
                      ? t('tutors:profile.subscriptionActive')
                      : t('tutors:profile.subscriptionInactive')}
                  </Badge>
                  <VerificationBadge verification={profile.verification} />
                  {profile.featured && (
                    <Badge colorPalette="purple" variant="solid">
                      {t('shared:tutorCard.featured')}
                    </Badge>
                  )}
                </HStack>
              </Box>
            </Flex>
            <HStack gap="2" wrap="wrap">
              {canMessage && (
                <Button colorPalette="blue" onClick={() => openChat({ partner: { id: profile.id, name } })}>
                  <MessageCircle aria-hidden="true" /> {t('tutors:profile.message')}
                </Button>
              )}
              {editable && !editing && (
                <Button variant="outline" onClick={() => setEditing(true)}>
                  <Pencil aria-hidden="true" /> {t('tutors:profile.edit')}
                </Button>
              )}
              {session.user?.id === profile.id && (
                <Button asChild variant="outline">
                  <RouterLink to="/verification">{t('verification:page.title')}</RouterLink>
                </Button>
              )}
              {session.isLoggedIn && session.user?.id !== profile.id && (
                <>
                  <ReportButton subject={{ target: 'profile', targetId: profile.id }} name={name} />
                  <BlockToggle userId={profile.id} name={name} />
                </>
              )}
            </HStack>
          </Flex>
          {editing ? (
            <TutorProfileForm tutor={profile} onDone={() => setEditing(false)} />
          ) : (
            <TutorDetails tutor={profile} />
          )}
        </Panel>
        {availability?.({ id: profile.id, name })}
        {profile.area && <TeachingArea area={profile.area} />}
        <ReviewsSection tutor={profile} />
      </Stack>
    </Page>
  )
}
