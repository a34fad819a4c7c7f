// fast-check generators of interaction payloads: any shape, well-formed, one field mutated, or outsized.
import fc from "fast-check";
import { commandHandlers, componentHandlers, modalHandlers } from "../../../src/commands/handlers.js";
import { applicationId } from "./fuzz-bot.js";

/** Replaced by a new snowflake each run, so a genuine interaction is not refused as a replay of an earlier one. */
export const freshId = "<fresh id>";
const snowflake = fc.bigInt({ min: 10n ** 17n, max: 10n ** 19n }).map(String);
const anyJson = fc.jsonValue({ maxDepth: 3 });
const interactionType = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 5 }) },
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 3 }),
  fc.constant(null),
);
const knownName = fc.constantFrom(
  ...commandHandlers.map((command) => command.data.name),
  ...componentHandlers.map((handler) => handler.prefix),
  ...modalHandlers.map((handler) => handler.prefix),
);
const customId = fc.oneof(
  knownName,
  fc
    .tuple(knownName, fc.array(fc.string({ maxLength: 12 }), { maxLength: 4 }))
    .map(([name, rest]) => [name, ...rest].join(":")),
  fc.string({ maxLength: 120 }),
);
const user = fc.record(
  {
    id: fc.oneof(snowflake, anyJson),
    username: fc.oneof(fc.string({ maxLength: 40 }), anyJson),
    discriminator: fc.constant("0"),
    global_name: fc.option(fc.string({ maxLength: 40 })),
  },
  { requiredKeys: [] },
);
const member = fc.oneof(
  fc.record({
    user,
    roles: fc.constant([]),
    permissions: fc.oneof(
      fc.constantFrom("0", "32", "8", "2147483647"),
      fc.bigInt({ min: 0n, max: 2n ** 70n }).map(String),
      fc.string({ maxLength: 20 }),
      anyJson,
    ),
  }),
  anyJson,
);
const option = fc.record(
  {
    name: fc.oneof(fc.string({ maxLength: 20 }), knownName),
    type: fc.oneof(fc.integer({ min: 1, max: 11 }), anyJson),
    value: anyJson,
    focused: fc.boolean(),
    options: fc.oneof(anyJson, fc.constant([])),
  },
  { requiredKeys: [] },
);
/** What `data` holds for each interaction type, each field sometimes of the wrong type or missing. */
const interactionData = fc.oneof(
  anyJson,
  fc.record(
    {
      id: fc.oneof(snowflake, anyJson),
      name: fc.oneof(knownName, fc.string({ maxLength: 30 }), anyJson),
      type: fc.oneof(fc.integer({ min: 1, max: 4 }), anyJson),
      options: fc.oneof(fc.array(option, { maxLength: 3 }), anyJson),
      custom_id: fc.oneof(customId, anyJson),
      component_type: fc.oneof(fc.integer({ min: 1, max: 8 }), anyJson),
      values: fc.oneof(fc.array(fc.string({ maxLength: 30 }), { maxLength: 3 }), anyJson),
      components: fc.oneof(
        anyJson,
        fc.array(
          fc.record({
            type: fc.oneof(fc.constant(1), anyJson),
            components: fc.oneof(
              anyJson,
              fc.array(fc.record({ type: fc.constant(4), custom_id: fc.string(), value: anyJson })),
            ),
          }),
          { maxLength: 3 },
        ),
      ),
      resolved: anyJson,
    },
    { requiredKeys: [] },
  ),
);
/** Shaped like an interaction, every field sometimes of the wrong type or missing. */
export const interactionLike = fc.record(
  {
    id: fc.oneof({ weight: 6, arbitrary: fc.constant(freshId) }, snowflake, anyJson),
    application_id: fc.oneof({ weight: 6, arbitrary: fc.constant(applicationId) }, anyJson),
    type: interactionType,
    token: fc.oneof(
      { weight: 6, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{10,80}$/) },
      fc.string({ maxLength: 60 }),
      anyJson,
    ),
    version: fc.constant(1),
    guild_id: fc.oneof({ weight: 4, arbitrary: snowflake }, anyJson),
    channel: fc.oneof(fc.record({ id: snowflake, type: fc.constant(0) }), anyJson),
    channel_id: fc.oneof(snowflake, anyJson),
    member: fc.oneof({ weight: 4, arbitrary: member }, anyJson),
    user: fc.oneof(user, anyJson),
    locale: fc.oneof(fc.constantFrom("en-US", "fr"), anyJson),
    guild_locale: anyJson,
    app_permissions: fc.oneof(fc.constant("0"), anyJson),
    message: fc.oneof(fc.record({ id: snowflake, channel_id: snowflake }), anyJson),
    data: interactionData,
  },
  { requiredKeys: ["id", "application_id", "type", "token"] },
);
/** A well-formed interaction of each type, with random names, custom ids, options, values and inputs. */
const plausibleMember = fc.record({
  user: fc.record({ id: snowflake, username: fc.string({ maxLength: 32 }), discriminator: fc.constant("0") }),
  roles: fc.constant([]),
  permissions: fc.oneof(
    fc.constantFrom("0", "8", "32", "2147483647"),
    fc.bigInt({ min: 0n, max: 2n ** 64n }).map(String),
  ),
});
const commandData = fc.record({
  id: snowflake,
  name: fc.oneof({ weight: 4, arbitrary: knownName }, fc.string({ maxLength: 20 })),
  type: fc.oneof({ weight: 4, arbitrary: fc.constant(1) }, fc.integer({ min: 2, max: 4 })),
  options: fc.array(option, { maxLength: 3 }),
});
const componentData = fc.record({
  custom_id: customId,
  component_type: fc.constantFrom(2, 3, 5, 6, 7, 8),
  values: fc.array(fc.string({ maxLength: 30 }), { maxLength: 3 }),
});
const modalData = fc.record({
  custom_id: customId,
  components: fc.array(
    fc.record({
      type: fc.constant(1),
      components: fc.array(
        fc.record({ type: fc.constant(4), custom_id: fc.string({ maxLength: 20 }), value: fc.string() }),
        { maxLength: 2 },
      ),
    }),
    { maxLength: 4 },
  ),
});
const typeAndData = fc.oneof(
  fc.record({ type: fc.constantFrom(2, 4), data: commandData }),
  fc.record({ type: fc.constant(3), data: componentData }),
  fc.record({ type: fc.constant(5), data: modalData }),
  fc.record({ type: fc.constant(1) }),
);
export const plausibleInteraction = fc
  .tuple(
    typeAndData,
    fc.record(
      {
        token: fc.oneof(
          { weight: 9, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{10,80}$/) },
          fc.string({ maxLength: 40 }),
        ),
        guild_id: snowflake,
        channel: fc.record({ id: snowflake, type: fc.constant(0) }),
        member: plausibleMember,
        user: user,
        locale: fc.constantFrom("en-US", "fr", "xx-invalid", ""),
      },
      { requiredKeys: ["token"] },
    ),
  )
  .map(([typed, rest]) => ({ id: freshId, application_id: applicationId, version: 1, ...rest, ...typed }));
