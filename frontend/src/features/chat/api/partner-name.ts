import { api } from '@/api/client'

/**
 * The name to title a chat with someone who is not among my conversations yet (`/messages?with=`
 * from a notification): a tutor's public profile has it; anyone else has none here (null).
 */
export async function partnerName(id: number): Promise<string | null> {
  try {
    const { data } = await api.GET('/tutors/{idOrEmail}', { params: { path: { idOrEmail: String(id) } } })
    return data?.fullname?.trim() || data?.email || null
  } catch {
    return null
  }
}
