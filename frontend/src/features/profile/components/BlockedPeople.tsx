import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react'
import { errorMessage } from '@/api/client'
import { useBlockedPeople, useSetBlock } from '@/components/moderation/api'
import { useLanguage, useTranslation } from '@/lib/i18n'
import { localeOf } from '@/lib/i18n-languages'
import { MESSAGES } from '@/lib/messages'
import { notifyError, notifySuccess } from '@/lib/toaster'

/**
 * The people I block, each with Unblock (the profile's settings). Its texts are the profile's
 * catalogue, so /profile does not load the moderation catalogue (the report dialog's, the admin's).
 */
export function BlockedPeople() {
  const { t } = useTranslation('profile')
  const language = useLanguage()
  const blocks = useBlockedPeople()
  const setBlock = useSetBlock()
  const unblock = (id: number, name: string) =>
    setBlock.mutate(
      { userId: id, blocked: false },
      {
        onSuccess: () => notifySuccess(t('profile:blocked.unblocked', { name })),
        onError: (e) => notifyError(errorMessage(e, MESSAGES.blockFailed)),
      },
    )
  return (
    <Stack as="section" gap="3" aria-labelledby="blocked-people-title">
      <Heading as="h2" size="md" id="blocked-people-title">
        {t('profile:blocked.title')}
      </Heading>
      {blocks.isPending && <Text color="fg.muted">{t('profile:blocked.loading')}</Text>}
      {blocks.isError && <Text color="red.600">{MESSAGES.loadBlocksFailed}</Text>}
      {blocks.data?.length === 0 && <Text color="fg.muted">{t('profile:blocked.empty')}</Text>}
      {blocks.data && blocks.data.length > 0 && (
        <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
          {blocks.data.map((p) => (
            <HStack as="li" key={p.id} justify="space-between" borderWidth="1px" borderRadius="md" p="3" wrap="wrap">
              <Stack gap="0">
                <Text fontWeight="medium">{p.fullname}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {t('profile:blocked.since', {
                    date: new Date(p.blockedAt).toLocaleDateString(localeOf(language)),
                  })}
                </Text>
              </Stack>
              <Button
                size="sm"
                variant="outline"
                onClick={() => unblock(p.id, p.fullname)}
                loading={setBlock.isPending}
              >
                {t('profile:blocked.unblock', { name: p.fullname })}
              </Button>
            </HStack>
          ))}
        </Stack>
      )}
    </Stack>
  )
}
