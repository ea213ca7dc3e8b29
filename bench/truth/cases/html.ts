/** A whole HTML document around a body, as a site would serve it. */
export function htmlPage(title: string, body: string, lang = 'en'): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="stylesheet" href="/assets/site.css">
</head>
<body>
${body}
</body>
</html>`;
}
