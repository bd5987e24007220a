import { Box, Button, Container, Flex, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { Clock, Mail, Phone, UserPlus } from 'lucide-react'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { STATS, SUPPORT_HOURS } from '@/lib/constants'
import { useSupportContacts } from '@/lib/support'
import { useSession } from '@/lib/session'
import { useSiteData, type Site } from '@/lib/site-store'
import { HeroSearch } from '../components/HeroSearch'
import { SiteAnnouncements } from '../components/SiteAnnouncements'
// Part of this screen's chunk, not chunks of their own: each request costs its headers on the
// wire, and they are small (issue 21 budget). Lazy, they also popped in after the first paint.
import MatchPreview from '../components/MatchPreview'
import WhyChoose from '../components/WhyChoose'

// The admin's content under the fold (home text, testimonials, FAQs) is its own chunk, fetched
// only when there is some and the visitor scrolls towards it, so a first visit does not pay for
// what it may never see (issue 21 budget). Banners and announcements, near the top, come with
// this chunk.
const SiteContent = lazy(() => import('../components/SiteContent'))

/** How far ahead of the viewport the lower content starts loading: it is there before it is seen. */
const LOAD_AHEAD = '400px 0px'

function hasContent(site: Site, part: 'top' | 'bottom'): boolean {
  const c = site.content
  if (part === 'top') return c.banners.length > 0 || c.announcements.length > 0
  return Boolean(c.homeText.trim()) || c.faqs.length > 0 || site.testimonials.length > 0
}

function LandingTop() {
  const data = useSiteData()
  if (!data || !hasContent(data, 'top')) return null
  return <SiteAnnouncements content={data.content} />
}

function LandingBottom() {
  const data = useSiteData()
  const show = Boolean(data && hasContent(data, 'bottom'))
  // Without IntersectionObserver (old browsers, tests' jsdom) the content loads at once.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined')
  const anchor = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = anchor.current
    if (near || !show || !element) return undefined
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true)
      },
      { rootMargin: LOAD_AHEAD },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [near, show])
  if (!data || !show) return null
  return (
    <div ref={anchor}>
      {near && (
        <Suspense fallback={null}>
          <SiteContent site={data} />
        </Suspense>
      )}
    </div>
  )
}

const STEPS = [
  {
    title: 'Register',
    text: 'Sign up as a parent or a tutor and verify your e-mail address.',
  },
  {
    title: 'Post or find',
    text: 'Parents post their tuition needs; tutors find students nearby.',
  },
  {
    title: 'Connect',
    text: 'Talk it through in the built-in chat and start learning.',
  },
]

