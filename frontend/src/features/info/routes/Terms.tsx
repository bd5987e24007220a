import { SUBSCRIPTION_PRICE_RUPEES } from '@/lib/constants'
import { formatMoney } from '@/lib/format'
import { useTranslation } from '@/lib/i18n'
import { useSupportContacts } from '@/lib/support'
import { LegalPage } from './LegalPage'

export default function Terms() {
  const { t } = useTranslation('info')
  const support = useSupportContacts()
  return (
    <LegalPage
      title={t('info:legal.terms.title')}
      intro={t('info:legal.terms.intro')}
      sections={[
        { title: t('info:legal.terms.accounts.title'), body: t('info:legal.terms.accounts.body') },
        { title: t('info:legal.terms.parents.title'), body: t('info:legal.terms.parents.body') },
        {
          title: t('info:legal.terms.tutors.title'),
          body: t('info:legal.terms.tutors.body', { price: formatMoney(SUBSCRIPTION_PRICE_RUPEES) }),
        },
        { title: t('info:legal.terms.use.title'), body: t('info:legal.terms.use.body') },
        { title: t('info:legal.terms.payments.title'), body: t('info:legal.terms.payments.body') },
        { title: t('info:legal.terms.liability.title'), body: t('info:legal.terms.liability.body') },
        {
          title: t('info:legal.terms.contact.title'),
          body: t('info:legal.terms.contact.body', { email: support.email }),
        },
      ]}
    />
  )
}
