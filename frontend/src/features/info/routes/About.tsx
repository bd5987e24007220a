import { Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { Page, Panel } from '@/components/page'

const TEAM = [
  { name: 'Tutor Success', text: 'Helps tutors set up their profiles, subscriptions and find students nearby.' },
  { name: 'Parent Care', text: 'Guides parents and students from posting a request to the first class.' },
  { name: 'Engineering', text: 'Builds and runs the matching, chat and payments that keep HomeTutor going.' },
]

export default function About() {
  return (
    <Page title="About" subtitle="HomeTutor connects parents and students with qualified home tutors near them.">
      <Stack gap="6">
        <Panel>
          <Text fontSize="lg">
            Finding a good home tutor usually means asking around and hoping for the best. HomeTutor is a marketplace
            where parents post what their child needs — subject, class, preferred time and location — and tutors with an
            active subscription find the requests near them, express interest and get in touch through the built-in
            chat.
          </Text>
        </Panel>
        <Panel as="section" aria-labelledby="mission-title">
          <Heading as="h2" id="mission-title" size="xl" mb="3">
            Our Mission
          </Heading>
          <Text fontSize="lg">
            To make personalised learning available to every student by making it simple to find a trusted, qualified
            tutor close to home — and to give tutors a fair, affordable way to grow their practice.
          </Text>
        </Panel>
        <Panel as="section" aria-labelledby="team-title">
          <Heading as="h2" id="team-title" size="xl" mb="4">
            Our Team
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            {TEAM.map((member) => (
              <Stack key={member.name} gap="1" p="4" bg="blue.50" borderRadius="lg">
                <Heading as="h3" size="md">
                  {member.name}
                </Heading>
                <Text color="fg.muted">{member.text}</Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Panel>
        <Panel as="section" aria-labelledby="credits-title">
          <Heading as="h2" id="credits-title" size="xl" mb="3">
            Credits
          </Heading>
          <Stack gap="2" color="fg.muted">
            <Text data-testid="geonames-credit">
              Place data ©{' '}
              <Link href="https://www.geonames.org/" color="blue.700" target="_blank" rel="noopener noreferrer">
                GeoNames (geonames.org)
              </Link>
              , licensed under{' '}
              <Link
                href="https://creativecommons.org/licenses/by/4.0/"
                color="blue.700"
                target="_blank"
                rel="noopener noreferrer"
              >
                CC BY 4.0
              </Link>
              . Locality names and PIN codes in search come from it.
            </Text>
          </Stack>
        </Panel>
      </Stack>
    </Page>
  )
}