/** A well-formed interaction with one field, or one field of its data, replaced by any JSON value. */
export const mutatedInteraction = fc
  .tuple(
    plausibleInteraction,
    fc.constantFrom("member", "channel", "locale", "guild_id", "data", "type", "application_id"),
    fc.constantFrom("name", "type", "options", "custom_id", "values", "components", "component_type"),
    anyJson,
    fc.boolean(),
  )
  .map(([interaction, field, dataField, value, inData]) =>
    inData && "data" in interaction
      ? { ...interaction, data: { ...interaction.data, [dataField]: value } }
      : { ...interaction, [field]: value },
  );
/**
 * JSON text nested `depth` times, or one long string: sizes no real interaction has, under the 1 MiB body limit.
 * Built as text: a value nested that deep is more than JSON.stringify can take.
 */
const outsizedJson = fc.oneof(
  fc.integer({ min: 1, max: 50_000 }).map((depth) => `${"[".repeat(depth)}${"]".repeat(depth)}`),
  fc.integer({ min: 1, max: 900_000 }).map((length) => JSON.stringify("x".repeat(length))),
);
const outsizedPlaceholder = "<outsized>";
export const withOutsized = fc
  .tuple(interactionLike, fc.constantFrom("data", "member", "token", "id", "guild_id"), outsizedJson)
  .map(([interaction, field, value]) =>
    JSON.stringify({ ...interaction, [field]: outsizedPlaceholder }).replace(
      JSON.stringify(outsizedPlaceholder),
      value,
    ),
  );
