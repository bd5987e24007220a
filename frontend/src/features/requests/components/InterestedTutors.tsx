import { Box, Button, Link, Stack, Table, Text } from '@chakra-ui/react'
import { tableSlotRecipe } from '@chakra-ui-theme/recipes/table'
import { MessageCircle } from 'lucide-react'
import { Link as RouterLink } from 'react-router'
import type { InterestedTutor } from '@/api/types'
import { useOpenChat } from '@/lib/chat-launcher'

/** Opens a chat with the tutor about this request. */
function MessageButton({ tutor, requestId }: { tutor: InterestedTutor; requestId: number }) {
  const openChat = useOpenChat()
  const name = tutorName(tutor)
  return (
    <Button
      size="xs"
      variant="outline"
      colorPalette="blue"
      aria-label={`Message ${name}`}
      onClick={() => openChat({ partner: { id: tutor.tutor, name }, requestId })}
    >
      <MessageCircle aria-hidden /> Message
    </Button>
  )
}

/** "4.5 ★ (12 reviews)", or "No reviews yet". */
function Rating({ tutor }: { tutor: InterestedTutor }) {
  const count = tutor.reviewCount
  if (tutor.rating === null || tutor.rating === undefined || count === 0) {
    return (
      <Text as="span" fontSize="sm" color="fg.muted">
        No reviews yet
      </Text>
    )
  }
  return (
    <Text as="span" fontSize="sm" data-testid="tutor-rating">
      <Text as="span" fontWeight="semibold" color="orange.700">
        {tutor.rating.toFixed(1)} <span aria-hidden="true">★</span>
        <Box as="span" srOnly>
          {' '}
          out of 5
        </Box>
      </Text>{' '}
      ({count} review{count === 1 ? '' : 's'})
    </Text>
  )
}

function tutorName(t: InterestedTutor) {
  return t.fullname || t.name || 'Tutor'
}

/** The tutor's name, leading to their public profile: bio, subjects, fees and reviews. */
function ProfileLink({ tutor }: { tutor: InterestedTutor }) {
  return (
    <Link asChild color="blue.700" fontWeight="semibold">
      <RouterLink to={`/tutor/${tutor.tutor}`}>{tutorName(tutor)}</RouterLink>
    </Link>
  )
}

/** SPEC §2: a table on desktop, cards below the md breakpoint. */
export function InterestedTutors({ tutors, requestId }: { tutors: InterestedTutor[]; requestId: number }) {
  if (tutors.length === 0) {
    return <Text color="fg.muted">No tutors have expressed interest yet.</Text>
  }
  return (
    <>
      <Box display={{ base: 'none', md: 'block' }} data-testid={`interested-table-${requestId}`}>
        <Table.Root recipe={tableSlotRecipe} size="sm" variant="outline">
          <Table.Caption srOnly>Interested tutors</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Name</Table.ColumnHeader>
              <Table.ColumnHeader>Rating</Table.ColumnHeader>
              <Table.ColumnHeader>E-mail</Table.ColumnHeader>
              <Table.ColumnHeader>Phone</Table.ColumnHeader>
              <Table.ColumnHeader>Chat</Table.ColumnHeader>
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
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      <Stack as="ul" listStyleType="none" gap="2" display={{ base: 'flex', md: 'none' }} aria-label="Interested tutors">
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
            </Box>
          </Box>
        ))}
      </Stack>
    </>
  )
}
