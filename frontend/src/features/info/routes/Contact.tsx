import { Button, Heading, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react'
import { textareaRecipe } from '@chakra-ui-theme/recipes/textarea'
import { FormField } from '@/components/ui/form-field'
import { Page, Panel } from '@/components/page'
import { SupportContacts } from '@/components/support-contacts'

/** SPEC §2: the message form is shown but does not validate or submit anything. */
export default function Contact() {
  return (
    <Page title="Contact Us" subtitle="Questions, feedback or partnership ideas — we would love to hear from you.">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
        <Panel gridColumn={{ md: 'span 2' }}>
          <form onSubmit={(event) => event.preventDefault()} aria-labelledby="contact-form-title">
            <Stack gap="4">
              <Heading as="h2" id="contact-form-title" size="lg">
                Send us a message
              </Heading>
              <FormField label="Name">
                <Input name="name" autoComplete="name" />
              </FormField>
              <FormField label="Email">
                <Input name="email" type="email" autoComplete="email" />
              </FormField>
              <FormField label="Subject">
                <Input name="subject" />
              </FormField>
              <FormField label="Message">
                <Textarea recipe={textareaRecipe} name="message" rows={5} />
              </FormField>
              <Button type="button" alignSelf="flex-start">
                Send Message
              </Button>
            </Stack>
          </form>
        </Panel>
        <Panel>
          <Heading as="h2" size="lg" mb="3">
            Reach us directly
          </Heading>
          <Text color="fg.muted" mb="4">
            For the fastest answer, e-mail or call our support team.
          </Text>
          <SupportContacts />
        </Panel>
      </SimpleGrid>
    </Page>
  )
}