export default function Landing() {
  const support = useSupportContacts()
  const { isLoggedIn } = useSession()
  return (
    <>
      <Box
        as="section"
        aria-labelledby="hero-title"
        bgGradient="to-br"
        gradientFrom="blue.700"
        gradientTo="blue.900"
        color="white"
      >
        <Container maxW="6xl" py={{ base: '14', md: '24' }} px={{ base: '5', md: '6' }}>
          <Flex align="center" justify="space-between" gap="12">
            <Stack gap="6" maxW="2xl">
              <Text
                alignSelf="flex-start"
                bg="whiteAlpha.300"
                color="white"
                px="3"
                py="1"
                borderRadius="full"
                fontSize="xs"
                fontWeight="medium"
              >
                Home tuition across India
              </Text>
              <Heading
                as="h1"
                id="hero-title"
                fontSize={{ base: '4xl', md: '6xl' }}
                lineHeight="1.1"
                fontWeight="extrabold"
              >
                Find Your Perfect Tutor
              </Heading>
              <Text fontSize={{ base: 'lg', md: 'xl' }} color="blue.50">
                Find qualified tutors in your area for personalised learning.
              </Text>
              <HeroSearch />
              <Flex gap="3" wrap="wrap">
                <Button asChild size="lg" bg="white" color="blue.800" _hover={{ bg: 'blue.50' }}>
                  <RouterLink to="/register">Get Started</RouterLink>
                </Button>
                <Button
                  asChild
                  size="lg"
                  variant="outline"
                  color="white"
                  borderColor="white"
                  _hover={{ bg: 'whiteAlpha.200' }}
                >
                  <RouterLink to="/about">About HomeTutor</RouterLink>
                </Button>
              </Flex>
            </Stack>
            <MatchPreview />
          </Flex>
        </Container>
      </Box>

      <Container
        as="section"
        aria-label="Statistics"
        maxW="6xl"
        px={{ base: '4', md: '6' }}
        mt={{ base: '-6', md: '-10' }}
      >
        <SimpleGrid columns={{ base: 2, md: 4 }} gap={{ base: '3', md: '5' }}>
          {STATS.map((stat) => (
            <Box
              key={stat.label}
              bg="bg"
              borderRadius="xl"
              shadow="md"
              p={{ base: '4', md: '6' }}
              textAlign="center"
              borderWidth="1px"
              borderColor="border"
            >
              <Text fontSize={{ base: '2xl', md: '4xl' }} fontWeight="extrabold" color="blue.700">
                {stat.value}
              </Text>
              <Text color="fg.muted" fontSize={{ base: 'sm', md: 'md' }}>
                {stat.label}
              </Text>
            </Box>
          ))}
        </SimpleGrid>
      </Container>

      <LandingTop />

      <Container
        as="section"
        aria-labelledby="how-title"
        maxW="6xl"
        py={{ base: '12', md: '20' }}
        px={{ base: '4', md: '6' }}
      >
        <Heading as="h2" id="how-title" size={{ base: '2xl', md: '3xl' }} textAlign="center" mb="10">
          How It Works
        </Heading>
        <SimpleGrid as="ol" columns={{ base: 1, md: 3 }} gap="6" listStyleType="none" m="0" p="0">
          {STEPS.map((step, index) => (
            <Box as="li" key={step.title} bg="bg" borderRadius="xl" p="6" borderWidth="1px" borderColor="border">
              <Flex
                align="center"
                justify="center"
                boxSize="12"
                borderRadius="full"
                bg="blue.600"
                color="white"
                fontWeight="bold"
                fontSize="xl"
                mb="4"
                aria-hidden
              >
                {index + 1}
              </Flex>
              <Heading as="h3" size="lg" mb="2">
                <Box as="span" srOnly>
                  Step {index + 1}:{' '}
                </Box>
                {step.title}
              </Heading>
              <Text color="fg.muted">{step.text}</Text>
            </Box>
          ))}
        </SimpleGrid>
      </Container>

      <WhyChoose />

      <LandingBottom />

      <Container
        as="section"
        aria-labelledby="cta-title"
        maxW="6xl"
        py={{ base: '12', md: '20' }}
        px={{ base: '4', md: '6' }}
      >
        <Stack
          align="center"
          textAlign="center"
          gap="5"
          bg="blue.700"
          color="white"
          borderRadius="2xl"
          p={{ base: '8', md: '14' }}
        >
          <Heading as="h2" id="cta-title" size={{ base: '2xl', md: '3xl' }}>
            Ready to Start Learning?
          </Heading>
          <Text color="blue.50" fontSize="lg" maxW="xl">
            Join the parents, students and tutors who already learn together on HomeTutor.
          </Text>
          <Flex gap="3" wrap="wrap" justify="center">
            <Button asChild size="lg" bg="white" color="blue.800" _hover={{ bg: 'blue.50' }}>
              <RouterLink to="/register">Sign Up Now</RouterLink>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              color="white"
              borderColor="white"
              _hover={{ bg: 'whiteAlpha.200' }}
            >
              <RouterLink to="/about">About HomeTutor</RouterLink>
            </Button>
          </Flex>
        </Stack>
      </Container>

      <Box as="section" aria-labelledby="help-title" bg="bg" borderTopWidth="1px" borderColor="border" py="10">
        <Container maxW="6xl" px={{ base: '4', md: '6' }}>
          <Heading as="h2" id="help-title" size="xl" mb="4">
            Need Help?
          </Heading>
          <Flex gap={{ base: '3', md: '8' }} direction={{ base: 'column', md: 'row' }} wrap="wrap">
            <Link href={support.emailUri} color="blue.700" fontWeight="medium">
              <Mail aria-hidden size={18} /> {support.email}
            </Link>
            <Link href={support.phoneUri} color="blue.700" fontWeight="medium">
              <Phone aria-hidden size={18} /> {support.phone}
            </Link>
            <Text display="flex" alignItems="center" gap="2" color="fg.muted">
              <Clock aria-hidden size={18} /> {SUPPORT_HOURS}
            </Text>
          </Flex>
        </Container>
      </Box>

      {!isLoggedIn && (
        <Button
          asChild
          hideFrom="md"
          position="fixed"
          right="4"
          bottom="calc(4.5rem + env(safe-area-inset-bottom))"
          zIndex="docked"
          borderRadius="full"
          size="lg"
          shadow="lg"
        >
          <RouterLink to="/register">
            <UserPlus aria-hidden /> Sign Up
          </RouterLink>
        </Button>
      )}
    </>
  )
}
