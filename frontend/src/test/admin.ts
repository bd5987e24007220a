import type { components } from '@/api/schema'

export type AdminAccount = components['schemas']['AccountDto']

/** An account as the admin's user list sends it: a verified parent by default. */
export function makeAdminUser(id: number, overrides: Partial<AdminAccount> = {}): AdminAccount {
  return {
    id,
    fullname: `User ${id}`,
    email: `user${id}@example.com`,
    phone: '9876543210',
    role: 'parent',
    active: true,
    approved: false,
    featured: false,
    badges: [],
    subscriptionActive: false,
    subscriptionExpires: null,
    paymentStatus: 'unpaid',
    emailVerified: true,
    createdAt: '2026-01-01T00:00:00Z',
    language: 'en',
    ...overrides,
  }
}
