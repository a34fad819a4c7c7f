/**
 * The limits the fake checks by hand, where Discord's OpenAPI spec is silent or says otherwise (each
 * field's own limit is in the spec's schemas, spec-bodies.ts). Documented in: Resources, Message — Embed
 * Limits and Create Message; Components, Action Row; Interactions, Modal; Application Commands; Resources,
 * Guild — Create Guild Role. The bot keeps its own copy in src/discord/: this one models the server.
 */
export const discordLimits = {
  /** The spec allows Create Message 4000; bots are held to 2000. */
  contentLength: 2000,
  embedTotalCharacters: 6000,
  /** Without the Components V2 flag; the spec counts 40 components of any kind. */
  actionRowsPerMessage: 5,
  /** The spec allows 40. */
  modalRows: 5,
  /** The spec allows 6000. */
  choiceStringValue: 100,
  filesPerMessage: 10,
  rolesPerGuild: 250,
} as const;
