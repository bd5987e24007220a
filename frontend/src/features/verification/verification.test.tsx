import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { components } from '@/api/schema'
import { renderApp, signInAs } from '@/test/render'
import { server } from '@/test/server'

type Submission = components['schemas']['VerificationSubmissionDto']

function submission(overrides: Partial<Submission> = {}): Submission {
  return {
    id: 7,
    tutorId: 42,
    idKind: 'aadhaar',
    aadhaarMasked: true,
    qualification: 'B.Sc. Mathematics',
    note: '',
    status: 'pending',
    nameChanged: false,
    submittedAt: '2026-12-01T10:00:00Z',
    queuedAt: '2026-12-01T10:00:00Z',
    decidedAt: null,
    checks: { id: false, qualification: false, police: false },
    rejectReason: null,
    rejectText: null,
    filesDeleted: false,
    documents: [
      { id: 11, slot: 'id', originalName: 'aadhaar.png', mimetype: 'image/png', size: 10, deleted: false },
      {
        id: 12,
        slot: 'qualification',
        originalName: 'degree.pdf',
        mimetype: 'application/pdf',
        size: 10,
        deleted: false,
      },
    ],
    ...overrides,
  }
}

describe("a tutor's Verification page", { timeout: 20_000 }, () => {
  it('shows why the documents were rejected and sends them again', async () => {
    signInAs({ role: 'tutor' })
    const rejected = submission({
      status: 'rejected',
      decidedAt: '2026-12-02T10:00:00Z',
      rejectReason: 'name_mismatch',
      rejectText: 'The degree names someone else.',
    })
    const sent: FormData[] = []
    server.use(
      http.get('*/api/verification', () => HttpResponse.json({ latest: rejected, badge: null, canSubmit: true })),
      http.post('*/api/verification', async ({ request }) => {
        sent.push(await request.formData())
        return HttpResponse.json(submission({ id: 8 }), { status: 201 })
      }),
    )
    const { user } = renderApp('/verification')
    const status = await screen.findByTestId('verification-status')
    expect(within(status).getByText('Not approved')).toBeInTheDocument()
    expect(within(status).getByText('Reason: The name does not match the profile')).toBeInTheDocument()
    expect(within(status).getByText("Admin's note: The degree names someone else.")).toBeInTheDocument()

    const form = screen.getByRole('form', { name: 'Verification' })
    await user.selectOptions(within(form).getByRole('combobox', { name: /Government ID/ }), 'passport')
    expect(within(form).queryByText(/My Aadhaar is masked/)).not.toBeInTheDocument()
    await user.type(within(form).getByRole('textbox', { name: /Qualification/ }), 'M.Sc. Physics')
    const id = new File(['%PDF-1.4'], 'passport.pdf', { type: 'application/pdf' })
    const degree = new File(['%PDF-1.4'], 'degree.pdf', { type: 'application/pdf' })
    await user.upload(within(form).getByLabelText(/ID document/), id)
    await user.upload(within(form).getByLabelText(/Qualification proof/), degree)
    await user.click(within(form).getByRole('button', { name: 'Submit again' }))

    await waitFor(() => expect(sent).toHaveLength(1))
    const body = sent[0]!
    expect(body.get('idKind')).toBe('passport')
    expect(body.get('qualification')).toBe('M.Sc. Physics')
    // (The test's fetch passes the form through a Blob, which keeps the files but not their names.)
    expect(body.get('idFile')).toHaveProperty('type', 'application/pdf')
    expect(body.get('qualificationFile')).toHaveProperty('type', 'application/pdf')
    expect(body.get('policeFile')).toBeNull()
    expect(await screen.findByText('Your documents were sent for review.')).toBeInTheDocument()
  })

  it("shows the server's refusal beside the Aadhaar confirmation", async () => {
    signInAs({ role: 'tutor' })
    server.use(
      http.get('*/api/verification', () => HttpResponse.json({ latest: null, badge: null, canSubmit: true })),
      http.post('*/api/verification', () =>
        HttpResponse.json(
          {
            code: 'validation',
            message: 'Confirm that your Aadhaar is masked so that only its last four digits are readable.',
            fields: {
              aadhaarMasked: 'Confirm that your Aadhaar is masked so that only its last four digits are readable.',
            },
          },
          { status: 400 },
        ),
      ),
    )
    const { user } = renderApp('/verification')
    expect(await screen.findByText('You have not submitted documents yet.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Submit for review' }))
    expect(
      (
        await screen.findAllByText(
          'Confirm that your Aadhaar is masked so that only its last four digits are readable.',
        )
      ).length,
    ).toBeGreaterThan(0)
  })

  it('shows the badge with the checks that passed once approved, and no form while in review', async () => {
    signInAs({ role: 'tutor' })
    server.use(
      http.get('*/api/verification', () =>
        HttpResponse.json({
          latest: submission(),
          badge: { checks: { id: true, qualification: true, police: false }, checkedAt: '2026-12-02T10:00:00Z' },
          canSubmit: false,
        }),
      ),
    )
    renderApp('/verification')
    expect(await screen.findByTestId('verification-badge')).toHaveTextContent(
      'Verified · ID ✓ · Qualification ✓ · checked 2 Dec 2026',
    )
    expect(screen.getByText('Your documents are waiting for review.')).toBeInTheDocument()
    expect(screen.queryByRole('form', { name: 'Verification' })).not.toBeInTheDocument()
  })
})

describe("the admins' Verification queue", { timeout: 20_000 }, () => {
  it('shows the documents beside the profile and approves with the checks that passed', async () => {
    signInAs({ role: 'admin' })
    const decisions: { path: string; body: unknown }[] = []
    let queue = [
      {
        submission: submission({ nameChanged: true }),
        tutorName: 'Ravi Kumar',
        tutorEmail: 'ravi@example.com',
        tutorPhone: '9876543210',
        education: 'B.Sc.',
        subjects: 'Maths',
        about: '',
        photoUrl: null,
      },
    ]
    server.use(
      http.get('*/api/admin/verification', () => HttpResponse.json(queue)),
      http.post('*/api/admin/verification/:id/approve', async ({ request }) => {
        decisions.push({ path: new URL(request.url).pathname, body: await request.json() })
        queue = []
        return HttpResponse.json(submission({ status: 'approved' }))
      }),
    )
    const { user } = renderApp('/admin?section=verification')
    const item = await screen.findByRole('article', { name: 'Ravi Kumar' })
    expect(within(item).getByText('Name changed after approval')).toBeInTheDocument()
    expect(within(item).getByRole('button', { name: 'Open ID document' })).toBeInTheDocument()
    expect(within(item).getByRole('button', { name: 'Open Qualification document' })).toBeInTheDocument()
    const approve = within(item).getByRole('button', { name: 'Approve' })
    expect(approve).toBeDisabled()
    await user.click(within(item).getByRole('checkbox', { name: 'ID' }))
    await user.click(within(item).getByRole('checkbox', { name: 'Qualification' }))
    expect(within(item).queryByRole('checkbox', { name: 'Police' })).not.toBeInTheDocument()
    await user.click(approve)
    await waitFor(() => expect(decisions).toHaveLength(1))
    expect(decisions[0]).toEqual({
      path: '/api/admin/verification/7/approve',
      body: { id: true, qualification: true, police: false },
    })
    expect(await screen.findByText('No documents are waiting for review.')).toBeInTheDocument()
  })
})
