// Discord's documented message limits, in one place (docs/conventions.md, habit 7). The renderers clamp to
// these so Discord never rejects a message we built.
export const discordLimits = {
  content: 2000,
  embedsPerMessage: 10,
  embedTitle: 256,
  embedDescription: 4096,
  embedFields: 25,
  embedFieldName: 256,
  embedFieldValue: 1024,
  embedFooter: 2048,
  embedAuthorName: 256,
  embedTotal: 6000,
  actionRows: 5,
  buttonsPerRow: 5,
  customId: 100,
  buttonLabel: 80,
  modalTitle: 45,
  modalRows: 5,
  textInputLabel: 45,
  textInputValue: 4000,
  autocompleteChoices: 25,
  choiceName: 100,
  // Channel Object: a channel's (and so a thread's) name is 1-100 characters.
  threadName: 100,
  choiceValue: 100,
  /** An interaction must be acknowledged within 3 s. */
  interactionAckMs: 3000,
} as const;

/** The message flag that makes a reply visible only to the member who ran the command. */
export const ephemeralFlag = 1 << 6;
