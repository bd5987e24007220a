import { Box, Button, Container, Flex, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { Clock, Mail, Phone, UserPlus } from 'lucide-react'
import { useTranslation } from '@/lib/i18n'
import { Link as RouterLink } from 'react-router'
import { useSession } from '@/lib/session'
import { useSupportContacts } from '@/lib/support'

const STEPS = [
  { title: 'landing:how.register.title', text: 'landing:how.register.text' },
  { title: 'landing:how.postOrFind.title', text: 'landing:how.postOrFind.text' },
  { title: 'landing:how.connect.title', text: 'landing:how.connect.text' },
]

/** Register, post or find, connect. */
export function HowItWorks() {
  const { t } = useTranslation()
  return (
    <Container
      as="section"
      aria-labelledby="how-title"
      maxW="6xl"
      py={{ base: '12', md: '20' }}
      px={{ base: '4', md: '6' }}
    >
      <Heading as="h2" id="how-title" size={{ base: '2xl', md: '3xl' }} textAlign="center" mb="10">
        {t('landing:how.title')}
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
                {t('landing:how.step', { number: index + 1 })}{' '}
              </Box>
              {t(step.title)}
            </Heading>
            <Text color="fg.muted">{t(step.text)}</Text>
          </Box>
        ))}
      </SimpleGrid>
    </Container>
  )
}

/** The closing invitation to sign up. */
export function CallToAction() {
  const { t } = useTranslation()
  return (
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
          {t('landing:cta.title')}
        </Heading>
        <Text color="blue.50" fontSize="lg" maxW="xl">
          {t('landing:cta.text')}
        </Text>
        <Flex gap="3" wrap="wrap" justify="center">
          <Button asChild size="lg" bg="white" color="blue.800" _hover={{ bg: 'blue.50' }}>
            <RouterLink to="/register">{t('landing:cta.signUpNow')}</RouterLink>
          </Button>
          <Button
            asChild
            size="lg"
            variant="outline"
            color="white"
            borderColor="white"
            _hover={{ bg: 'whiteAlpha.200' }}
          >
            <RouterLink to="/about">{t('landing:cta.learnMore')}</RouterLink>
          </Button>
        </Flex>
      </Stack>
    </Container>
  )
}

/** The operator's support e-mail, phone and hours. */
export function NeedHelp() {
  const { t } = useTranslation()
  const support = useSupportContacts()
  return (
    <Box as="section" aria-labelledby="help-title" bg="bg" borderTopWidth="1px" borderColor="border" py="10">
      <Container maxW="6xl" px={{ base: '4', md: '6' }}>
        <Heading as="h2" id="help-title" size="xl" mb="4">
          {t('landing:help.title')}
        </Heading>
        <Flex gap={{ base: '3', md: '8' }} direction={{ base: 'column', md: 'row' }} wrap="wrap">
          <Link href={support.emailUri} color="blue.700" fontWeight="medium">
            <Mail aria-hidden size={18} /> {support.email}
          </Link>
          <Link href={support.phoneUri} color="blue.700" fontWeight="medium">
            <Phone aria-hidden size={18} /> {support.phone}
          </Link>
          <Text display="flex" alignItems="center" gap="2" color="fg.muted">
            <Clock aria-hidden size={18} /> {t('common:support.hours')}
          </Text>
        </Flex>
      </Container>
    </Box>
  )
}

/** On phones, a floating Sign Up for visitors who are not logged in. */
export function MobileSignUp() {
  const { t } = useTranslation()
  const { isLoggedIn } = useSession()
  if (isLoggedIn) return null
  return (
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
        <UserPlus aria-hidden /> {t('common:nav.signUp')}
      </RouterLink>
    </Button>
  )
}
