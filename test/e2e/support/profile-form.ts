// The `/profile edit` form as a member meets it: opening it, the inputs it shows and the values it opened with,
// and how many profile changes the platform applied.
import type { EndToEnd } from "../harness.js";

interface TextInput {
  readonly custom_id: string;
  readonly value?: string;
}

/** Runs `/profile edit` as `userId` in the world's main channel; the handle answers with the form. */
export function openEditor(world: EndToEnd, userId: string) {
  return world.discord.runCommand({
    guildId: world.guildId,
    channelId: world.channelId,
    userId,
    name: "profile",
    subcommand: "edit",
  });
}

/** The form's text inputs, row after row. */
export function inputsOf(modal: Record<string, unknown>): TextInput[] {
  const rows = modal.components as readonly { readonly components: readonly TextInput[] }[];
  return rows.flatMap((row) => row.components);
}

/** The inputs the form opened filled in, by id. */
export function valuesOf(modal: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    inputsOf(modal).flatMap((input) => (input.value === undefined ? [] : [[input.custom_id, input.value]])),
  );
}

/** How many user.profile_updated events the platform has sent: one per change it applied. */
export function profileUpdates(world: EndToEnd): number {
  return world.sandbox.state.events.filter((event) => event.kind === "user.profile_updated").length;
}
