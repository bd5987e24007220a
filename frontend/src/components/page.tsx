import { Box, Container, Heading, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'

interface PageProps {
  title: string
  subtitle?: ReactNode
  children?: ReactNode
  maxW?: string
}

/** A screen's frame: one h1 and a readable column. */
export function Page({ title, subtitle, children, maxW = '4xl' }: PageProps) {
  return (
    <Container maxW={maxW} py={{ base: '6', md: '10' }} px={{ base: '4', md: '6' }}>
      <Box mb="6">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} color="fg">
          {title}
        </Heading>
        {subtitle && (
          <Text mt="2" color="fg.muted" fontSize="lg">
            {subtitle}
          </Text>
        )}
      </Box>
      {children}
    </Container>
  )
}

/** A white panel for page content. */
export function Panel({ children, ...rest }: { children: ReactNode } & React.ComponentProps<typeof Box>) {
  return (
    <Box
      bg="bg"
      borderWidth="1px"
      borderColor="border"
      borderRadius="xl"
      p={{ base: '5', md: '8' }}
      shadow="xs"
      {...rest}
    >
      {children}
    </Box>
  )
}
