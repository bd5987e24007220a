import { Box, Container, Heading, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'

/** The centred card that every sign-up and sign-in screen sits in. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Container maxW="md" py={{ base: '6', md: '14' }} px={{ base: '4', md: '6' }}>
      <Box bg="bg" borderWidth="1px" borderColor="border" borderRadius="2xl" shadow="sm" p={{ base: '5', md: '8' }}>
        <Heading as="h1" size="2xl" textAlign="center">
          {title}
        </Heading>
        {subtitle && (
          <Text mt="2" mb="6" textAlign="center" color="fg.muted">
            {subtitle}
          </Text>
        )}
        {!subtitle && <Box mb="6" />}
        {children}
      </Box>
    </Container>
  )
}
