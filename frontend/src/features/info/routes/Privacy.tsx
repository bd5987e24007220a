import { useSupportContacts } from '@/lib/support'
import { LegalPage } from './LegalPage'

export default function Privacy() {
  const support = useSupportContacts()
  return (
    <LegalPage
      title="Privacy Policy"
      intro="This policy explains what personal data HomeTutor collects, why, and the choices you have."
      sections={[
        {
          title: 'What we collect',
          body: 'Your name, e-mail address, phone number and role when you register; the tuition requests you post including their location; the messages you exchange; and payment records for subscriptions.',
        },
        {
          title: 'How we use it',
          body: 'To run your account, match requests with nearby tutors, deliver chat messages, send verification and account e-mails, process subscriptions and keep the platform safe.',
        },
        {
          title: 'What others see',
          body: 'Tutors with an active subscription can see the contact details of parents whose requests they respond to. Parents can see the contact details of tutors who express interest in their requests.',
        },
        {
          title: 'Sharing',
          body: 'We do not sell your data. We share it only with the services that help us run HomeTutor (such as e-mail delivery and payment processing) and when the law requires it.',
        },
        {
          title: 'Security and retention',
          body: 'Passwords are stored hashed. We keep your data while your account is active and delete it on request unless we must keep records such as payments by law.',
        },
        {
          title: 'Your rights',
          body: `You can view and update your profile at any time, and ask for a copy or deletion of your data by writing to ${support.email}.`,
        },
      ]}
    />
  )
}
