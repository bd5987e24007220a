import { PlaceholderScreen } from '@/components/placeholder-screen'

export default function NewRequest() {
  return (
    <PlaceholderScreen
      title="Post a Tuition Request"
      description="Here you will post what you need so that tutors near you can respond."
      upcoming={[
        'Subject, class and preferred time (all required)',
        'A map picker to choose the location of the classes',
        'After posting, the request appears on your dashboard with the tutors who are interested',
      ]}
    />
  )
}
