import { lazy } from 'react'
import { Route, Routes } from 'react-router'
import { withCatalogues } from '@/lib/i18n'
import { getSession } from '@/lib/session'
import { siteSettled } from '@/lib/site-store'
import type { Namespace } from '@/lib/i18n-languages'
import { LoggedOutOnly, RequireAuth, RequireRole } from './guards'
import { AppShell } from './layout/AppShell'
import { lazyWithQueries } from './lazy-with-queries'

// Every screen is its own chunk, so the landing route loads only what it shows (DESIGN.md §6).
// Every screen but the landing page comes with the query layer (TanStack Query): the landing page
// asks the server for nothing but the site's settings, which the shell fetches (the page-weight budget).
// A screen's catalogues load beside its code (withCatalogues), not after it.
const loadLanding = () => import('@/features/landing/routes/Landing')
const Landing = lazy(withCatalogues(loadLanding, ['landing']))

/**
 * The landing page's code and catalogue, fetched at start-up beside the shell's catalogue (main.tsx)
 * instead of after it: a first visit waits one round trip less.
 */
export function firstScreen(pathname: string): { namespaces: Namespace[]; preload?: () => Promise<unknown> } {
  return pathname === '/' ? { namespaces: ['landing'], preload: loadLanding } : { namespaces: [] }
}
const About = lazyWithQueries(() => import('@/features/info/routes/About'))
const Support = lazyWithQueries(() => import('@/features/info/routes/Support'))
const Contact = lazyWithQueries(() => import('@/features/info/routes/Contact'))
const Policies = lazyWithQueries(() => import('@/features/info/routes/Policies'))
const NotFound = lazyWithQueries(() => import('@/features/info/routes/NotFound'))
const VerifyEmailLink = lazyWithQueries(() => import('@/features/auth/routes/VerifyEmailLink'))
const VerifyEmailOtp = lazyWithQueries(() => import('@/features/auth/routes/VerifyEmailOtp'))
const Login = lazyWithQueries(() => import('@/features/auth/routes/Login'))
const Register = lazyWithQueries(() => import('@/features/auth/routes/Register'))
const FeaturesDemo = lazyWithQueries(() => import('@/features/demo/routes/FeaturesDemo'))
// The profile with the tutor's free times (another feature's), composed in tutor-profile-route.
const TutorProfile = lazyWithQueries(() => import('./tutor-profile-route'))
const TutorSearch = lazyWithQueries(() => import('@/features/tutors/routes/TutorSearch'))
const Verification = lazyWithQueries(
  withCatalogues(() => import('@/features/verification/routes/Verification'), ['verification']),
)
/** A screen whose layout depends on the site settings (the demo-payments notice): it loads with them. */
function withSite<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => (await Promise.all([load(), siteSettled()]))[0]
}

const Dashboard = lazyWithQueries(withSite(() => import('@/features/dashboard/routes/Dashboard')))
const Messages = lazyWithQueries(() => import('@/features/chat/routes/Messages'))
// /profile with the sections other features add (e-mail settings; a tutor's card and teaching
// area): a tutor's come with their own file and the teaching area's catalogue, fetched beside the
// screen's file rather than after it.
const ProfileRoute = lazyWithQueries(async () => {
  const tutor = getSession().role === 'tutor'
  const [screen] = await Promise.all([
    withCatalogues(() => import('./profile-route'), tutor ? ['tuition'] : [])(),
    tutor ? import('./profile-tutor-sections') : null,
  ])
  return screen
})
const NewRequest = lazyWithQueries(withCatalogues(() => import('@/features/requests/routes/NewRequest'), ['requests']))
const EditRequest = lazyWithQueries(
  withCatalogues(() => import('@/features/requests/routes/EditRequest'), ['requests']),
)
const Subscribe = lazyWithQueries(
  withSite(withCatalogues(() => import('@/features/payments/routes/Subscribe'), ['payments'])),
)
const PaymentResult = lazyWithQueries(
  withCatalogues(() => import('@/features/payments/routes/PaymentResult'), ['payments']),
)
const SimulatedCheckout = lazyWithQueries(
  withCatalogues(() => import('@/features/payments/routes/SimulatedCheckout'), ['payments']),
)
const Nearby = lazyWithQueries(withCatalogues(() => import('@/features/tuition/routes/Nearby'), ['tuition']))
const Availability = lazyWithQueries(
  withCatalogues(() => import('@/features/availability/routes/Availability'), ['availability']),
)
// A tutor's guided set-up: the teaching area's and the week's editors come from their features.
const Onboarding = lazyWithQueries(
  withCatalogues(() => import('./onboarding-route'), ['profile', 'onboarding', 'tuition', 'availability']),
)
const MyClasses = lazyWithQueries(withCatalogues(() => import('@/features/bookings/routes/MyClasses'), ['bookings']))
// Where notifications and e-mails about a class lead.
const BookingPage = lazyWithQueries(
  withCatalogues(() => import('@/features/bookings/routes/BookingPage'), ['bookings']),
)
const Admin = lazyWithQueries(withCatalogues(() => import('@/features/admin/routes/Admin'), ['admin']))
const NotificationPages = lazyWithQueries(() => import('@/features/notifications/routes/NotificationPages'))
// The dashboard's panels come from their own features (which do not import each other); composed here.
const MyRequests = lazy(withCatalogues(() => import('@/features/requests/components/MyRequests'), ['requests']))
const NearbyRequests = lazy(withCatalogues(() => import('@/features/tuition/components/NearbyRequests'), ['tuition']))
// Loaded only for a tutor whose teaching area's answer says a step of their profile is missing.
const SetupCard = lazy(withCatalogues(() => import('@/features/profile/components/SetupCard'), ['onboarding']))
const RecommendationsPanel = lazy(
  withCatalogues(() => import('@/features/recommendations/components/RecommendationsPanel'), ['recommendations']),
)

