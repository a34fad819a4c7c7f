const htmlEscapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => htmlEscapes[character] ?? character);
}

/** The small page a browser sees after an OAuth round trip. Every dynamic part is escaped. */
export function renderResultPage(title: string, message: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; background: #313338; color: #f2f3f5; display: grid; place-items: center; min-height: 100vh; margin: 0; }
  main { max-width: 32rem; padding: 2rem; background: #2b2d31; border-radius: 12px; text-align: center; }
  h1 { font-size: 1.4rem; margin-top: 0; }
</style>
</head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></main></body>
</html>
`;
}
