import { DiscordHttpError } from "../discord-errors.js";

/**
 * The docs give an event's name, and a thread's, 1-100 characters (Guild Scheduled Event Object, Start Thread,
 * Modify Channel); the spec's schemas only cap it at 100, so an empty name, sent or left by a change, is refused
 * here: 400 50035 in Discord's length wording. Undefined: no name in the request.
 */
export function assertNameGiven(name: string | undefined): void {
  if (name === undefined || name.length > 0) return;
  throw new DiscordHttpError("invalidFormBody", [
    { path: ["name"], code: "BASE_TYPE_BAD_LENGTH", message: "Must be between 1 and 100 in length." },
  ]);
}
