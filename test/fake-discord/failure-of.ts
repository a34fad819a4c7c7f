// What the fake Discord's tests read a refusal with: the DiscordAPIError @discordjs/rest threw.
import { DiscordAPIError } from "@discordjs/rest";

/** Runs a request and returns the DiscordAPIError it failed with. */
export async function failureOf(request: Promise<unknown>): Promise<DiscordAPIError> {
  try {
    await request;
  } catch (error) {
    if (error instanceof DiscordAPIError) return error;
    throw error;
  }
  throw new Error("The request succeeded");
}
