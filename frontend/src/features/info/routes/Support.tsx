import { Badge, Button, Card, Heading, List, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { listSlotRecipe } from '@chakra-ui-theme/recipes/list'
import { cardSlotRecipe } from '@chakra-ui-theme/recipes/card'
import { Clock, Mail, Phone } from 'lucide-react'
import { Page, Panel } from '@/components/page'
import { SUPPORT_HOURS, SUPPORT_RESPONSE_TIME } from '@/lib/constants'
import { useSupportContacts } from '@/lib/support'

const HELP_TOPICS = [
  { title: 'Account and registration', text: 'Sign-up, login, e-mail verification and password reset.' },
  {
    title: 'Tuition requests and matching',
    text: 'Posting, editing and finding requests, and connecting with tutors.',
  },
  { title: 'Payment and subscription', text: 'Billing questions and managing your tutor subscription.' },
  { title: 'Technical support', text: 'Anything on the site that does not work as it should.' },
]

const QUICK_TIPS = [
  'When e-mailing, include your registered e-mail address and a detailed description of the problem.',
  'When calling, have your account information ready.',
  'Before contacting us, try refreshing the page, or logging out and back in.',
]

export default function Support() {
  const support = useSupportContacts()
  return (
    <Page title="Help & Support" subtitle="We are here to help with your account, requests and subscription.">
      <Stack gap="6">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Card.Root recipe={cardSlotRecipe}>
            <Card.Body gap="3">
              <Mail aria-hidden size={28} color="#1d4ed8" />
              <Heading as="h2" size="lg">
                E-mail us
              </Heading>
              <Text color="fg.muted" wordBreak="break-all">
                {support.email}
              </Text>
              <Button asChild alignSelf="flex-start">
                <a href={support.emailUri}>Send Email</a>
              </Button>
            </Card.Body>
          </Card.Root>
          <Card.Root recipe={cardSlotRecipe}>
            <Card.Body gap="3">
              <Phone aria-hidden size={28} color="#1d4ed8" />
              <Heading as="h2" size="lg">
                Call us
              </Heading>
              <Text color="fg.muted">{support.phone}</Text>
              <Button asChild alignSelf="flex-start">
                <a href={support.phoneUri}>Call Now</a>
              </Button>
            </Card.Body>
          </Card.Root>
        </SimpleGrid>

        <Panel>
          <Stack gap="3">
            <Heading as="h2" size="lg" display="flex" alignItems="center" gap="2">
              <Clock aria-hidden /> Support hours
            </Heading>
            <Text>{SUPPORT_HOURS}</Text>
            <Badge alignSelf="flex-start" colorPalette="green" size="lg">
              {SUPPORT_RESPONSE_TIME}
            </Badge>
          </Stack>
        </Panel>

        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Panel as="section" aria-labelledby="help-topics">
            <Heading as="h2" id="help-topics" size="lg" mb="3">
              How We Can Help
            </Heading>
            <List.Root recipe={listSlotRecipe} ps="5" gap="2">
              {HELP_TOPICS.map((topic) => (
                <List.Item key={topic.title}>
                  <Text as="span" fontWeight="semibold">
                    {topic.title}:
                  </Text>{' '}
                  {topic.text}
                </List.Item>
              ))}
            </List.Root>
          </Panel>
          <Panel as="section" aria-labelledby="quick-tips">
            <Heading as="h2" id="quick-tips" size="lg" mb="3">
              Quick Tips
            </Heading>
            <List.Root recipe={listSlotRecipe} ps="5" gap="2">
              {QUICK_TIPS.map((tip) => (
                <List.Item key={tip}>{tip}</List.Item>
              ))}
            </List.Root>
          </Panel>
        </SimpleGrid>
      </Stack>
    </Page>
  )
}
