import {
  ButtonStyle,
  ComponentType,
  type APIActionRowComponent,
  type APIButtonComponent,
} from "discord-api-types/v10";
import type { ComponentHandler } from "./interaction-handlers.js";
import type { Reply } from "./interaction-responder.js";
import { UserFacingError } from "./user-facing-error.js";
import type { Actor } from "./interaction-handlers.js";
import { discordLimits } from "./discord-limits.js";

/**
 * A list shown a page at a time with ◀ ▶ buttons (docs/architecture.md, "Commands"). The buttons carry
 * everything needed to render another page — list name, the requester, the page and a short query — so no
 * state is kept between presses.
 */
export interface PaginatedList<Deps> {
  readonly name: string;
  /**
   * Renders one page (0-based); `hasMore` decides whether ▶ is enabled. `page` is the page shown when it is not
   * the one asked for (a list that shrank since shows its last page instead), so the buttons turn from it.
   */
  renderPage(
    deps: Deps,
    request: { readonly actor: Actor; readonly query: string; readonly page: number },
  ): Promise<{ readonly reply: Reply; readonly hasMore: boolean; readonly page?: number }>;
}

const prefix = "page";

/** The ◀ ▶ row for a page; the query must be short (custom ids are at most 100 characters). */
export function paginationRow(
  list: string,
  ownerId: string,
  page: number,
  hasMore: boolean,
  query = "",
): APIActionRowComponent<APIButtonComponent> {
  const customId = (target: number, direction: string) =>
    `${prefix}:${list}:${ownerId}:${target}:${direction}:${query}`;
  const previous = customId(page - 1, "prev");
  const label = `${prefix}:${list}:${ownerId}:noop:page:${query}`;
  const next = customId(page + 1, "next");
  if ([previous, label, next].some((id) => id.length > discordLimits.customId)) {
    throw new Error(`pagination query too long for ${list}`);
  }
  return {
    type: ComponentType.ActionRow,
    components: [
      {
        type: ComponentType.Button,
        style: ButtonStyle.Secondary,
        custom_id: previous,
        label: "◀",
        disabled: page <= 0,
      },
      {
        type: ComponentType.Button,
        style: ButtonStyle.Secondary,
        custom_id: label,
        label: `Page ${page + 1}`,
        disabled: true,
      },
      {
        type: ComponentType.Button,
        style: ButtonStyle.Secondary,
        custom_id: next,
        label: "▶",
        disabled: !hasMore,
      },
    ],
  };
}

/** Renders a page with its buttons appended after the list's own components. */
export async function renderPageWithButtons<Deps>(
  deps: Deps,
  list: PaginatedList<Deps>,
  request: { readonly actor: Actor; readonly query: string; readonly page: number },
): Promise<Reply> {
  const { reply, hasMore, page = request.page } = await list.renderPage(deps, request);
  const components = [
    ...(reply.components ?? []),
    paginationRow(list.name, request.actor.userId, page, hasMore, request.query),
  ];
  return { ...reply, components };
}

/** Handles every ◀ ▶ press; only the member who asked for the list may turn its pages. */
export function createPaginationHandler<Deps>(lists: readonly PaginatedList<Deps>[]): ComponentHandler<Deps> {
  return {
    prefix,
    async run(deps, { actor, params, responder }) {
      const [name, ownerId, pageText, _direction, ...queryParts] = params;
      const list = lists.find((candidate) => candidate.name === name);
      if (list === undefined) throw new UserFacingError("unknown_list", "This list is no longer available.");
      if (ownerId !== actor.userId) {
        throw new UserFacingError(
          "not_your_list",
          "Only the member who asked for this list can turn its pages.",
        );
      }
      const page = Math.max(0, Number(pageText) || 0);
      await responder.deferUpdate();
      await responder.update(
        await renderPageWithButtons(deps, list, { actor, query: queryParts.join(":"), page }),
      );
    },
  };
}
