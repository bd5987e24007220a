import { expect, test } from "../support/fixtures";
import { expectNoViolations } from "../support/a11y";
import { DESKTOP, PHONE, signUp } from "../support/helpers";
import { api, offlineTiles, picture, subscribe } from "../support/pages";

test("a parent posts a request on the map; a subscribed tutor finds it nearby, filters, and expresses interest", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const run = String(Date.now()).slice(-6);
  const subject = `Chemistry ${run}`;
  const otherSubject = `Mathematics ${run}`;
  // A known subject is shown by its label ('Mathematics'): this run's own time tells it apart.
  const otherTime = `Weekends ${run}`;

  // The parent: register, verify, open the form.
  await offlineTiles(page);
  const parent = await signUp(page, "parent", "Asha Verma");
  await page.goto("/request/new");
  await expect(
    page.getByRole("heading", { level: 1, name: "Post a Tuition Request" }),
  ).toBeVisible();
  const map = page.getByRole("region", {
    name: "Location map: click to place the marker",
  });
  await expect(map).toBeVisible();
  await expect(page.getByTestId("map-picker")).toHaveAttribute(
    "data-state",
    "idle",
  );

  // Required fields first, then the location message.
  await page.getByRole("button", { name: "Post Request" }).click();
  await expect(page.getByText("Subject is required.")).toBeVisible();
  // A subject the vocabulary does not list: 'Other…' and the parent's own words.
  await page
    .getByRole("combobox", { name: "Subject" })
    .selectOption({ label: "Other…" });
  await page.getByRole("textbox", { name: "Which subject?" }).fill(subject);
  await page
    .getByRole("combobox", { name: "Class" })
    .selectOption({ label: "Class 11" });
  await page
    .getByRole("textbox", { name: "Preferred time" })
    .fill("Weekdays 5-7 PM");
  await page.getByRole("button", { name: "Post Request" }).click();
  await expect(
    page.getByText("Please select location on the map."),
  ).toBeVisible();

  // The keyboard way: Enter on the focused map places the marker at its centre.
  await map.focus();
  await page.keyboard.press("Enter");
  // Shown as a place name, never as coordinates.
  await expect(page.getByTestId("selected-location")).toHaveText(
    /^Selected location: [^0-9]*Delhi/,
  );

  // Click the map a little north-east of its centre (the default centre is New Delhi).
  const box = await map.boundingBox();
  if (!box) throw new Error("the map has no box");
  await page.mouse.click(
    box.x + box.width / 2 + 40,
    box.y + box.height / 2 - 30,
  );
  await expect(page.getByTestId("selected-location")).toHaveText(
    /^Selected location: [^0-9]*Delhi/,
  );
  await expect(
    page.getByRole("button", { name: "Selected location" }),
  ).toBeVisible();
  await expect(page.getByTestId("map-picker")).toHaveAttribute(
    "data-state",
    "ready",
  );
  await expect(
    page.getByText("Please select location on the map."),
  ).toHaveCount(0);
  await expectNoViolations(page);
  await picture(page, "request-form-desktop.png");

  await page.getByRole("button", { name: "Post Request" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The dashboard says the request went out, above the list that now holds it.
  await expect(
    page.getByRole("status").filter({
      hasText: `${subject}: Your request is posted. Tutors near you can see it now`,
    }),
  ).toBeVisible();
  const myRequests = page.getByRole("list", { name: "My tuition requests" });
  await expect(
    myRequests.getByRole("heading", { name: subject }),
  ).toBeVisible();
  // Said once: a reload does not say it again.
  await page.reload();
  await expect(
    myRequests.getByRole("heading", { name: subject }),
  ).toBeVisible();
  await expect(page.getByText("Your request is posted.")).toHaveCount(0);
  // A second request near the same point that the tutor's subject filter must leave out.
  await api(page, "POST", "/api/tuition", {
    subjectId: "maths",
    subject: otherSubject,
    classLevel: "Class 8",
    preferredTime: otherTime,
    location: { type: "Point", coordinates: [77.212, 28.615] },
  });

  // The tutor, in a browser of their own.
  const tutorContext = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    viewport: DESKTOP,
  });
  const tutor = await tutorContext.newPage();
  await offlineTiles(tutor);
  const tutorWho = await signUp(tutor, "tutor", "Ravi Kumar");
  // Before subscribing: the prompt and no request data.
  await tutor.goto("/nearby");
  await expect(
    tutor.getByRole("heading", { name: "Subscribe to find students" }),
  ).toBeVisible();
  await expect(tutor.getByText(subject)).toHaveCount(0);
  await subscribe(tutor);

  await tutor.goto("/nearby");
  await expect(tutor.getByLabel("Distance")).toHaveValue("10");
  const results = tutor.getByRole("list", { name: "Nearby requests" });
  const mine = results.getByRole("listitem").filter({ hasText: subject });
  await expect(mine).toBeVisible();
  await expect(mine).toContainText(/\d+\.\d km/);
  // No contacts before 'I'm interested': the first name only.
  await expect(mine).toContainText("Asha");
  await expect(mine).toContainText(
    "Their phone and e-mail appear once you say you are interested.",
  );
  await expect(mine).not.toContainText(parent.email.toLowerCase());
  await expect(mine).not.toContainText("Asha Verma");
  await expect(mine.getByRole("link")).toHaveCount(0);
  await expect(
    results.getByRole("listitem").filter({ hasText: otherTime }),
  ).toBeVisible();
  await expect(
    tutor.getByRole("region", { name: "Map of nearby tuition requests" }),
  ).toBeVisible();

  // Filter by subject: by the vocabulary's id, applied by the server; then back to any.
  const subjectFilter = tutor.getByRole("combobox", { name: "Subject" });
  await subjectFilter.selectOption({ label: "Mathematics" });
  await expect(mine).toHaveCount(0);
  await expect(
    results.getByRole("listitem").filter({ hasText: otherTime }),
  ).toBeVisible();
  // The search is in the address: a reload, and Back from another page, show it again.
  await expect(tutor).toHaveURL(/\/nearby\?subject=maths$/);
  await tutor.reload();
  await expect(subjectFilter).toHaveValue("maths");
  await expect(
    results.getByRole("listitem").filter({ hasText: otherTime }),
  ).toBeVisible();
  await expect(mine).toHaveCount(0);
  await tutor.goto("/messages");
  await tutor.goBack();
  await expect(subjectFilter).toHaveValue("maths");
  await expect(
    results.getByRole("listitem").filter({ hasText: otherTime }),
  ).toBeVisible();
  await expect(mine).toHaveCount(0);
  await subjectFilter.selectOption({ label: "Any subject" });
  await expect(tutor).toHaveURL(/\/nearby$/);
  await expect(mine).toBeVisible();

  await mine
    .getByRole("button", { name: `I'm interested in ${subject}` })
    .click();
  await expect(
    mine.getByRole("button", { name: `Interested in ${subject}` }),
  ).toBeDisabled();
  // Now the contacts, from the answer to 'I'm interested'.
  const email = parent.email.toLowerCase();
  await expect(mine.getByTestId("parent-contact")).toContainText("Asha Verma");
  await expect(
    mine.getByRole("link", { name: `E-mail Asha Verma at ${email}` }),
  ).toHaveAttribute("href", `mailto:${email}`);
  await expect(
    mine.getByRole("link", { name: /^Call Asha Verma on \d{10}$/ }),
  ).toHaveAttribute("href", /^tel:\d{10}$/);
  // After a reload, from the nearby results themselves; the other request still shows none.
  await tutor.reload();
  await expect(
    mine.getByRole("link", { name: `E-mail Asha Verma at ${email}` }),
  ).toBeVisible();
  await expect(
    mine.getByRole("button", { name: `Interested in ${subject}` }),
  ).toBeDisabled();
  await expect(
    results.getByRole("listitem").filter({ hasText: otherTime }),
  ).not.toContainText(email);
  await expectNoViolations(tutor);
  // The snackbar has said its piece (3 s): keep it out of the pictures.
  await expect(
    tutor.getByText("The parent can now see your interest"),
  ).toHaveCount(0, { timeout: 8_000 });
  await picture(tutor, "nearby-desktop.png");
  await tutor.setViewportSize(PHONE);
  // Results first on a phone: the search folds into one line above them, the first request is on
  // the first screen, and the whole search opens in a sheet.
  await tutor.evaluate(() => window.scrollTo(0, 0));
  await expect(tutor.getByTestId("filter-summary")).toContainText("10 km");
  const firstRequest = await results.getByRole("listitem").first().boundingBox();
  expect(firstRequest!.y).toBeLessThan(PHONE.height);
  await tutor.getByRole("button", { name: "Change search" }).click();
  const sheet = tutor.getByRole("dialog", { name: "Change search" });
  await expect(sheet.getByLabel("Distance")).toBeVisible();
  await expectNoViolations(tutor);
  await sheet.getByRole("button", { name: "Show requests" }).click();
  await expect(sheet).toBeHidden();
  // The list under the sticky header, the results in view.
  await tutor.evaluate(() => {
    document
      .getElementById("nearby-results")
      ?.scrollIntoView({ block: "start" });
    window.scrollBy(0, -80);
  });
  await picture(tutor, "nearby-mobile.png", false);
  // Nothing wider than a phone.
  expect(
    await tutor.evaluate(() => document.documentElement.scrollWidth),
  ).toBeLessThanOrEqual(PHONE.width);
  await tutorContext.close();

  // The parent reloads and finds the tutor under Interested Tutors.
  await page.reload();
  const item = myRequests
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: subject }) });
  await item.getByRole("button", { name: /Interested Tutors \(1\)/ }).click();
  const table = item.getByRole("table");
  await expect(table).toContainText("Ravi Kumar");
  await expect(table).toContainText(tutorWho.email.toLowerCase());
  await expectNoViolations(page);

  // 'Message' opens the chat with that tutor.
  await table.getByRole("button", { name: "Message Ravi Kumar" }).click();
  const chat = page.getByRole("dialog", { name: "Chat with Ravi Kumar" });
  await expect(chat.getByRole("log")).toContainText("No messages yet");
  await chat
    .getByRole("textbox", { name: "Message" })
    .fill("Hello Ravi, are you free on Saturdays?");
  await chat.getByRole("button", { name: "Send" }).click();
  await expect(chat.getByRole("log").getByText("Sent")).toBeVisible();
  await chat.getByRole("button", { name: "Close" }).click();
  await expect(chat).toHaveCount(0);
});
