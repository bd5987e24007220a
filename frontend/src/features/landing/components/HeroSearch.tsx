import { Box, Button, chakra } from '@chakra-ui/react'
import { useNavigate } from 'react-router'

// The most asked-for subjects (vocabulary ids, crates/vocabulary): plain data, so the landing
// route loads neither the vocabulary nor the place search (DESIGN.md §6 budget).
const SUBJECTS = [
  ['maths', 'Mathematics'],
  ['science', 'Science'],
  ['physics', 'Physics'],
  ['chemistry', 'Chemistry'],
  ['biology', 'Biology'],
  ['english', 'English'],
  ['hindi', 'Hindi'],
  ['social-studies', 'Social Studies'],
  ['computer-science', 'Computer Science'],
  ['accountancy', 'Accountancy'],
  ['all-subjects', 'All Subjects'],
]

const field = { h: '11', px: '3', borderRadius: 'md', bg: 'white', color: 'gray.900', w: 'full' } as const

/** Subject + place → /tutors?subject=…&place=…, where the place is looked up. */
export function HeroSearch() {
  const navigate = useNavigate()
  return (
    <chakra.form
      role="search"
      aria-label="Find a tutor"
      display="flex"
      gap="2"
      flexDirection={{ base: 'column', sm: 'row' }}
      onSubmit={(e) => {
        e.preventDefault()
        const query = new URLSearchParams()
        new FormData(e.currentTarget).forEach((value, key) => {
          if (String(value).trim()) query.set(key, String(value).trim())
        })
        navigate(`/tutors?${query}`)
      }}
    >
      <Box as="label" flex="1">
        <Box as="span" srOnly>
          Subject
        </Box>
        <chakra.select name="subject" {...field}>
          <option value="">Any subject</option>
          {SUBJECTS.map(([id, label]) => (
            <option key={id} value={id}>
              {label}
            </option>
          ))}
        </chakra.select>
      </Box>
      <Box as="label" flex="1.3">
        <Box as="span" srOnly>
          Place or PIN code
        </Box>
        <chakra.input name="place" placeholder="Locality or PIN code" autoComplete="postal-code" {...field} />
      </Box>
      <Button type="submit" size="lg" bg="orange.700" color="white" _hover={{ bg: 'orange.800' }}>
        Search tutors
      </Button>
    </chakra.form>
  )
}
