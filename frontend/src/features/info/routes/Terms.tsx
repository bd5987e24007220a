import { useSupportContacts } from '@/lib/support'
import { LegalPage } from './LegalPage'

export default function Terms() {
  const support = useSupportContacts()
  return (
    <LegalPage
      title="Terms and Conditions"
      intro="These terms govern your use of HomeTutor. By creating an account you agree to them."
      sections={[
        {
          title: 'Accounts',
          body: 'You must give accurate information when registering, verify your e-mail address and keep your password secret. You are responsible for everything done with your account.',
        },
        {
          title: 'Parents and students',
          body: 'Parents post tuition requests with a subject, class, preferred time and location. Only share the details needed for tutors to respond. Arrangements about fees and schedules are made directly between parents and tutors.',
        },
        {
          title: 'Tutors',
          body: 'Tutors need an active annual subscription of ₹499 to find nearby requests and see parent contact details. Tutors must describe their qualifications and experience truthfully.',
        },
        {
          title: 'Acceptable use',
          body: 'Do not harass other users, post false or offensive content, or use the platform to send spam. We may suspend or remove accounts that break these rules.',
        },
        {
          title: 'Payments',
          body: 'Subscription payments are processed by our payment provider. See the Cancellations and Refunds policy for cancellations and refunds.',
        },
        {
          title: 'Liability',
          body: 'HomeTutor connects parents and tutors but is not a party to the tuition arrangements made between them. We are not liable for the quality of tuition or for disputes between users.',
        },
        {
          title: 'Contact',
          body: `Questions about these terms can be sent to ${support.email}.`,
        },
      ]}
    />
  )
}
