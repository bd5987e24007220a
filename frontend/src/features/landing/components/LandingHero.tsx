import { Box, Button, Container, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useTranslation } from '@/lib/i18n'
import { Link as RouterLink } from 'react-router'
import { STATS } from '@/lib/constants'
import { HeroSearch } from './HeroSearch'
// Part of the landing chunk, not a chunk of its own: each request costs its headers on the wire, and it is
// small; lazy, it also popped in after the first paint.
import MatchPreview from './MatchPreview'

/** The figures' labels, by the spec's English label (lib/constants.ts). */
const STAT_LABELS: Record<(typeof STATS)[number]['label'], string> = {
  'Active Tutors': 'landing:stats.activeTutors',
  'Students Helped': 'landing:stats.studentsHelped',
  'Cities Covered': 'landing:stats.citiesCovered',
  'Average Rating': 'landing:stats.averageRating',
}

/** The first screen: the promise, the search and the two ways in. */
export function LandingHero() {
  const { t } = useTranslation()
  return (
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
              {t('landing:hero.badge')}
            </Text>
            <Heading
              as="h1"
              id="hero-title"
              fontSize={{ base: '4xl', md: '6xl' }}
              lineHeight="1.1"
              fontWeight="extrabold"
            >
              {t('landing:hero.title')}
            </Heading>
            <Text fontSize={{ base: 'lg', md: 'xl' }} color="blue.50">
              {t('landing:hero.text')}
            </Text>
            <HeroSearch />
            <Flex gap="3" wrap="wrap">
              <Button asChild size="lg" bg="white" color="blue.800" _hover={{ bg: 'blue.50' }}>
                <RouterLink to="/register">{t('landing:hero.getStarted')}</RouterLink>
              </Button>
              <Button
                asChild
                size="lg"
                variant="outline"
                color="white"
                borderColor="white"
                _hover={{ bg: 'whiteAlpha.200' }}
              >
                <RouterLink to="/about">{t('landing:hero.learnMore')}</RouterLink>
              </Button>
            </Flex>
          </Stack>
          <MatchPreview />
        </Flex>
      </Container>
    </Box>
  )
}

/** The platform's figures, overlapping the hero's lower edge. */
export function LandingStats() {
  const { t } = useTranslation()
  return (
    <Container
      as="section"
      aria-label={t('landing:stats.label')}
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
              {t(STAT_LABELS[stat.label])}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
    </Container>
  )
}
