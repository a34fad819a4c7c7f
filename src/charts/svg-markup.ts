type AttributeValue = string | number;

/** Usernames come from the platform; escape them so they can never break or inject SVG markup. */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** One element; attribute values are escaped, `content` must already be markup. */
export function buildElement(name: string, attributes: Record<string, AttributeValue>, content = ""): string {
  const rendered = Object.entries(attributes)
    .map(
      ([key, value]) => `${key}="${escapeXml(typeof value === "number" ? formatCoordinate(value) : value)}"`,
    )
    .join(" ");
  return content === "" ? `<${name} ${rendered}/>` : `<${name} ${rendered}>${content}</${name}>`;
}

/** A text element whose content is plain text (escaped here). */
export function buildText(text: string, attributes: Record<string, AttributeValue>): string {
  return buildElement("text", attributes, escapeXml(text));
}

/** One decimal is finer than a pixel at the chart's sizes and keeps the SVG short. */
export function formatCoordinate(value: number): string {
  return String(Math.round(value * 10) / 10);
}
