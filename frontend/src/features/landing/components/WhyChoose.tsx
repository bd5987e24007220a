import { Box, Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { BrainCircuit, CalendarClock, MessagesSquare, ShieldCheck } from 'lucide-react'

const FEATURES = [
  { icon: BrainCircuit, title: 'AI-Powered Matching', text: 'We match students to the tutors who fit them best.' },
  { icon: CalendarClock, title: 'Flexible Scheduling', text: 'Sessions at the times that suit your family.' },
  { icon: ShieldCheck, title: 'Verified Tutors', text: 'Every tutor account is verified before it is listed.' },
  { icon: MessagesSquare, title: 'Real-Time Chat', text: 'Message tutors and parents instantly, in one place.' },
]

/** The landing page's "Why Choose HomeTutor" grid. */
export default function WhyChoose() {
  return (
    <Box as="section" aria-labelledby="features-title" bg="bg" py={{ base: '12', md: '20' }}>
      <Container maxW="6xl" px={{ base: '4', md: '6' }}>
        <Heading as="h2" id="features-title" size={{ base: '2xl', md: '3xl' }} textAlign="center" mb="10">
          Why Choose HomeTutor
        </Heading>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="6">
          {FEATURES.map((feature) => (
            <Stack key={feature.title} gap="3" p="6" borderRadius="xl" bg="blue.50">
              <Box color="blue.700">
                <feature.icon aria-hidden size={32} />
              </Box>
              <Heading as="h3" size="md">
                {feature.title}
              </Heading>
              <Text color="fg.muted">{feature.text}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  )
}
