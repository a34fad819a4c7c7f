/** Runs `call` and hands back what it threw, so a test can assert on the error's class and fields. */
export async function captureError(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail");
}
