import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setLanguage } from '@/lib/i18n'
import { renderApp } from '@/test/render'

describe('the features demo in Hindi', { timeout: 30_000 }, () => {
  it('names its tabs in Hindi and asks a visitor to sign in', async () => {
    await setLanguage('hi')
    renderApp('/features')
    expect(await screen.findByRole('heading', { level: 1, name: 'सुविधाएँ' })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'रियल-टाइम संदेश' })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'फ़ाइल अपलोड' })).toBeInTheDocument()
    expect(screen.getByText('चैट आज़माने के लिए कृपया साइन इन करें')).toBeInTheDocument()
  })
})
