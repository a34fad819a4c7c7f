// The small HTML pages a browser sees on the OAuth round trip (docs/architecture.md, "Linking"), and the
// headers they are all sent with. Every dynamic part is escaped by the caller with escapeHtml.
import { createHash } from "node:crypto";
import type { FastifyReply } from "fastify";
import { z } from "zod";

const htmlEscapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text (Discord names, platform usernames, query values) made inert in HTML text and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => htmlEscapes[character] ?? character);
}

const style = `
  body { font-family: system-ui, sans-serif; background: #313338; color: #f2f3f5; display: grid; place-items: center; min-height: 100vh; margin: 0; }
  main { max-width: 32rem; padding: 2rem; background: #2b2d31; border-radius: 12px; text-align: center; }
  h1 { font-size: 1.4rem; margin-top: 0; }
  form { display: flex; gap: 1rem; justify-content: center; margin-top: 1.5rem; }
  button { font: inherit; padding: 0.6rem 1.4rem; border: 0; border-radius: 6px; cursor: pointer; color: #fff; background: #4e5058; }
  button[value="link"] { background: #5865f2; }
`;

/**
 * Nothing but this stylesheet may load, the form may post only back here, and no other site may frame the page
 * (a framed confirm page could be clickjacked). The referrer is never sent: the callback URL holds the code.
 */
export const securityHeaders = {
  "cache-control": "no-store",
  "content-security-policy": [
    "default-src 'none'",
    `style-src 'sha256-${createHash("sha256").update(style).digest("base64")}'`,
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; "),
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
};

/** A page around `bodyHtml`, which the caller has built from escaped parts. */
export function renderHtmlPage(title: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body><main><h1>${escapeHtml(title)}</h1>${bodyHtml}</main></body>
</html>
`;
}

export function sendHtmlPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.code(status).type("text/html; charset=utf-8").headers(securityHeaders).send(html);
}

/** What a page route answers, as its schema declares it: HTML text whatever the status, sent as it is. */
export const htmlPagesSchema = { 200: z.string(), "4xx": z.string(), "5xx": z.string() };
