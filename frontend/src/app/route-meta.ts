import { matchPath } from 'react-router'
import { DEFAULT_DESCRIPTION, type DocumentMeta } from '@/lib/document-meta'

/**
 * Each route of the SPEC §2 table (routes.tsx) with its tab title and meta description. Public
 * pages describe themselves for search results; pages behind a login keep the site's description.
 * A screen that learns more once its data loads (a tutor's name) says so with `useScreenMeta`.
 */
const ROUTE_META: [pattern: string, meta: DocumentMeta][] = [
  ['/', { description: DEFAULT_DESCRIPTION }],
  [
    '/about',
    {
      title: 'About',
      description:
        'About HomeTutor: our mission to connect families across India with qualified home tutors, and the team behind it.',
    },
  ],
  [
    '/tutors',
    {
      title: 'Find a Tutor',
      description: 'Search home tutors by subject and locality or PIN code, with their fees, ratings and distance.',
    },
  ],
  [
    '/tutor/:id',
    {
      title: 'Tutor Profile',
      description: "A home tutor's profile on HomeTutor: subjects, fees, availability and reviews.",
    },
  ],
  [
    '/support',
    {
      title: 'Help & Support',
      description: 'Help for parents and tutors: e-mail and phone support, support hours and quick tips.',
    },
  ],
  [
    '/contact-us',
    {
      title: 'Contact Us',
      description: 'Contact the HomeTutor team by message, e-mail or phone.',
    },
  ],
  [
    '/features',
    {
      title: 'Features',
      description: "Try HomeTutor's real-time chat and file uploads.",
    },
  ],
  [
    '/terms-and-conditions',
    {
      title: 'Terms and Conditions',
      description: 'The terms and conditions for parents, students and tutors using HomeTutor.',
    },
  ],
  [
    '/privacy-policy',
    {
      title: 'Privacy Policy',
      description: 'How HomeTutor collects, uses and protects your personal data.',
    },
  ],
  [
    '/cancellations-and-refunds',
    {
      title: 'Cancellations and Refunds',
      description: "HomeTutor's cancellation and refund policy for the tutor subscription.",
    },
  ],
  [
    '/login',
    {
      title: 'Sign In',
      description: 'Sign in to HomeTutor to manage your tuition requests, messages and subscription.',
    },
  ],
  [
    '/register',
    {
      title: 'Sign Up',
      description: 'Create a free HomeTutor account as a parent or as a tutor.',
    },
  ],
  ['/verify-email', { title: 'Email Verification', description: DEFAULT_DESCRIPTION }],
  ['/verify-email-otp', { title: 'Verify Your Email', description: DEFAULT_DESCRIPTION }],
  ['/unsubscribe', { title: 'Unsubscribe', description: DEFAULT_DESCRIPTION }],
  ['/dashboard', { title: 'Dashboard', description: DEFAULT_DESCRIPTION }],
  ['/request/new', { title: 'New Request', description: DEFAULT_DESCRIPTION }],
  ['/request/:id/edit', { title: 'Edit Request', description: DEFAULT_DESCRIPTION }],
  ['/subscribe', { title: 'Subscribe', description: DEFAULT_DESCRIPTION }],
  ['/payment-success', { title: 'Payment Result', description: DEFAULT_DESCRIPTION }],
  ['/payment/checkout', { title: 'Checkout', description: DEFAULT_DESCRIPTION }],
  ['/nearby', { title: 'Nearby Requests', description: DEFAULT_DESCRIPTION }],
  ['/admin', { title: 'Admin Panel', description: DEFAULT_DESCRIPTION }],
  ['/chats', { title: 'Recent Chats', description: DEFAULT_DESCRIPTION }],
  ['/messages', { title: 'Messages', description: DEFAULT_DESCRIPTION }],
  ['/profile', { title: 'My Profile', description: DEFAULT_DESCRIPTION }],
  ['/notifications', { title: 'Notifications', description: DEFAULT_DESCRIPTION }],
]

const NOT_FOUND: DocumentMeta = { title: 'Page Not Found', description: DEFAULT_DESCRIPTION }

/** The route table's entry for a path; any other path is the not-found screen. */
export function routeMeta(pathname: string): DocumentMeta {
  return ROUTE_META.find(([pattern]) => matchPath(pattern, pathname))?.[1] ?? NOT_FOUND
}
