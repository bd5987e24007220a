import { lazy } from 'react'
import { Route, Routes } from 'react-router'
import { LoggedOutOnly, RequireAuth, RequireRole } from './guards'
import { AppShell } from './layout/AppShell'
import { lazyWithQueries } from './lazy-with-queries'

// Every screen is its own chunk, so the landing route loads only what it shows (DESIGN.md §6).
// Every screen but the landing page comes with the query layer (TanStack Query): the landing page
// asks the server for nothing but the site's settings, which the shell fetches (the page-weight budget).
const Landing = lazy(() => import('@/features/landing/routes/Landing'))
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
const TutorProfile = lazyWithQueries(() => import('@/features/tutors/routes/TutorProfile'))
const TutorSearch = lazyWithQueries(() => import('@/features/tutors/routes/TutorSearch'))
const Dashboard = lazyWithQueries(() => import('@/features/dashboard/routes/Dashboard'))
const Messages = lazyWithQueries(() => import('@/features/chat/routes/Messages'))
// /profile with the sections other features add (a tutor's teaching area, e-mail settings).
const ProfileRoute = lazyWithQueries(() => import('./profile-route'))
const NewRequest = lazyWithQueries(() => import('@/features/requests/routes/NewRequest'))
const EditRequest = lazyWithQueries(() => import('@/features/requests/routes/EditRequest'))
const Subscribe = lazyWithQueries(() => import('@/features/payments/routes/Subscribe'))
const PaymentResult = lazyWithQueries(() => import('@/features/payments/routes/PaymentResult'))
const SimulatedCheckout = lazyWithQueries(() => import('@/features/payments/routes/SimulatedCheckout'))
const Nearby = lazyWithQueries(() => import('@/features/tuition/routes/Nearby'))
const Admin = lazyWithQueries(() => import('@/features/admin/routes/Admin'))
const NotificationPages = lazyWithQueries(() => import('@/features/notifications/routes/NotificationPages'))
// The dashboard's panels come from their own features (which do not import each other); composed here.
const MyRequests = lazy(() => import('@/features/requests/components/MyRequests'))
const NearbyRequests = lazy(() => import('@/features/tuition/components/NearbyRequests'))
const RecommendationsPanel = lazy(() => import('@/features/recommendations/components/RecommendationsPanel'))

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
                tutor={<NearbyRequests title="Nearby Requests" />}
              />
            }
          />
          {/* One inbox: /chats (the spec's Recent Chats) shows the same conversations as /messages. */}
          <Route path="chats" element={<Messages />} />
          <Route path="messages" element={<Messages />} />
          <Route path="profile" element={<ProfileRoute />} />
          <Route path="notifications" element={<NotificationPages page="list" />} />
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
        </Route>

        <Route element={<RequireRole role="admin" />}>
          <Route path="admin" element={<Admin />} />
        </Route>

        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  )
}
