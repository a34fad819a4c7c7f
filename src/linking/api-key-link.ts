import { PlatformError } from "../api/errors.js";
import { isHeaderSafeCredential } from "../api/http.js";
import { getCurrentUser } from "../api/users.js";
import { withRequestId } from "../discord/describe-platform-error.js";
import { UserFacingError } from "../discord/user-facing-error.js";
import type { MemberKey, MemberLink } from "../store/member-links.js";
import { saveLinkedAccount } from "./save-linked-account.js";
import type { LinkingDeps } from "./linking-deps.js";

/**
 * Links with a pasted API key or personal access token, validated by `GET /users/me` before anything is stored
 * (docs/architecture.md, "Commands"). A refused key is a clear error; the key itself never appears in it.
 */
export async function linkWithApiKey(
  deps: LinkingDeps,
  member: MemberKey,
  apiKey: string,
): Promise<MemberLink> {
  const key = apiKey.trim();
  // A space, a control character or a letter beyond ASCII is a paste gone wrong, and no header could carry it.
  if (key.length < 8 || key.length > 512 || !isHeaderSafeCredential(key)) {
    throw new UserFacingError(
      "invalid_api_key",
      "That doesn't look like an API key. Paste the whole key exactly as the platform shows it, with no spaces.",
    );
  }
  let user;
  try {
    user = await getCurrentUser(deps.platform, { token: key });
  } catch (error) {
    if (error instanceof PlatformError && error.status === 401) {
      throw new UserFacingError(
        "api_key_refused",
        "The platform did not accept that key. Check it and try again.",
      );
    }
    // 403 is a key the platform knows that may not read the account (the platform's API reference, "Errors").
    if (error instanceof PlatformError && error.status === 403) {
      throw new UserFacingError(
        "api_key_not_permitted",
        "The platform knows that key, but it may not read your account. Create a key with a higher " +
          "permission level (Settings, API Keys) and paste that one.",
      );
    }
    // 404 names no id the member typed: the account behind the key is gone, so "check the id" would mislead.
    if (error instanceof PlatformError && error.status === 404) {
      throw new UserFacingError(
        "api_key_account_missing",
        withRequestId(
          "The platform found no account for that key: it may have been deleted. Create a key on the " +
            "account you use now and paste that one.",
          error.requestId,
        ),
      );
    }
    throw error;
  }
  const link = await saveLinkedAccount(
    deps,
    {
      ...member,
      platformUserId: user.id,
      platformUsername: user.username,
      credentialKind: "api_key",
      credential: { accessToken: key },
      now: deps.clock.now(),
    },
    user,
  );
  deps.logger.info(
    { guildId: member.guildId, userId: member.userId, platformUserId: user.id },
    "linked with an API key",
  );
  return link;
}
