import { Box, Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { ChevronDown, Quote } from 'lucide-react'
import { useTranslation } from '@/lib/i18n'
import type { Site } from '@/lib/site-store'

/** FAQs are free JSON (SPEC §3): {question, answer} objects (or q/a, title/text) or plain strings. */
function faqItem(value: unknown): { question: string; answer: string } | null {
  if (typeof value === 'string') return { question: value, answer: '' }
  if (!value || typeof value !== 'object') return null
  const v = value as Record<string, unknown>
  const question = v.question ?? v.q ?? v.title
  const answer = v.answer ?? v.a ?? v.text ?? ''
  return typeof question === 'string' ? { question, answer: String(answer) } : null
}

/** Home text, approved testimonials and FAQs, before the call to action. */
function Bottom({ site }: { site: Site }) {
  const { t } = useTranslation()
  const faqs = site.content.faqs.map(faqItem).filter((f) => f !== null)
  return (
    <Container maxW="6xl" px={{ base: '4', md: '6' }} pt={{ base: '12', md: '20' }} pb={{ base: '4', md: '8' }}>
      <Stack gap="10">
        {site.content.homeText.trim() && (
          <Text
            fontSize={{ base: 'lg', md: 'xl' }}
            textAlign="center"
            color="fg"
            maxW="3xl"
            mx="auto"
            whiteSpace="pre-line"
          >
            {site.content.homeText}
          </Text>
        )}
        {site.testimonials.length > 0 && (
          <Box as="section" aria-labelledby="testimonials-title">
            <Heading as="h2" id="testimonials-title" size={{ base: '2xl', md: '3xl' }} textAlign="center" mb="6">
              {t('landing:content.testimonials')}
            </Heading>
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
              {site.testimonials.map((t) => (
                <Box
                  as="figure"
                  key={t.id}
                  bg="bg"
                  borderWidth="1px"
                  borderColor="border"
                  borderRadius="xl"
                  p="5"
                  m="0"
                >
                  <Quote aria-hidden size={20} color="#2563eb" />
                  <Text as="blockquote" mt="2">
                    {t.text}
                  </Text>
                  <Text as="figcaption" mt="3" fontWeight="semibold" color="fg.muted">
                    — {t.name}
                  </Text>
                </Box>
              ))}
            </SimpleGrid>
          </Box>
        )}
        {faqs.length > 0 && (
          <Box as="section" aria-labelledby="faq-title" maxW="3xl" mx="auto" w="full">
            <Heading as="h2" id="faq-title" size={{ base: '2xl', md: '3xl' }} textAlign="center" mb="6">
              {t('landing:content.faqs')}
            </Heading>
            {/* Native disclosure widgets: no script of their own, so this chunk stays small on the
                landing page's first load (the page-weight budget), and the browser's find-in-page opens them. */}
            <Stack gap="0" bg="bg" borderWidth="1px" borderColor="border" borderRadius="l2" overflow="hidden">
              {faqs.map((faq, i) => (
                <Box
                  as="details"
                  key={`faq-${i}`}
                  borderTopWidth={i === 0 ? '0' : '1px'}
                  borderColor="border"
                  css={{
                    '& > summary::-webkit-details-marker': { display: 'none' },
                    '&[open] > summary svg': { transform: 'rotate(180deg)' },
                  }}
                >
                  <Box
                    as="summary"
                    display="flex"
                    alignItems="center"
                    gap="3"
                    px="4"
                    py="3"
                    cursor="pointer"
                    listStyleType="none"
                    fontWeight="semibold"
                    _focusVisible={{
                      outline: '2px solid',
                      outlineColor: 'colorPalette.focusRing',
                      outlineOffset: '-2px',
                    }}
                  >
                    <Box flex="1" textAlign="start">
                      {faq.question}
                    </Box>
                    <ChevronDown aria-hidden size={16} />
                  </Box>
                  <Text color="fg.muted" px="4" pb="4">
                    {faq.answer}
                  </Text>
                </Box>
              ))}
            </Stack>
          </Box>
        )}
      </Stack>
    </Container>
  )
}

/**
 * The admin's landing content below the fold (GET /site): its own chunk, loaded as the visitor
 * scrolls towards it (Landing.tsx), not with the page's first load (the page-weight budget).
 */
export default function SiteContent({ site }: { site: Site }) {
  return <Bottom site={site} />
}
