import { act, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { notifyError, notifySuccess, registerToaster, type ToastMessage } from '@/lib/toaster'
import { AppProvider } from './provider'

describe('snackbars (SPEC §8, §9)', () => {
  it('shows a message sent before the toaster has loaded', async () => {
    render(
      <AppProvider>
        <p>page</p>
      </AppProvider>,
    )
    act(() => notifySuccess('Saved!'))
    expect(await screen.findByText('Saved!')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: /notifications/i })).toBeInTheDocument()
  })

  it('keeps successes about 3 s and errors about 4 s', () => {
    const shown: ToastMessage[] = []
    const unregister = registerToaster((message) => shown.push(message))
    notifySuccess('ok')
    notifyError('bad')
    unregister()
    expect(shown).toEqual([
      { type: 'success', title: 'ok', duration: 3000 },
      { type: 'error', title: 'bad', duration: 4000 },
    ])
  })
})
