// What the webhook endpoint store tests share (webhook-endpoints.test.ts, webhook-secret-rotation.test.ts;
// docs/architecture.md, "Webhooks in"): the box endpoints' secrets are sealed with, and the guild they are for.
import { createTestSecretBox } from "../secret-box-fixture.js";

export const box = createTestSecretBox();
export const guildId = "100000000000000001";
