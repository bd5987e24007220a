import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { makeAdminUser } from '@/test/admin'
import { setLanguage } from '@/lib/i18n'
import { renderApp, signInAs } from '@/test/render'
import { server } from '@/test/server'

function makeUser(id: number) {
  return makeAdminUser(id, { role: id === 1 ? 'tutor' : 'parent' })
}

describe('the admin panel in Hindi', { timeout: 30_000 }, () => {
  it('shows User Management in Hindi: the sections, filters, table, paging and the delete confirmation', async () => {
    await setLanguage('hi')
    signInAs({ role: 'admin', email: 'admin@example.com', fullname: 'Admin', language: 'hi' })
    server.use(
      http.get('*/api/admin/users', () =>
        HttpResponse.json({ users: [makeUser(1), makeUser(2)], total: 2, page: 1, limit: 20 }),
      ),
    )
    const { user } = renderApp('/admin?section=users')
    expect(await screen.findByRole('heading', { level: 1, name: 'एडमिन पैनल' })).toBeInTheDocument()
    const nav = screen.getByRole('navigation', { name: 'एडमिन सेक्शन' })
    expect(within(nav).getByRole('button', { name: 'उपयोगकर्ता प्रबंधन' })).toHaveAttribute('aria-current', 'page')
    expect(within(nav).getByRole('button', { name: 'विश्लेषण और रिपोर्ट' })).toBeInTheDocument()
    expect(await screen.findByRole('heading', { level: 2, name: 'उपयोगकर्ता प्रबंधन' })).toBeInTheDocument()

    const table = await screen.findByRole('table', { name: 'उपयोगकर्ता' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['इस पेज के सभी उपयोगकर्ता चुनें', 'नाम', 'ई-मेल', 'फ़ोन', 'भूमिका', 'सक्रिय', 'कार्रवाइयाँ'])
    expect(within(table).getByText('ट्यूटर')).toBeInTheDocument()
    expect(within(table).getByText('अभिभावक/छात्र')).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'भूमिका' })).toBeInTheDocument()
    expect(screen.getByRole('searchbox', { name: 'खोजें' })).toHaveAttribute('placeholder', 'नाम, ई-मेल या फ़ोन')
    expect(screen.getByText(/^पेज 1 \/ 1 · 2 उपयोगकर्ता$/)).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'चुने गए पर लागू करें' }))
    expect(await screen.findByText('कृपया पहले उपयोगकर्ता चुनें')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'user2@example.com हटाएँ' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'उपयोगकर्ता हटाएँ?' })
    expect(dialog).toHaveTextContent('User 2 (user2@example.com) और उनका डेटा हटा दिया जाएगा')
    expect(within(dialog).getByRole('button', { name: 'हटाएँ' })).toBeInTheDocument()
  })
})
