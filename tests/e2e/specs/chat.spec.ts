import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "../support/fixtures";
import { expectNoViolations } from "../support/a11y";
import { PHONE, signUp } from "../support/helpers";

const screenshots = join(
  dirname(fileURLToPath(import.meta.url)),
  "../../../docs/screenshots",
);

async function myId(page: Page): Promise<number> {
  return page.evaluate(() =>
    Number(JSON.parse(localStorage.getItem("user") ?? "{}").id),
  );
}

/**
 * Sends a message over a WebSocket of its own as the logged-in user of `page` (a fresh ticket,
 * `sendMessage`, wait for the `ack`). The REST send stores without delivering live.
 */
async function sendViaSocket(page: Page, to: number, text: string) {
  const acked = await page.evaluate(
    async ({ to, text }) => {
      const response = await fetch("/api/chat/ticket", {
        method: "POST",
        headers: { Authorization: `Bearer ${localStorage.getItem("token")}` },
      });
      const { ticket } = (await response.json()) as { ticket: string };
      const ws = new WebSocket(`ws://${location.host}/api/ws?ticket=${ticket}`);
      const clientId = crypto.randomUUID();
      return await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), 10_000);
        ws.onopen = () =>
          ws.send(
            JSON.stringify({
              event: "sendMessage",
              data: { to, text, clientId },
            }),
          );
        ws.onmessage = (e) => {
          const frame = JSON.parse(String(e.data)) as {
            event: string;
            data: { clientId?: string };
          };
          if (frame.event === "ack" && frame.data.clientId === clientId) {
            clearTimeout(timer);
            ws.close();
            resolve(true);
          }
        };
      });
    },
    { to, text },
  );
  expect(acked).toBe(true);
}

function navBadge(page: Page) {
  return page
    .getByRole("navigation", { name: "Main navigation" })
    .getByTestId("nav-unread");
}

test("a parent and a tutor chat in real time: live messages, typing, unread badge", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  mkdirSync(screenshots, { recursive: true });

  // The parent, and the tutor in a second browser context.
  const parent = page;
  const parentWho = await signUp(parent, "parent", "Meera Nair");
  const parentId = await myId(parent);
  const tutorContext = await browser.newContext({
    viewport: { width: 1280, height: 800 },
  });
  const tutor = await tutorContext.newPage();
  const tutorWho = await signUp(tutor, "tutor", "Ravi Kumar");
  const tutorId = await myId(tutor);
  expect(parentId).toBeGreaterThan(0);
  expect(tutorId).toBeGreaterThan(0);

  // The parent has no conversations yet.
  await parent.goto("/messages");
  await expect(parent.getByText("No conversations yet")).toBeVisible();
  await expectNoViolations(parent);

  // The parent writes first (a tutor may not open a conversation with a parent out of the
  // blue); the tutor's reply makes the parent's badge appear without a reload.
  await sendViaSocket(parent, tutorId, "Do you teach Physics?");
  await sendViaSocket(
    tutor,
    parentId,
    "Hello, I can teach Physics on weekdays.",
  );
  await expect(navBadge(parent)).toHaveText(/^1/);

  // The parent opens the conversation from /messages.
  await parent.goto("/messages");
  const row = parent.getByRole("button", { name: /Ravi Kumar/ });
  await expect(row).toContainText("Hello, I can teach Physics");
  await expect(row).toContainText(tutorWho.email);
  await expectNoViolations(parent);
  await row.click();
  const parentDialog = parent.getByRole("dialog", {
    name: "Chat with Ravi Kumar",
  });
  const parentLog = parentDialog.getByRole("log");
  await expect(parentLog).toContainText(
    "Hello, I can teach Physics on weekdays.",
  );
  // Opening marks it read.
  await expect(navBadge(parent)).toHaveCount(0);

  // The tutor opens the chat from /chats: the same inbox as Messages. A parent who does not share
  // their contacts with this tutor (no interest in their requests) shows as 'Meera N.', no e-mail.
  await tutor.goto("/chats");
  await expect(
    tutor.getByRole("heading", { level: 1, name: "Messages" }),
  ).toBeVisible();
  await expectNoViolations(tutor);
  const meera = tutor.getByRole("button", { name: /Meera N\./ });
  await expect(meera).not.toContainText(parentWho.email);
  await expect(meera).not.toContainText(parentWho.fullname);
  await meera.click();
  const tutorDialog = tutor.getByRole("dialog", {
    name: "Chat with Meera N.",
  });
  const tutorLog = tutorDialog.getByRole("log");
  await expect(tutorLog).toContainText(
    "Hello, I can teach Physics on weekdays.",
  );

  // Typing shows on the other side; the message arrives without a reload; the sender sees 'Sent'.
  const input = parentDialog.getByRole("textbox", { name: "Message" });
  await input.pressSequentially("Great, can you start Monday?", { delay: 20 });
  await expect(tutorDialog.getByText(/is typing…/)).toBeVisible();
  await input.press("Enter");
  await expect(tutorLog).toContainText("Great, can you start Monday?");
  await expect(parentLog.getByText("Sent").last()).toBeVisible();
  await expect(tutorDialog.getByText(/is typing…/)).toHaveCount(0);

  // The tutor answers; the parent sees it live.
  await tutorDialog
    .getByRole("textbox", { name: "Message" })
    .fill("Yes, Monday at 5 pm works.");
  await tutorDialog.getByRole("button", { name: "Send" }).click();
  await expect(parentLog).toContainText("Yes, Monday at 5 pm works.");
  await expect(parentDialog).toBeVisible();
  await expectNoViolations(parent);

  // An empty message is refused.
  await parentDialog.getByRole("button", { name: "Send" }).click();
  await expect(parentDialog.getByText("Message cannot be empty")).toBeVisible();

  await parent.mouse.move(0, 0);
  await parent.screenshot({ path: join(screenshots, "chat-desktop.png") });

  // With the tutor's dialog closed, a new message raises the tutor's unread badge.
  await tutorDialog.getByRole("button", { name: "Close" }).click();
  await expect(tutorDialog).toHaveCount(0);
  await input.fill("See you then!");
  await input.press("Enter");
  await expect(navBadge(tutor)).toHaveText(/^1/);
  await expect(tutor.getByTestId("chat-unread")).toHaveText(/^1/);
  // On a phone the badge rides on the bottom navigation's Messages item.
  await tutor.setViewportSize(PHONE);
  await expect(
    tutor
      .getByRole("navigation", { name: "Bottom navigation" })
      .getByTestId("nav-unread"),
  ).toHaveText(/^1/);

  // The phone layout of the open chat.
  await parent.setViewportSize(PHONE);
  await expect(parentLog).toContainText("See you then!");
  await parent.mouse.move(0, 0);
  await parent.screenshot({ path: join(screenshots, "chat-mobile.png") });
  await tutorContext.close();
});

