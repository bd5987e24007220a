import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react'
import { useTranslation } from '@/lib/i18n'
import { SupportContacts } from '@/components/support-contacts'

export function ScreenError({ error }: { error: Error }) {
  const { t } = useTranslation()
  return (
    <Container maxW="xl" py="16">
      <Stack gap="4">
        <Heading as="h1" size="2xl">
          {t('common:error.title')}
        </Heading>
        <Text role="alert">{error.message || t('common:error.unexpected')}</Text>
        <Button alignSelf="flex-start" onClick={() => window.location.reload()}>
          {t('common:error.reload')}
        </Button>
        <SupportContacts />
      </Stack>
    </Container>
  )
}
