/**
 * The code of the screens a redirect lands on. The first visit to a lazy screen waits for its module
 * to load before the address changes; loaded ahead, the redirect shows the moment it happens, so a test
 * that moves a fake clock exactly past a deliberate delay can look at the address straight away.
 */
const screens = {
  '/': () => import('@/features/landing/routes/Landing'),
  '/dashboard': () => import('@/features/dashboard/routes/Dashboard'),
  '/login': () => import('@/features/auth/routes/Login'),
  '/verify-email-otp': () => import('@/features/auth/routes/VerifyEmailOtp'),
}

export async function loadScreen(path: keyof typeof screens): Promise<void> {
  await screens[path]()
}
