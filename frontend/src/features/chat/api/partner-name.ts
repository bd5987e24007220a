import { api } from '@/api/client'

/**
 * The name to title a chat with someone who is not among my conversations yet (`/messages?with=`
 * from a notification): a tutor's public profile has it; anyone else is 'this user'.
 */
export async function partnerName(id: number): Promise<string> {
  try {
    const { data } = await api.GET('/tutors/{idOrEmail}', { params: { path: { idOrEmail: String(id) } } })
    return data?.fullname?.trim() || data?.email || 'this user'
  } catch {
    return 'this user'
  }
}
