/**
 * Discord's documented limits as the fake enforces them (docs: Resources, Message — Embed Limits;
 * Interactions, Message Components; Receiving and Responding — Autocomplete). The bot keeps its own
 * copy in src/discord/: this one models the server, so a bot that ignores them gets Discord's 400.
 */
export const discordLimits = {
  contentLength: 2000,
  embedsPerMessage: 10,
  embedTitle: 256,
  embedDescription: 4096,
  embedFields: 25,
  embedFieldName: 256,
  embedFieldValue: 1024,
  embedFooterText: 2048,
  embedAuthorName: 256,
  embedTotalCharacters: 6000,
  actionRowsPerMessage: 5,
  componentsPerActionRow: 5,
  customId: 100,
  buttonLabel: 80,
  selectOptions: 25,
  selectPlaceholder: 150,
  selectOptionLabel: 100,
  selectOptionValue: 100,
  selectOptionDescription: 100,
  modalTitle: 45,
  modalRows: 5,
  textInputLabel: 45,
  textInputLength: 4000,
  textInputPlaceholder: 100,
  autocompleteChoices: 25,
  choiceName: 100,
  choiceStringValue: 100,
  allowedMentionUsers: 100,
  nonceLength: 25,
  filesPerMessage: 10,
  /** docs: Resources, Guild — Create Guild Role; Topics, Permissions — Role Object. */
  roleName: 100,
  rolesPerGuild: 250,
} as const;
