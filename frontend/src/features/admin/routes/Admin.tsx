import { PlaceholderScreen } from '@/components/placeholder-screen'

export default function Admin() {
  return (
    <PlaceholderScreen
      title="Admin Panel"
      description="The tools for running HomeTutor will be collected here."
      upcoming={[
        'Analytics & Reports: user stats, search trends, popular tutors and revenue',
        'User, tutor and student management, with bulk actions',
        'All tuition requests, with assigning tutors and flagging',
        'Site settings, content, testimonials, media, broadcasts and support tickets',
      ]}
    />
  )
}
