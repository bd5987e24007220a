import { Badge, Button, Card, Heading, List, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { listSlotRecipe } from '@chakra-ui-theme/recipes/list'
import { cardSlotRecipe } from '@chakra-ui-theme/recipes/card'
import { Clock, Mail, Phone } from 'lucide-react'
import { Page, Panel } from '@/components/page'
import { useTranslation } from '@/lib/i18n'
import { useSupportContacts } from '@/lib/support'

const HELP_TOPICS = [
  { title: 'info:support.topics.account.title', text: 'info:support.topics.account.text' },
  { title: 'info:support.topics.requests.title', text: 'info:support.topics.requests.text' },
  { title: 'info:support.topics.payment.title', text: 'info:support.topics.payment.text' },
  { title: 'info:support.topics.technical.title', text: 'info:support.topics.technical.text' },
] as const

const QUICK_TIPS = ['info:support.tips.email', 'info:support.tips.call', 'info:support.tips.refresh'] as const

export default function Support() {
  const { t } = useTranslation('info')
  const support = useSupportContacts()
  return (
    <Page title={t('info:support.title')} subtitle={t('info:support.subtitle')}>
      <Stack gap="6">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Card.Root recipe={cardSlotRecipe}>
            <Card.Body gap="3">
              <Mail aria-hidden size={28} color="#1d4ed8" />
              <Heading as="h2" size="lg">
                {t('info:support.emailTitle')}
              </Heading>
              <Text color="fg.muted" wordBreak="break-all">
                {support.email}
              </Text>
              <Button asChild alignSelf="flex-start">
                <a href={support.emailUri}>{t('info:support.sendEmail')}</a>
              </Button>
            </Card.Body>
          </Card.Root>
          <Card.Root recipe={cardSlotRecipe}>
            <Card.Body gap="3">
              <Phone aria-hidden size={28} color="#1d4ed8" />
              <Heading as="h2" size="lg">
                {t('info:support.callTitle')}
              </Heading>
              <Text color="fg.muted">{support.phone}</Text>
              <Button asChild alignSelf="flex-start">
                <a href={support.phoneUri}>{t('info:support.callNow')}</a>
              </Button>
            </Card.Body>
          </Card.Root>
        </SimpleGrid>

        <Panel>
          <Stack gap="3">
            <Heading as="h2" size="lg" display="flex" alignItems="center" gap="2">
              <Clock aria-hidden /> {t('info:support.hoursTitle')}
            </Heading>
            <Text>{t('common:support.hours')}</Text>
            <Badge alignSelf="flex-start" colorPalette="green" size="lg">
              {t('info:support.responseTime')}
            </Badge>
          </Stack>
        </Panel>

        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Panel as="section" aria-labelledby="help-topics">
            <Heading as="h2" id="help-topics" size="lg" mb="3">
              {t('info:support.topicsTitle')}
            </Heading>
            <List.Root recipe={listSlotRecipe} ps="5" gap="2">
              {HELP_TOPICS.map((topic) => (
                <List.Item key={topic.title}>
                  <Text as="span" fontWeight="semibold">
                    {t('info:support.topic', { title: t(topic.title) })}
                  </Text>{' '}
                  {t(topic.text)}
                </List.Item>
              ))}
            </List.Root>
          </Panel>
          <Panel as="section" aria-labelledby="quick-tips">
            <Heading as="h2" id="quick-tips" size="lg" mb="3">
              {t('info:support.tipsTitle')}
            </Heading>
            <List.Root recipe={listSlotRecipe} ps="5" gap="2">
              {QUICK_TIPS.map((tip) => (
                <List.Item key={tip}>{t(tip)}</List.Item>
              ))}
            </List.Root>
          </Panel>
        </SimpleGrid>
      </Stack>
    </Page>
  )
}