/** SPEC §2 route table, each route behind its access rule. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppShell />}>
        <Route index element={<Landing />} />
        <Route path="about" element={<About />} />
        <Route path="verify-email" element={<VerifyEmailLink />} />
        <Route path="verify-email-otp" element={<VerifyEmailOtp />} />
        <Route path="features" element={<FeaturesDemo />} />
        <Route path="support" element={<Support />} />
        <Route path="contact-us" element={<Contact />} />
        <Route path="terms-and-conditions" element={<Policies page="terms" />} />
        <Route path="privacy-policy" element={<Policies page="privacy" />} />
        <Route path="cancellations-and-refunds" element={<Policies page="refunds" />} />
        <Route path="tutor/:id" element={<TutorProfile />} />
        <Route path="tutors" element={<TutorSearch />} />
        {/* An e-mail's one-click unsubscribe link works without logging in. */}
        <Route path="unsubscribe" element={<NotificationPages page="unsubscribe" />} />

        <Route element={<LoggedOutOnly />}>
          <Route path="login" element={<Login />} />
          <Route path="register" element={<Register />} />
        </Route>

        <Route element={<RequireAuth />}>
          <Route
            path="dashboard"
            element={
              <Dashboard
                parent={
                  <>
                    <MyRequests />
                    <RecommendationsPanel />
                  </>
                }
                tutor={<NearbyRequests heading setup={SetupCard} />}
              />
            }
          />
          {/* One inbox: /chats (the spec's Recent Chats) shows the same conversations as /messages. */}
          <Route path="chats" element={<Messages />} />
          <Route path="messages" element={<Messages />} />
          <Route path="profile" element={<ProfileRoute />} />
          <Route path="notifications" element={<NotificationPages page="list" />} />
          <Route path="classes" element={<MyClasses />} />
          <Route path="bookings/:id" element={<BookingPage />} />
        </Route>

        <Route element={<RequireRole role="parent" />}>
          <Route path="request/new" element={<NewRequest />} />
          <Route path="request/:id/edit" element={<EditRequest />} />
        </Route>

        {/* Logged out, /subscribe explains why and leaves for /login after 2 s (SPEC §5). */}
        <Route element={<RequireRole role="tutor" allowLoggedOut />}>
          <Route path="subscribe" element={<Subscribe />} />
        </Route>

        <Route element={<RequireRole role="tutor" />}>
          <Route path="payment-success" element={<PaymentResult />} />
          {/* The simulated payment provider's checkout (PAYMENT_MODE=simulated). */}
          <Route path="payment/checkout" element={<SimulatedCheckout />} />
          <Route path="nearby" element={<Nearby />} />
          <Route path="verification" element={<Verification />} />
          <Route path="availability" element={<Availability />} />
          <Route path="onboarding" element={<Onboarding />} />
        </Route>

        <Route element={<RequireRole role="admin" />}>
          <Route path="admin" element={<Admin />} />
        </Route>

        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  )
}
