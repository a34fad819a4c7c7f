import { PlatformError } from "../../../src/api/index.js";

/** Awaits a call that must fail with a PlatformError and returns that error for assertions. */
export async function catchPlatformError(call: Promise<unknown>): Promise<PlatformError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof PlatformError) return error;
    throw error;
  }
  throw new Error("expected the call to fail with a PlatformError, but it succeeded");
}
