import { Link, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { AuthCard } from '../components/AuthCard'
import { RegisterForm } from '../components/RegisterForm'

export default function Register() {
  return (
    <AuthCard title="Create Your Account" subtitle="Join HomeTutor as a parent/student or as a tutor.">
      <RegisterForm />
      <Text mt="6" textAlign="center" color="fg.muted">
        Already have an account?{' '}
        <Link asChild color="blue.700" fontWeight="semibold">
          <RouterLink to="/login">Sign In</RouterLink>
        </Link>
      </Text>
    </AuthCard>
  )
}
