import { List, Text } from '@chakra-ui/react'
import { listSlotRecipe } from '@chakra-ui-theme/recipes/list'
import { SUBSCRIPTION_PRICE_RUPEES } from '@/lib/constants'
import { formatMoney } from '@/lib/format'
import { useTranslation } from '@/lib/i18n'
import { useSupportContacts } from '@/lib/support'
import { LegalPage } from './LegalPage'

const REFUND_CASES = [
  'info:legal.refunds.when.technical',
  'info:legal.refunds.when.duplicate',
  'info:legal.refunds.when.unavailable',
] as const

const REFUND_DETAILS = [
  'info:legal.refunds.how.account',
  'info:legal.refunds.how.date',
  'info:legal.refunds.how.order',
  'info:legal.refunds.how.reason',
] as const

export default function Refunds() {
  const { t } = useTranslation('info')
  const support = useSupportContacts()
  return (
    <LegalPage
      title={t('info:legal.refunds.title')}
      intro={t('info:legal.refunds.intro', { price: formatMoney(SUBSCRIPTION_PRICE_RUPEES) })}
      sections={[
        { title: t('info:legal.refunds.cancellation.title'), body: t('info:legal.refunds.cancellation.body') },
        { title: t('info:legal.refunds.partial.title'), body: t('info:legal.refunds.partial.body') },
        {
          title: t('info:legal.refunds.when.title'),
          body: (
            <>
              <Text>{t('info:legal.refunds.when.body')}</Text>
              <List.Root recipe={listSlotRecipe} ps="5" gap="1">
                {REFUND_CASES.map((key) => (
                  <List.Item key={key}>{t(key)}</List.Item>
                ))}
              </List.Root>
            </>
          ),
        },
        {
          title: t('info:legal.refunds.how.title'),
          body: (
            <>
              <Text>{t('info:legal.refunds.how.body', { email: support.email })}</Text>
              <List.Root recipe={listSlotRecipe} ps="5" gap="1">
                {REFUND_DETAILS.map((key) => (
                  <List.Item key={key}>{t(key)}</List.Item>
                ))}
              </List.Root>
            </>
          ),
        },
      ]}
    />
  )
}
