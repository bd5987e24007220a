import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setLanguage } from '@/lib/i18n'
import { renderApp, signInAs } from '@/test/render'

describe('my profile in Hindi', { timeout: 30_000 }, () => {
  it("shows the form and the person's role in Hindi", async () => {
    signInAs({ role: 'parent', language: 'hi' })
    await setLanguage('hi')
    renderApp('/profile')
    expect(await screen.findByRole('heading', { level: 1, name: 'मेरी प्रोफ़ाइल' })).toBeInTheDocument()
    expect(await screen.findByDisplayValue('अभिभावक/छात्र')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'बदलाव सेव करें' })).toBeInTheDocument()
  })
})
