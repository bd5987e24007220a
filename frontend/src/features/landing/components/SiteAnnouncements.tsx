import { Box, Container, Heading, Stack, Text } from '@chakra-ui/react'
import { useTranslation } from '@/lib/i18n'
import type { Site } from '@/lib/site-store'

// The admin's banners and announcements, under the landing page's statistics: part of the landing
// page's chunk (it is near the top of the page), with its one icon drawn here, not imported: a
// lucide icon other screens share would cost the first load a file of its own (the page-weight budget).

/** lucide's 'megaphone'. */
function MegaphoneIcon() {
  return (
    <svg
      aria-hidden
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M11 6a13 13 0 0 0 8.4-2.8A1 1 0 0 1 21 4v12a1 1 0 0 1-1.6.8A13 13 0 0 0 11 14H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2z" />
      <path d="M6 14a12 12 0 0 0 2.4 7.2 2 2 0 0 0 3.2-2.4A8 8 0 0 1 10 14" />
      <path d="M8 6v8" />
    </svg>
  )
}

function announcementItem(value: unknown): { title?: string; text: string } | null {
  if (typeof value === 'string') return { text: value }
  if (!value || typeof value !== 'object') return null
  const v = value as Record<string, unknown>
  const text = v.text ?? v.message ?? v.body
  const title = typeof v.title === 'string' ? v.title : undefined
  if (typeof text === 'string') return { title, text }
  return title ? { text: title } : null
}

/** Banners and announcements, under the hero. */
export function SiteAnnouncements({ content }: { content: Site['content'] }) {
  const { t } = useTranslation()
  const announcements = content.announcements.map(announcementItem).filter((a) => a !== null)
  return (
    <Container maxW="6xl" px={{ base: '4', md: '6' }} pt="6">
      <Stack gap="3">
        {content.banners.map((banner, i) => (
          <Box
            key={`banner-${i}`}
            bg="orange.100"
            color="orange.950"
            borderRadius="lg"
            px="4"
            py="3"
            fontWeight="semibold"
            textAlign="center"
          >
            {banner}
          </Box>
        ))}
        {announcements.length > 0 && (
          <Box
            as="section"
            aria-labelledby="announcements-title"
            bg="bg"
            borderWidth="1px"
            borderColor="border"
            borderRadius="xl"
            p="5"
          >
            <Heading as="h2" id="announcements-title" size="lg" mb="3" display="flex" alignItems="center" gap="2">
              <MegaphoneIcon /> {t('landing:content.announcements')}
            </Heading>
            <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
              {announcements.slice(0, 5).map((a, i) => (
                <Box as="li" key={`announcement-${i}`}>
                  {a.title && (
                    <Text as="span" fontWeight="semibold">
                      {a.title}:{' '}
                    </Text>
                  )}
                  <Text as="span">{a.text}</Text>
                </Box>
              ))}
            </Stack>
          </Box>
        )}
      </Stack>
    </Container>
  )
}
