import { useParams } from 'react-router'
import { PlaceholderScreen } from '@/components/placeholder-screen'

export default function EditRequest() {
  const { id } = useParams()
  return (
    <PlaceholderScreen
      title="Edit Tuition Request"
      description={`Here you will edit request #${id ?? ''}.`}
      upcoming={[
        'The request form pre-filled with the subject, class, preferred time and location',
        'Cancel resets the form; after saving you return to the dashboard',
      ]}
    />
  )
}
