// A test delivery (docs/platform-assumptions.md, "Test deliveries") is posted as what it is: labelled on its
// embed, so the label stays with it when the outbox combines posts; its players named by platform username,
// pinging no one; with no button to act on a battle or tournament that is not real.
import type { MessageBody } from "../discord/message-limits.js";
import type { RenderContext } from "./render-context.js";

export const testEventLabel = "🧪 Test event from the platform: not a real result, and it counts nowhere";

/** What a test event is rendered with: nobody is known in the guild, so nobody is mentioned. */
export function testEventContext(context: RenderContext): RenderContext {
  return { ...context, mentions: new Map() };
}

/** The body of a test event: the label on the first embed (or atop a text-only post), no pings, no buttons. */
export function markAsTestEvent(body: MessageBody): MessageBody {
  const [first, ...rest] = body.embeds ?? [];
  const allowedMentions = { parse: [], users: [], roles: [] };
  if (first === undefined) {
    const content = body.content === undefined ? testEventLabel : `${testEventLabel}\n${body.content}`;
    return { content, allowed_mentions: allowedMentions };
  }
  return {
    ...(body.content === undefined ? {} : { content: body.content }),
    embeds: [{ ...first, author: { name: testEventLabel } }, ...rest],
    allowed_mentions: allowedMentions,
  };
}
