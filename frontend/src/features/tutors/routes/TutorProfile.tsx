import { Badge, Box, Button, Flex, HStack, Link, Spinner, Stack, Text } from '@chakra-ui/react'
import { MessageCircle, Pencil } from 'lucide-react'
import { useState } from 'react'
import { Link as RouterLink, useParams } from 'react-router'
import { ApiError, errorMessage } from '@/api/client'
import { Page, Panel } from '@/components/page'
import { formatFee, TutorPhoto } from '@/components/tutor-card/TutorCard'
import { useOpenChat } from '@/lib/chat-launcher'
import { MESSAGES } from '@/lib/constants'
import { useScreenMeta } from '@/lib/document-meta'
import { useSession, type Session } from '@/lib/session'
import { useTutor, type TutorProfile as Tutor } from '../api/get-tutor'
import { ReviewsSection } from '../components/ReviewsSection'
import { TeachingArea } from '../components/TeachingArea'
import { TutorDetails } from '../components/TutorDetails'
import { TutorProfileForm } from '../components/TutorProfileForm'
import { tutorProfileMeta } from '../lib/profile-meta'

const TITLE = 'Tutor Profile'

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
function debugText(error: unknown, id: string): string {
  const answer =
    error instanceof ApiError
      ? [error.message.replace(/[.!]+$/, ''), `HTTP ${error.status}`, error.code ? `code ${error.code}` : null]
          .filter(Boolean)
          .join(', ')
      : errorMessage(error, MESSAGES.tutorNotFound)
  return `We looked for “${id}”. The server answered: ${answer}.`
}

/** SPEC §2 public tutor profile (/tutor/{id or lowercased e-mail}): view mode, edit mode, reviews. */
export default function TutorProfile() {
  const { id = '' } = useParams()
  const session = useSession()
  const tutor = useTutor(id)
  const openChat = useOpenChat()
  const [editing, setEditing] = useState(false)
  useScreenMeta(tutorProfileMeta(tutor.data))

  if (tutor.isPending) {
    return (
      <Page title={TITLE}>
        <Flex justify="center" py="10" role="status" aria-label="Loading tutor profile">
          <Spinner size="lg" color="blue.600" />
        </Flex>
      </Page>
    )
  }

  if (tutor.isError) {
    return (
      <Page title={TITLE}>
        <Panel>
          <Text fontSize="lg" fontWeight="semibold" role="alert">
            {MESSAGES.tutorNotFound}
          </Text>
          <Text mt="2" fontSize="sm" color="fg.muted" overflowWrap="anywhere" data-testid="tutor-not-found-details">
            {debugText(tutor.error, id)}
          </Text>
          <Link asChild mt="4" display="inline-block" color="blue.700" fontWeight="medium">
            <RouterLink to="/tutors">Find a tutor</RouterLink>
          </Link>
        </Panel>
      </Page>
    )
  }

  const t = tutor.data
  const editable = canEdit(session, t)
  // The server says whether the chat rules let this viewer write first; nobody messages themself.
  const canMessage = t.canMessage && session.isLoggedIn && session.user?.id !== t.id
  const name = t.fullname.trim() || t.email
  const fee = formatFee(t.feePerHour)
  // The admin's approval under its public name.
  const verified = t.verified
  return (
    <Page title={t.fullname.trim() || TITLE}>
      <Stack gap="6">
        <Panel>
          <Flex justify="space-between" align="flex-start" gap="4" wrap="wrap" mb="6">
            <Flex gap="4" align="flex-start" minW="0">
              <TutorPhoto name={name} photoUrl={t.photoUrl} size="20" />
              <Box minW="0">
                <Text color="fg.muted" overflowWrap="anywhere">
                  {t.email}
                </Text>
                {fee && (
                  <Text fontSize="xl" fontWeight="bold" mt="1" data-testid="fee-per-hour">
                    {fee}
                  </Text>
                )}
                <HStack gap="2" mt="2" wrap="wrap">
                  <Badge colorPalette={t.subscriptionActive ? 'green' : 'gray'} variant="subtle">
                    {t.subscriptionActive ? 'Subscription Active' : 'Subscription Inactive'}
                  </Badge>
                  {verified && (
                    <Badge colorPalette="blue" variant="solid">
                      Verified
                    </Badge>
                  )}
                  {t.featured && (
                    <Badge colorPalette="purple" variant="solid">
                      Featured
                    </Badge>
                  )}
                </HStack>
                {t.badges.length > 0 && (
                  <HStack as="ul" aria-label="Badges" listStyleType="none" gap="2" mt="2" wrap="wrap">
                    {t.badges.map((badge) => (
                      <Badge as="li" key={badge} colorPalette="orange" variant="outline">
                        {badge}
                      </Badge>
                    ))}
                  </HStack>
                )}
              </Box>
            </Flex>
            <HStack gap="2" wrap="wrap">
              {canMessage && (
                <Button colorPalette="blue" onClick={() => openChat({ partner: { id: t.id, name } })}>
                  <MessageCircle aria-hidden="true" /> Message
                </Button>
              )}
              {editable && !editing && (
                <Button variant="outline" onClick={() => setEditing(true)}>
                  <Pencil aria-hidden="true" /> Edit Profile
                </Button>
              )}
            </HStack>
          </Flex>
          {editing ? <TutorProfileForm tutor={t} onDone={() => setEditing(false)} /> : <TutorDetails tutor={t} />}
        </Panel>
        {t.area && <TeachingArea area={t.area} />}
        <ReviewsSection tutor={t} />
      </Stack>
    </Page>
  )
}
