import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { RecommendationsResult } from '@/api/discovery-types'
import { setLanguage } from '@/lib/i18n'
import { makeRecommended } from '@/test/discovery'
import { renderApp, signInAs } from '@/test/render'
import { server } from '@/test/server'
import { makeRequest } from '@/test/tuition'

describe('recommended tutors in Hindi', { timeout: 20_000 }, () => {
  it('shows the panel, the score and Invite in Hindi, and confirms an invitation in Hindi', async () => {
    await setLanguage('hi')
    signInAs({ role: 'parent', language: 'hi' })
    let tutors = [makeRecommended()]
    server.use(
      http.get('*/api/tuition/mine', () => HttpResponse.json([makeRequest({ id: 11 })])),
      http.get('*/api/tuition/:id/recommendations', () => HttpResponse.json<RecommendationsResult>({ tutors })),
      http.post('*/api/tuition/:id/invite', () => {
        tutors = tutors.map((tutor) => ({ ...tutor, invited: true }))
        return HttpResponse.json({ invited: true }, { status: 201 })
      }),
    )
    const { user } = renderApp('/dashboard')
    const section = await screen.findByRole('region', { name: 'सुझाए गए ट्यूटर' })
    const list = await within(section).findByRole('list', { name: 'सुझाए गए ट्यूटर' })
    expect(within(section).getByText(/^आपके अनुरोध के लिए: /)).toBeInTheDocument()
    expect(within(list).getByText('मेल 87/100')).toBeInTheDocument()
    expect(within(list).getByRole('list', { name: 'Priya Sharma क्यों सही हैं' })).toBeInTheDocument()
    await user.click(within(list).getByRole('button', { name: 'Priya Sharma को आमंत्रित करें' }))
    expect(await screen.findByRole('button', { name: 'Priya Sharma आमंत्रित' })).toBeDisabled()
    expect(await screen.findByText('Priya Sharma को आपके अनुरोध के लिए आमंत्रित किया गया है।')).toBeInTheDocument()
  })
})
