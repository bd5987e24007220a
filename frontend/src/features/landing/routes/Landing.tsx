import { LandingBottom, LandingTop } from '../components/LandingContent'
import { LandingHero, LandingStats } from '../components/LandingHero'
import { CallToAction, HowItWorks, MobileSignUp, NeedHelp } from '../components/LandingSections'
// Part of this screen's chunk like the sections above, not a chunk of its own: it is small, and lazy it
// popped in after the first paint.
import WhyChoose from '../components/WhyChoose'

export default function Landing() {
  return (
    <>
      <LandingHero />
      <LandingStats />
      <LandingTop />
      <HowItWorks />
      <WhyChoose />
      <LandingBottom />
      <CallToAction />
      <NeedHelp />
      <MobileSignUp />
    </>
  )
}
