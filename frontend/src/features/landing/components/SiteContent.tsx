import { Accordion, Box, Container, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { accordionSlotRecipe } from '@chakra-ui-theme/recipes/accordion'
import { Megaphone, Quote } from 'lucide-react'
import type { Site } from '@/lib/site-store'

type Content = Site['content']

/** FAQs are free JSON (SPEC §3): {question, answer} objects (or q/a, title/text) or plain strings. */
function faqItem(value: unknown): { question: string; answer: string } | null {
  if (typeof value === 'string') return { question: value, answer: '' }
  if (!value || typeof value !== 'object') return null
  const v = value as Record<string, unknown>
  const question = v.question ?? v.q ?? v.title
  const answer = v.answer ?? v.a ?? v.text ?? ''
  return typeof question === 'string' ? { question, answer: String(answer) } : null
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
function Top({ content }: { content: Content }) {
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
              <Megaphone aria-hidden size={20} /> Announcements
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

/** Home text, approved testimonials and FAQs, before the call to action. */
function Bottom({ site }: { site: Site }) {
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
              What Parents Say
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
              Frequently Asked Questions
            </Heading>
            <Accordion.Root recipe={accordionSlotRecipe} collapsible variant="enclosed" bg="bg">
              {faqs.map((faq, i) => (
                <Accordion.Item key={`faq-${i}`} value={`faq-${i}`}>
                  <Accordion.ItemTrigger>
                    <Flex flex="1" fontWeight="semibold" textAlign="start">
                      {faq.question}
                    </Flex>
                    <Accordion.ItemIndicator />
                  </Accordion.ItemTrigger>
                  <Accordion.ItemContent>
                    <Accordion.ItemBody color="fg.muted">{faq.answer}</Accordion.ItemBody>
                  </Accordion.ItemContent>
                </Accordion.Item>
              ))}
            </Accordion.Root>
          </Box>
        )}
      </Stack>
    </Container>
  )
}

/** The admin's landing content (GET /site), loaded after the landing page's first paint. */
export default function SiteContent({ site, part }: { site: Site; part: 'top' | 'bottom' }) {
  return part === 'top' ? <Top content={site.content} /> : <Bottom site={site} />
}
