// The part of discord-api-spec's runtime the fake uses, typed here: the package's own types are a .ts
// source that this project's compiler settings reject (it reads as CommonJS), so fake-discord/package.json
// maps "#discord-api-spec" to the package at runtime and to this file for the compiler.

/** Discord's OpenAPI paths by HTTP method, e.g. "/channels/{channel_id}/messages". */
export declare const pathsList: Readonly<
  Record<"get" | "put" | "post" | "delete" | "patch", readonly string[]>
>;

/** Interaction types (docs: Interactions, Interaction Object — Interaction Type). */
export declare const InteractionTypes: {
  readonly PING: 1;
  readonly APPLICATION_COMMAND: 2;
  readonly MESSAGE_COMPONENT: 3;
  readonly APPLICATION_COMMAND_AUTOCOMPLETE: 4;
  readonly MODAL_SUBMIT: 5;
};

/** Interaction callback types (docs: Receiving and Responding — Interaction Callback Type). */
export declare const InteractionCallbackTypes: {
  readonly PONG: 1;
  readonly CHANNEL_MESSAGE_WITH_SOURCE: 4;
  readonly DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE: 5;
  readonly DEFERRED_UPDATE_MESSAGE: 6;
  readonly UPDATE_MESSAGE: 7;
  readonly APPLICATION_COMMAND_AUTOCOMPLETE_RESULT: 8;
  readonly MODAL: 9;
};

/** Component types (docs: Components, Component Object — Component Types). */
export declare const MessageComponentTypes: {
  readonly ACTION_ROW: 1;
  readonly BUTTON: 2;
  readonly STRING_SELECT: 3;
  readonly TEXT_INPUT: 4;
  readonly USER_SELECT: 5;
  readonly ROLE_SELECT: 6;
  readonly MENTIONABLE_SELECT: 7;
  readonly CHANNEL_SELECT: 8;
  readonly TEXT_DISPLAY: 10;
  readonly LABEL: 18;
};

/** Button styles (docs: Components, Button — Button Styles). */
export declare const ButtonStyleTypes: {
  readonly PRIMARY: 1;
  readonly SECONDARY: 2;
  readonly SUCCESS: 3;
  readonly DANGER: 4;
  readonly LINK: 5;
  readonly PREMIUM: 6;
};
