import { useTranslation } from '@/lib/i18n'
import { useSupportContacts } from '@/lib/support'
import { LegalPage } from './LegalPage'

export default function Privacy() {
  const { t } = useTranslation('info')
  const support = useSupportContacts()
  return (
    <LegalPage
      title={t('info:legal.privacy.title')}
      intro={t('info:legal.privacy.intro')}
      sections={[
        { title: t('info:legal.privacy.collect.title'), body: t('info:legal.privacy.collect.body') },
        { title: t('info:legal.privacy.use.title'), body: t('info:legal.privacy.use.body') },
        { title: t('info:legal.privacy.visible.title'), body: t('info:legal.privacy.visible.body') },
        { title: t('info:legal.privacy.sharing.title'), body: t('info:legal.privacy.sharing.body') },
        { title: t('info:legal.privacy.security.title'), body: t('info:legal.privacy.security.body') },
        {
          title: t('info:legal.privacy.rights.title'),
          body: t('info:legal.privacy.rights.body', { email: support.email }),
        },
      ]}
    />
  )
}
