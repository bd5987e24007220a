import { Box, Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { BrainCircuit, CalendarClock, MessagesSquare, ShieldCheck } from 'lucide-react'
import { useTranslation } from '@/lib/i18n'

const FEATURES = [
  { icon: BrainCircuit, title: 'landing:why.matching.title', text: 'landing:why.matching.text' },
  { icon: CalendarClock, title: 'landing:why.scheduling.title', text: 'landing:why.scheduling.text' },
  { icon: ShieldCheck, title: 'landing:why.verified.title', text: 'landing:why.verified.text' },
  { icon: MessagesSquare, title: 'landing:why.chat.title', text: 'landing:why.chat.text' },
]

/** The landing page's "Why Choose HomeTutor" grid. */
export default function WhyChoose() {
  const { t } = useTranslation()
  return (
    <Box as="section" aria-labelledby="features-title" bg="bg" py={{ base: '12', md: '20' }}>
      <Container maxW="6xl" px={{ base: '4', md: '6' }}>
        <Heading as="h2" id="features-title" size={{ base: '2xl', md: '3xl' }} textAlign="center" mb="10">
          {t('landing:why.title')}
        </Heading>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="6">
          {FEATURES.map((feature) => (
            <Stack key={feature.title} gap="3" p="6" borderRadius="xl" bg="blue.50">
              <Box color="blue.700">
                <feature.icon aria-hidden size={32} />
              </Box>
              <Heading as="h3" size="md">
                {t(feature.title)}
              </Heading>
              <Text color="fg.muted">{t(feature.text)}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  )
}
