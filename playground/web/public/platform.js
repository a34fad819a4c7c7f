// The platform's side panel: finish a battle, start a tournament, move the one clock (the platform's, the
// bot's and Discord's timestamps), send any event.
import { callApi, el } from "./api.js";
import { whileBusy } from "./focus.js";

/** `onClockMoved(now)` is told the clock's new time after each move. */
export async function setUpPlatformPanel(onClockMoved) {
  const status = document.getElementById("platform-status");
  const say = (text, failed = false) => {
    status.textContent = text;
    status.classList.toggle("failed", failed);
  };
  const onSubmit = (id, run) => {
    document.getElementById(id).addEventListener("submit", async (event) => {
      event.preventDefault();
      const form = event.currentTarget;
      const button = form.querySelector("button[type=submit]");
      // The answer goes under the button pressed, in sight: below the panel's last form it was scrolled out
      // of a laptop's window.
      if (form.nextElementSibling !== status) {
        say("");
        form.after(status);
      }
      await whileBusy(button, async () => {
        try {
          say((await run()).said);
        } catch (error) {
          say(error.message, true);
        }
      });
      status.scrollIntoView({ block: "nearest" });
    });
  };
  const optionalId = (inputId) => {
    const value = document.getElementById(inputId).value.trim();
    return value === "" ? {} : { id: value };
  };
  onSubmit("finish-battle", () => callApi("/api/platform/finish-battle", optionalId("battle-id")));
  onSubmit("start-tournament", () => callApi("/api/platform/start-tournament", optionalId("tournament-id")));
  onSubmit("move-clock", async () => {
    const seconds = Number(document.getElementById("clock-seconds").value);
    const answer = await callApi("/api/platform/clock", { seconds });
    await onClockMoved(answer.now);
    return answer;
  });
  onSubmit("send-event", () =>
    callApi("/api/platform/events", {
      kind: kindSelect.value,
      payload: document.getElementById("event-payload").value,
    }),
  );

  const kindSelect = document.getElementById("event-kind");
  const { kinds } = await callApi("/api/platform/events");
  kindSelect.replaceChildren(...kinds.map((kind) => el("option", { value: kind }, kind)));
  const fill = async () => {
    const form = document.querySelector("input[name=event-form]:checked").value;
    const { payload } = await callApi(
      `/api/platform/events/sample?kind=${encodeURIComponent(kindSelect.value)}&form=${form}`,
    );
    document.getElementById("event-payload").value = payload;
  };
  kindSelect.addEventListener("change", fill);
  for (const radio of document.querySelectorAll("input[name=event-form]"))
    radio.addEventListener("change", fill);
  await fill();
}