test("a parent blocks a tutor: the tutor is refused and not seen typing until the parent unblocks", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const parent = page;
  await signUp(parent, "parent", "Kavya Iyer");
  const parentId = await myId(parent);
  const tutorContext = await browser.newContext({
    viewport: { width: 1280, height: 800 },
  });
  const tutor = await tutorContext.newPage();
  await signUp(tutor, "tutor", "Arjun Rao");
  await sendViaSocket(parent, await myId(tutor), "Can you teach maths?");
  await sendViaSocket(
    tutor,
    parentId,
    "Hello, do you still need a maths tutor?",
  );

  await parent.goto("/messages");
  await parent.getByRole("button", { name: /Arjun Rao/ }).click();
  const parentDialog = parent.getByRole("dialog", {
    name: "Chat with Arjun Rao",
  });
  const parentLog = parentDialog.getByRole("log");
  await expect(parentLog).toContainText("do you still need a maths tutor?");
  await parentDialog.getByRole("button", { name: "Block Arjun Rao" }).click();
  await expect(
    parent.getByText("You blocked Arjun Rao. Their messages will be refused."),
  ).toBeVisible();
  await expect(
    parentDialog.getByText("Their messages are refused."),
  ).toBeVisible();
  await expectNoViolations(parent);

  // The tutor's message is refused with the server's reason, and their typing does not show.
  await tutor.goto("/chats");
  await tutor.getByRole("button", { name: /Kavya I\./ }).click();
  const tutorDialog = tutor.getByRole("dialog", {
    name: "Chat with Kavya I.",
  });
  // Once open, the dialog moves the focus into itself (to its first stop, the message log): keys
  // typed into the input before that move would go to the log instead.
  await expect(tutorDialog.getByRole("log")).toBeFocused();
  const tutorInput = tutorDialog.getByRole("textbox", { name: "Message" });
  await tutorInput.pressSequentially("Are you there?", { delay: 20 });
  await tutorInput.press("Enter");
  await expect(
    tutorDialog.getByText("This user is not accepting your messages."),
  ).toBeVisible();
  await expect(tutorDialog.getByText("Failed")).toBeVisible();
  await expect(parentDialog.getByText(/is typing…/)).toHaveCount(0);
  await expect(parentLog).not.toContainText("Are you there?");

  // The block survives a reload; Unblock lifts it and the tutor's retry arrives live.
  await parent.reload();
  await parent.getByRole("button", { name: /Arjun Rao/ }).click();
  await parentDialog.getByRole("button", { name: "Unblock Arjun Rao" }).click();
  await expect(parent.getByText("You unblocked Arjun Rao.")).toBeVisible();
  await tutorDialog.getByRole("button", { name: /Retry sending/ }).click();
  await expect(parentLog).toContainText("Are you there?");
  await expect(tutorDialog.getByText("Failed")).toHaveCount(0);
  await tutorContext.close();
});
