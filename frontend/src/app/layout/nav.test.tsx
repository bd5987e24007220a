import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderApp, signInAs } from '@/test/render'
import { i18n } from '@/lib/i18n'
import { titleKeyFromPath } from './drawer-nav'
import { bottomNavItems, desktopNavItems, NAV_LABELS, type NavContext, type NavItem } from './nav'

const base: NavContext = { role: null, email: null, subscribed: false, isLoggedIn: false }
const labels = (items: NavItem[]) => items.map((item) => i18n.t(NAV_LABELS[item.id]))
const titleFromPath = (path: string) => i18n.t(titleKeyFromPath(path))

describe('navigation per role (SPEC §2 "Navigation")', () => {
  it('desktop top bar', () => {
    expect(labels(desktopNavItems(base))).toEqual(['Home', 'Find Tutors', 'About', 'Contact', 'Sign In', 'Sign Up'])
    const parent = desktopNavItems({ ...base, isLoggedIn: true, role: 'parent' })
    expect(labels(parent)).toEqual(['Dashboard', 'Find Tutors', 'New Request', 'Messages'])
    expect(parent.map((item) => item.to)).toEqual(['/dashboard', '/tutors', '/request/new', '/messages'])
    const tutor = { ...base, isLoggedIn: true, role: 'tutor' as const, email: 'Meera.N@Example.com' }
    expect(labels(desktopNavItems(tutor))).toEqual(['Subscribe', 'Profile', 'Messages', 'Support'])
    expect(desktopNavItems(tutor).map((item) => item.to)).toEqual([
      '/subscribe',
      '/tutor/meera.n%40example.com',
      '/messages',
      '/support',
    ])
    expect(desktopNavItems({ ...tutor, subscribed: true })[0]).toEqual({ id: 'findStudents', to: '/nearby' })
    expect(labels(desktopNavItems({ ...tutor, subscribed: true }))[0]).toBe('Find Students')
    expect(labels(desktopNavItems({ ...base, isLoggedIn: true, role: 'admin' }))).toEqual(['Admin', 'Messages'])
  })

  it('bottom bar has at most five items', () => {
    expect(labels(bottomNavItems(base))).toEqual(['Home', 'Tutors', 'About', 'Sign In', 'Sign Up'])
    // Logged in, the notifications take a place: a parent's Home is the header's brand link.
    expect(labels(bottomNavItems({ ...base, isLoggedIn: true, role: 'parent' }))).toEqual([
      'Dashboard',
      'New Request',
      'Messages',
      'Alerts',
      'Profile',
    ])
    expect(labels(bottomNavItems({ ...base, isLoggedIn: true, role: 'tutor', email: 'a@b.in' }))).toEqual([
      'Home',
      'Subscribe',
      'Messages',
      'Alerts',
      'Profile',
    ])
    expect(labels(bottomNavItems({ ...base, isLoggedIn: true, role: 'tutor', subscribed: true }))[1]).toBe(
      'Find Students',
    )
    for (const role of ['parent', 'tutor', 'admin'] as const) {
      expect(bottomNavItems({ ...base, isLoggedIn: true, role }).length).toBeLessThanOrEqual(5)
    }
  })

  it('derives the drawer title from the path', () => {
    expect(titleFromPath('/')).toBe('Home')
    expect(titleFromPath('/request/12/edit')).toBe('Edit Request')
    expect(titleFromPath('/tutor/a%40b.in')).toBe('Tutor Profile')
    expect(titleFromPath('/chats')).toBe('Messages')
    expect(titleFromPath('/nope')).toBe('Page Not Found')
  })

  it('opens the mobile drawer with the page title, role label, e-mail and Sign Out', async () => {
    signInAs({ role: 'parent', email: 'asha@example.com' })
    const { user } = renderApp('/profile')
    await screen.findByRole('heading', { level: 1, name: 'My Profile' })
    await user.click(screen.getByRole('button', { name: 'Open menu' }))
    const drawer = await screen.findByRole('dialog')
    expect(within(drawer).getByRole('heading', { name: 'My Profile' })).toBeInTheDocument()
    expect(within(drawer).getByText('Parent/Student')).toBeInTheDocument()
    expect(within(drawer).getByText('asha@example.com')).toBeInTheDocument()
    expect(within(drawer).getByRole('button', { name: /sign out/i })).toBeInTheDocument()
  })

  it('renders the bottom bar for the role', async () => {
    signInAs({ role: 'parent' })
    renderApp('/dashboard')
    await screen.findByRole('heading', { name: 'Dashboard' })
    const bar = screen.getByRole('navigation', { name: 'Bottom navigation' })
    expect(
      within(bar)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Dashboard', 'New Request', 'Messages', 'Alerts', 'Profile'])
  })

  it("shows the person's name in the header, not their e-mail, and the e-mail while the profile has no name", async () => {
    signInAs({ role: 'parent', fullname: 'Asha Verma', email: 'asha.verma.long.address@example.com' })
    const named = renderApp('/profile')
    await screen.findByRole('heading', { level: 1, name: 'My Profile' })
    const header = screen.getByRole('banner')
    expect(within(header).getByText('Asha Verma')).toBeInTheDocument()
    expect(within(header).queryByText('asha.verma.long.address@example.com')).not.toBeInTheDocument()
    named.unmount()

    signInAs({ role: 'parent', fullname: ' ', email: 'asha@example.com' })
    renderApp('/profile')
    await screen.findByRole('heading', { level: 1, name: 'My Profile' })
    expect(within(screen.getByRole('banner')).getByText('asha@example.com')).toBeInTheDocument()
  })
})
