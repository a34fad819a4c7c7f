// A modal the bot opened, as a dialog: its text inputs with their labels, placeholders and limits (a
// counter under each), submitted back to the bot as the member. Tab stays inside it; Escape or Cancel
// closes it, and focus goes back to the control that opened it.
import { callApi, el } from "./api.js";
import { findByFocusKey, keepTabInside, whileBusy } from "./focus.js";

const dialog = () => document.getElementById("modal");
let returnFocusTo = () => null;

/**
 * Opens the modal; `context.memberKey` offers the member's sandbox key for an API key field. `opener` (the
 * button or the composer) gets focus back on close, or its redrawn copy if its message changed meanwhile.
 */
export function openModal(interactionId, modal, context, opener) {
  returnFocusTo = rememberPlace(opener);
  const fields = document.getElementById("modal-fields");
  document.getElementById("modal-title").textContent = modal.title ?? "Form";
  document.getElementById("modal-error").textContent = "";
  fields.replaceChildren();
  const inputs = [];
  for (const row of modal.components ?? []) {
    const input = row.component ?? (row.components ?? []).find((each) => typeof each.custom_id === "string");
    if (input === undefined || input.type !== 4) continue;
    const label = row.label ?? input.label ?? input.custom_id;
    inputs.push(input);
    fields.append(drawInput(input, label, context));
  }
  const form = document.getElementById("modal-form");
  form.onsubmit = async (event) => {
    event.preventDefault();
    const values = Object.fromEntries(
      inputs.map((input) => [
        input.custom_id,
        document.getElementById(`modal-field-${input.custom_id}`).value,
      ]),
    );
    await whileBusy(document.getElementById("modal-submit"), async () => {
      try {
        await callApi("/api/modal", { interactionId, fields: values });
        dialog().close();
      } catch (error) {
        document.getElementById("modal-error").textContent = error.message;
      }
    });
  };
  document.getElementById("modal-cancel").onclick = () => dialog().close();
  if (!dialog().open) dialog().showModal();
  fields.querySelector("input, textarea")?.focus();
}

function drawInput(input, label, context) {
  const id = `modal-field-${input.custom_id}`;
  const paragraph = input.style === 2;
  const control = el(paragraph ? "textarea" : "input", {
    id,
    name: input.custom_id,
    placeholder: input.placeholder,
    required: input.required !== false,
    minlength: input.min_length,
    maxlength: input.max_length,
    rows: paragraph ? 8 : undefined,
    spellcheck: paragraph ? "false" : undefined,
    "aria-describedby": `${id}-count`,
  });
  control.value = input.value ?? "";
  const counter = el("span", { class: "counter", id: `${id}-count` });
  const count = () => {
    counter.textContent =
      input.max_length === undefined ? "" : `${control.value.length} / ${input.max_length}`;
  };
  control.addEventListener("input", count);
  count();
  const box = el(
    "div",
    { class: "modal-field" },
    el(
      "label",
      { for: id },
      label,
      input.required !== false ? el("span", { class: "required", "aria-hidden": "true" }, " *") : null,
    ),
    control,
    counter,
  );
  if (/key/i.test(`${input.custom_id} ${label}`) && context.memberKey) {
    box.append(
      el(
        "button",
        {
          type: "button",
          class: "secondary small",
          onclick: () => {
            control.value = context.memberKey;
            count();
          },
        },
        `Use ${context.memberName}'s sandbox key`,
      ),
    );
  }
  return box;
}

/** Where focus goes back to: the opener, else its copy in the redrawn message, else the composer. */
function rememberPlace(opener) {
  const messageId = opener?.closest("[data-message-id]")?.dataset.messageId;
  const key = opener?.dataset.focusKey;
  return () => {
    if (opener?.isConnected) return opener;
    const message = messageId === undefined ? null : document.getElementById(`message-${messageId}`);
    const copy = message === null || key === undefined ? undefined : findByFocusKey(message, key);
    return copy ?? document.getElementById("composer-input");
  };
}

/** Once, at start: Tab wraps inside the dialog, and closing it (Escape, Cancel, a submit) returns focus. */
export function setUpModal() {
  dialog().addEventListener("keydown", (event) => keepTabInside(dialog(), event));
  dialog().addEventListener("close", () => returnFocusTo()?.focus());
}
